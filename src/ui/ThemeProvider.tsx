import { useLayoutEffect, type ReactNode } from 'react';
import { isHexColor, readableOn } from './color';
import { vars } from './theme.css';
import * as styles from './ThemeProvider.css';

export interface ThemeProviderProps {
  children?: ReactNode;
  /** Brand colour from the server; applied only when it is `#abc` or `#aabbcc`. */
  colorPrimary?: string | null;
  /** Secondary brand colour from the server; applied only when it is `#abc` or `#aabbcc`. */
  colorSecondary?: string | null;
  className?: string;
}

/** `var(--x)` → `--x` */
function propertyName(cssVar: string): string {
  return cssVar.replace(/^var\((--[^,)]+).*\)$/, '$1');
}

/**
 * Overrides for the brand variables; invalid or missing colours leave the theme defaults. The text
 * colour on a brand colour is the one of white or near-black that reads better on it, so a custom
 * colour never makes button text unreadable.
 */
export function themeOverrides(colorPrimary: unknown, colorSecondary: unknown): Record<string, string> {
  const overrides: Record<string, string> = {};
  if (isHexColor(colorPrimary)) {
    overrides[vars.color.primary] = colorPrimary;
    overrides[vars.color.onPrimary] = readableOn(colorPrimary);
  }
  if (isHexColor(colorSecondary)) {
    overrides[vars.color.secondary] = colorSecondary;
    overrides[vars.color.onSecondary] = readableOn(colorSecondary);
  }
  return overrides;
}

/**
 * The themed page root. The theme's variables live on `:root` (so overlays portalled to `<body>`
 * have them too); the server's brand colours, when they are valid hex colours, are set on the
 * document element for the same reason, and removed when they go.
 */
export function ThemeProvider({ children, colorPrimary, colorSecondary, className }: ThemeProviderProps) {
  const overrides = themeOverrides(colorPrimary, colorSecondary);
  const key = JSON.stringify(overrides);
  useLayoutEffect(() => {
    const root = document.documentElement;
    const entries = Object.entries(JSON.parse(key) as Record<string, string>).map(([name, value]) => [propertyName(name), value] as const);
    for (const [name, value] of entries) root.style.setProperty(name, value);
    return () => {
      for (const [name] of entries) root.style.removeProperty(name);
    };
  }, [key]);
  return (
    <div className={[styles.root, className].filter(Boolean).join(' ')} data-theme="dark">
      {children}
    </div>
  );
}
