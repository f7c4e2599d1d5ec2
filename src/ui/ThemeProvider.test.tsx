import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { darkTheme, vars } from './theme.css';
import { ThemeProvider, themeOverrides } from './ThemeProvider';

/** `var(--x)` → `--x` */
function propertyName(cssVar: string): string {
  return cssVar.replace(/^var\((--[^,)]+).*\)$/, '$1');
}

function wrapper(container: HTMLElement): HTMLElement {
  const element = container.firstElementChild;
  if (!(element instanceof HTMLElement)) throw new Error('no wrapper');
  return element;
}

afterEach(cleanup);

describe('ThemeProvider', () => {
  it('applies the dark theme class', () => {
    const { container } = render(<ThemeProvider>x</ThemeProvider>);
    expect(wrapper(container).className.split(' ')).toContain(darkTheme);
  });

  it('applies valid hex colours as the primary and secondary variables', () => {
    const { container } = render(<ThemeProvider colorPrimary="#123456" colorSecondary="#abc">x</ThemeProvider>);
    const style = wrapper(container).style;
    expect(style.getPropertyValue(propertyName(vars.color.primary))).toBe('#123456');
    expect(style.getPropertyValue(propertyName(vars.color.secondary))).toBe('#abc');
  });

  it.each([
    ['red', null],
    ['#12345', undefined],
    ['#123456;color:red', 'url(javascript:alert(1))'],
    ['', 'rgb(1,2,3)'],
  ])('ignores invalid colours (%j, %j) and keeps the defaults', (primary, secondary) => {
    const { container } = render(
      <ThemeProvider colorPrimary={primary} colorSecondary={secondary}>
        x
      </ThemeProvider>,
    );
    const element = wrapper(container);
    expect(element.style.getPropertyValue(propertyName(vars.color.primary))).toBe('');
    expect(element.style.getPropertyValue(propertyName(vars.color.secondary))).toBe('');
    expect(element.getAttribute('style')).toBeNull();
  });

  it('applies a valid colour even when the other one is invalid', () => {
    const { container } = render(<ThemeProvider colorPrimary="nope" colorSecondary="#00ff00" />);
    const style = wrapper(container).style;
    expect(style.getPropertyValue(propertyName(vars.color.primary))).toBe('');
    expect(style.getPropertyValue(propertyName(vars.color.secondary))).toBe('#00ff00');
  });

  it('themeOverrides returns only the valid colours', () => {
    expect(themeOverrides('#fff', 'bad')).toEqual({ [vars.color.primary]: '#fff' });
    expect(themeOverrides(null, undefined)).toEqual({});
  });
});
