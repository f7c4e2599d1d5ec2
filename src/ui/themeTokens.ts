import type { ThemeName } from '../domain/theme';
import { darkTokens, lightTokens } from './theme.css';

/** The literal values of a theme, for what reads colours outside CSS (a chart's canvas, a dialog's chosen colours, a contrast check). */
export function themeTokens(theme: ThemeName): typeof darkTokens | typeof lightTokens {
  return theme === 'light' ? lightTokens : darkTokens;
}
