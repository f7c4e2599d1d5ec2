/**
 * Printing (the browser's print to PDF): black on white, the page as one long column with no
 * inner scrolling (a scrolled area prints only what it shows), and without the app's navigation.
 * Loaded with the pages that print (the reports), not with the sign-in page. Only `@media print`
 * rules: nothing changes on screen but what `printOnly` hides.
 */
import { globalStyle, style } from '@vanilla-extract/css';
import * as shell from './AppShell.css';
import * as section from './SectionNav.css';
import { vars } from './theme.css';

const print = (rules: Parameters<typeof globalStyle>[1]) => ({ '@media': { print: rules } });

/** Shown on screen only (controls, the interactive table). */
export const screenOnly = style(print({ display: 'none' }));
/** Printed only (the printed filter and table). */
export const printOnly = style({ display: 'none', ...print({ display: 'block' }) });

// paper colours: the theme's dark surfaces and light text would print light grey on white (and
// the light theme's grey background would print grey): more specific than the light theme's rule
globalStyle(':root, html:root[data-theme]', print({
  colorScheme: 'light',
  vars: {
    [vars.color.background]: '#ffffff',
    [vars.color.surface]: '#ffffff',
    [vars.color.surfaceRaised]: '#ffffff',
    [vars.color.border]: '#9aa1ad',
    [vars.color.text]: '#000000',
    [vars.color.textMuted]: '#333333',
  },
}));

// the page itself, whatever the theme
globalStyle('html, body', print({ backgroundColor: '#ffffff', color: '#000000' }));

// one long column: no inner scroll areas, no full-height grids
globalStyle(`html, body, #root, ${shell.shell}, ${shell.main}, ${section.layout}, ${section.content}`, print({
  display: 'block',
  blockSize: 'auto',
  minBlockSize: 0,
  overflow: 'visible',
}));

// the app's navigation, the toasts' strip and the area menus are not part of a printed page
globalStyle(`${shell.sidebar}, ${shell.bottom}, ${shell.toasts}, ${section.menu}`, print({ display: 'none' }));

