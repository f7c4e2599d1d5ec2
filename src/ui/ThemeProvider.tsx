import { createContext, useContext, useLayoutEffect, type ReactNode } from 'react';
import type { ThemeName } from '../domain/theme';
import { isHexColor, readableOn } from './color';
import { LIGHT_BACKGROUND } from './theme.css';
import * as styles from './ThemeProvider.css';

const ThemeContext = createContext<ThemeName>('dark');

/** The theme in use, for what draws its colours itself (a chart's canvas, a dialog's chosen colours). */
export function useThemeName(): ThemeName {
  return useContext(ThemeContext);
}

export interface ThemeProviderProps {
  children?: ReactNode;
  /** The dark theme (the default) or the light one. */
  theme?: ThemeName;
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
    overrides[styles.brandVariables.primary] = colorPrimary;
    overrides[styles.brandVariables.onPrimary] = readableOn(colorPrimary);
  }
  if (isHexColor(colorSecondary)) {
    overrides[styles.brandVariables.secondary] = colorSecondary;
    overrides[styles.brandVariables.onSecondary] = readableOn(colorSecondary);
  }
  return overrides;
}

/**
 * The themed page root. The theme's variables live on `:root` (so overlays portalled to `<body>`
 * have them too): the light theme is chosen by marking the document element `data-theme="light"`
 * (at once, no reload); the server's brand colours, when they are valid hex colours, are set on the
 * document element for the same reason, and removed when they go.
 */
export function ThemeProvider({ children, theme = 'dark', colorPrimary, colorSecondary, className }: ThemeProviderProps) {
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = theme;
    // the browser's bar (phones, an installed app) in the page's colour: index.html's for the dark theme
    const bar = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    if (bar) {
      bar.dataset.dark ??= bar.content;
      bar.content = theme === 'light' ? LIGHT_BACKGROUND : bar.dataset.dark;
    }
    return () => {
      delete root.dataset.theme;
      if (bar?.dataset.dark !== undefined) bar.content = bar.dataset.dark;
    };
  }, [theme]);
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
    <ThemeContext.Provider value={theme}>
      <div className={[styles.root, className].filter(Boolean).join(' ')} data-theme={theme}>
        {children}
      </div>
    </ThemeContext.Provider>
  );
}
