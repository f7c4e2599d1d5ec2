import type { ReactNode } from 'react';
import { assignInlineVars } from '@vanilla-extract/dynamic';
import { isHexColor } from './color';
import { darkTheme, vars } from './theme.css';
import * as styles from './ThemeProvider.css';

export interface ThemeProviderProps {
  children?: ReactNode;
  /** Brand colour from the server; applied only when it is `#abc` or `#aabbcc`. */
  colorPrimary?: string | null;
  /** Secondary brand colour from the server; applied only when it is `#abc` or `#aabbcc`. */
  colorSecondary?: string | null;
  className?: string;
}

/** Overrides for the brand variables; invalid or missing colours leave the theme defaults. */
export function themeOverrides(colorPrimary: unknown, colorSecondary: unknown): Record<string, string> {
  const overrides: Record<string, string> = {};
  if (isHexColor(colorPrimary)) overrides[vars.color.primary] = colorPrimary;
  if (isHexColor(colorSecondary)) overrides[vars.color.secondary] = colorSecondary;
  return overrides;
}

/** Applies the dark theme class, and the server's brand colours when they are valid hex colours. */
export function ThemeProvider({ children, colorPrimary, colorSecondary, className }: ThemeProviderProps) {
  const overrides = themeOverrides(colorPrimary, colorSecondary);
  const style = Object.keys(overrides).length > 0 ? assignInlineVars(overrides) : undefined;
  return (
    <div
      className={[darkTheme, styles.root, className].filter(Boolean).join(' ')}
      style={style}
      data-theme="dark"
    >
      {children}
    </div>
  );
}
