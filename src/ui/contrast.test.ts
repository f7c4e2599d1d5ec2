import { describe, expect, it } from 'vitest';
import { contrastRatio, readableOn } from './color';
import { vars } from './theme.css';
import { themeTokens } from './themeTokens';
import { themeOverrides } from './ThemeProvider';

/** Every token pair that carries text in the design system, in a theme: WCAG AA for normal text is 4.5:1. */
function textPairs(theme: 'dark' | 'light'): [string, string, string][] {
  const c = themeTokens(theme).color;
  const surfaces = { background: c.background, surface: c.surface, surfaceRaised: c.surfaceRaised } as const;
  return [
  ...Object.entries(surfaces).flatMap(([name, bg]) => [
    [`text on ${name}`, c.text, bg] as [string, string, string],
    [`textMuted on ${name}`, c.textMuted, bg] as [string, string, string],
    [`primary (links, selected tab) on ${name}`, c.primary, bg] as [string, string, string],
    [`error (field errors, danger items) on ${name}`, c.error, bg] as [string, string, string],
    [`success on ${name}`, c.success, bg] as [string, string, string],
    [`warning on ${name}`, c.warning, bg] as [string, string, string],
  ]),
  ['onPrimary on primary (filled buttons)', c.onPrimary, c.primary],
  ['onSecondary on secondary', c.onSecondary, c.secondary],
  ['onError on error (danger buttons, error toast)', c.onError, c.error],
  ];
}

describe('theme contrast', () => {
  it.each(textPairs('dark'))('dark theme: %s is at least 4.5:1', (_name, fg, bg) => {
    expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(textPairs('light'))('light theme: %s is at least 4.5:1', (_name, fg, bg) => {
    expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['dark', 'light'] as const)('%s theme: the focus ring is at least 3:1 on every surface (non-text contrast)', (theme) => {
    const c = themeTokens(theme).color;
    for (const surface of [c.background, c.surface, c.surfaceRaised]) expect(contrastRatio(c.focusRing, surface)).toBeGreaterThanOrEqual(3);
  });

  it('the light theme is made of the same tokens, with other colours', () => {
    const dark = themeTokens('dark');
    const light = themeTokens('light');
    expect(Object.keys(light.color).sort()).toEqual(Object.keys(dark.color).sort());
    expect(Object.keys(light).sort()).toEqual(Object.keys(dark).sort());
    for (const key of ['background', 'surface', 'surfaceRaised', 'text', 'textMuted'] as const) expect(light.color[key]).not.toBe(dark.color[key]);
    expect(light.space).toEqual(dark.space);
  });

  it('computes WCAG ratios', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
    // the old primary button: white on #4f8cff
    expect(contrastRatio('#ffffff', '#4f8cff')).toBeLessThan(4.5);
  });

  it.each(['#4f8cff', '#ffeb3b', '#1976d2', '#000', '#fff', '#e91e63', '#00bcd4'])('a brand colour %s gets the more readable text colour', (brand) => {
    const text = readableOn(brand);
    const other = text === '#ffffff' ? '#0f1115' : '#ffffff';
    expect(contrastRatio(text, brand)).toBeGreaterThanOrEqual(contrastRatio(other, brand));
    expect(themeOverrides(brand, brand)).toEqual({
      [vars.color.primary]: brand,
      [vars.color.onPrimary]: text,
      [vars.color.secondary]: brand,
      [vars.color.onSecondary]: text,
    });
  });
});
