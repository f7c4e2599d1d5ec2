import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { lightTokens, vars } from './theme.css';
import { ThemeProvider, themeOverrides, useThemeName } from './ThemeProvider';

/** `var(--x)` → `--x` */
function propertyName(cssVar: string): string {
  return cssVar.replace(/^var\((--[^,)]+).*\)$/, '$1');
}

/** The brand colours are set on the document element, where portalled overlays see them too. */
function root(): HTMLElement {
  return document.documentElement;
}

afterEach(cleanup);

describe('ThemeProvider', () => {
  it('applies valid hex colours as the primary and secondary variables on the document element', () => {
    render(<ThemeProvider colorPrimary="#123456" colorSecondary="#abc">x</ThemeProvider>);
    const style = root().style;
    expect(style.getPropertyValue(propertyName(vars.color.primary))).toBe('#123456');
    expect(style.getPropertyValue(propertyName(vars.color.secondary))).toBe('#abc');
    expect(style.getPropertyValue(propertyName(vars.color.onPrimary))).toBe('#ffffff');
  });

  it('removes the brand colours when they go', () => {
    const { rerender } = render(<ThemeProvider colorPrimary="#123456">x</ThemeProvider>);
    rerender(<ThemeProvider colorPrimary={null}>x</ThemeProvider>);
    expect(root().style.getPropertyValue(propertyName(vars.color.primary))).toBe('');
    expect(root().getAttribute('style') ?? '').toBe('');
  });

  it.each([
    ['red', null],
    ['#12345', undefined],
    ['#123456;color:red', 'url(javascript:alert(1))'],
    ['', 'rgb(1,2,3)'],
  ])('ignores invalid colours (%j, %j) and keeps the defaults', (primary, secondary) => {
    render(
      <ThemeProvider colorPrimary={primary} colorSecondary={secondary}>
        x
      </ThemeProvider>,
    );
    expect(root().style.getPropertyValue(propertyName(vars.color.primary))).toBe('');
    expect(root().style.getPropertyValue(propertyName(vars.color.secondary))).toBe('');
    expect(root().getAttribute('style') ?? '').toBe('');
  });

  it('applies a valid colour even when the other one is invalid', () => {
    render(<ThemeProvider colorPrimary="nope" colorSecondary="#00ff00" />);
    const style = root().style;
    expect(style.getPropertyValue(propertyName(vars.color.primary))).toBe('');
    expect(style.getPropertyValue(propertyName(vars.color.secondary))).toBe('#00ff00');
  });

  it('marks the document element with the theme, dark by default, and switches it without remounting', () => {
    const seen: string[] = [];
    function Probe() {
      seen.push(useThemeName());
      return <span data-testid="probe" />;
    }
    const { rerender, getByTestId } = render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    const probe = getByTestId('probe');
    expect(root().dataset.theme).toBe('dark');
    rerender(
      <ThemeProvider theme="light">
        <Probe />
      </ThemeProvider>,
    );
    expect(root().dataset.theme).toBe('light');
    expect(probe.closest('[data-theme]')?.getAttribute('data-theme')).toBe('light');
    // the same element: switching is a change of attribute, not a new page
    expect(getByTestId('probe')).toBe(probe);
    expect(seen.at(0)).toBe('dark');
    expect(seen.at(-1)).toBe('light');
    rerender(
      <ThemeProvider theme="dark">
        <Probe />
      </ThemeProvider>,
    );
    expect(root().dataset.theme).toBe('dark');
  });

  it('gives the browser bar the page colour in the light theme and puts the page\'s own back', () => {
    const bar = document.createElement('meta');
    bar.name = 'theme-color';
    bar.content = '#0b1220';
    document.head.append(bar);
    try {
      const { rerender, unmount } = render(<ThemeProvider theme="light" />);
      expect(bar.content).toBe(lightTokens.color.background);
      rerender(<ThemeProvider theme="dark" />);
      expect(bar.content).toBe('#0b1220');
      rerender(<ThemeProvider theme="light" />);
      unmount();
      expect(bar.content).toBe('#0b1220');
      expect(root().dataset.theme).toBeUndefined();
    } finally {
      bar.remove();
    }
  });

  it('themeOverrides returns only the valid colours', () => {
    expect(themeOverrides('#fff', 'bad')).toEqual({ [vars.color.primary]: '#fff', [vars.color.onPrimary]: '#0f1115' });
    expect(themeOverrides(null, undefined)).toEqual({});
  });
});
