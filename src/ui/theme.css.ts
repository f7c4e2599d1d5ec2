import { createGlobalTheme, createThemeContract } from '@vanilla-extract/css';

/**
 * The design tokens. Every component reads these variables. They are defined on `:root`, so that
 * everything is themed wherever it is rendered: overlays (dialogs, menus, popovers, toasts) are
 * portalled to `<body>`, outside the React root. The server's or user's primary/secondary colours
 * override the brand variables on the document element (`ThemeProvider`).
 */
export const vars = createThemeContract({
  color: {
    background: null,
    surface: null,
    surfaceRaised: null,
    border: null,
    text: null,
    textMuted: null,
    primary: null,
    onPrimary: null,
    secondary: null,
    onSecondary: null,
    error: null,
    onError: null,
    success: null,
    warning: null,
    focusRing: null,
    overlay: null,
  },
  space: {
    none: null,
    xxs: null,
    xs: null,
    sm: null,
    md: null,
    lg: null,
    xl: null,
    xxl: null,
  },
  radius: {
    sm: null,
    md: null,
    lg: null,
    full: null,
  },
  font: {
    body: null,
  },
  fontSize: {
    xs: null,
    sm: null,
    md: null,
    lg: null,
    xl: null,
  },
  fontWeight: {
    regular: null,
    bold: null,
  },
  lineHeight: {
    body: null,
    tight: null,
  },
  zIndex: {
    base: null,
    bottomBar: null,
    drawer: null,
    popover: null,
    modal: null,
    toast: null,
    loader: null,
  },
  size: {
    sidebar: null,
    tabletSidebar: null,
    desktopDrawer: null,
    tabletDrawer: null,
    phoneDrawerHeight: null,
    filterForm: null,
    eventsDrawer: null,
    bottomBar: null,
    popupMaxWidth: null,
    imageHeight: null,
    qrCode: null,
    authCard: null,
    control: null,
  },
});

/** Literal values of the dark theme. */
export const darkTokens = {
  color: {
    background: '#0f1115',
    surface: '#171a21',
    surfaceRaised: '#20242d',
    border: '#343a46',
    text: '#eceff4',
    textMuted: '#a3abb9',
    primary: '#4f8cff',
    // dark text on the light brand blue: 5.9:1 (white on it was 3.2:1)
    onPrimary: '#0f1115',
    secondary: '#2bb3a3',
    onSecondary: '#0f1115',
    // readable as text on every surface (≥ 4.6:1) and under dark text (5.6:1)
    error: '#f2555a',
    onError: '#0f1115',
    success: '#3fb950',
    warning: '#f0a500',
    focusRing: '#8ab4ff',
    overlay: 'rgba(0, 0, 0, 0.6)',
  },
  space: {
    none: '0',
    xxs: '2px',
    xs: '4px',
    sm: '8px',
    md: '12px',
    lg: '16px',
    xl: '24px',
    xxl: '32px',
  },
  radius: {
    sm: '4px',
    md: '8px',
    lg: '12px',
    full: '9999px',
  },
  font: {
    // Hebrew's face loads with the Hebrew catalogue (src/i18n/i18n.ts); Urdu swaps in a Naskh face (global.css.ts)
    body: '"Noto Sans Arabic", "Noto Sans", "Noto Sans Hebrew", system-ui, sans-serif',
  },
  fontSize: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
  },
  fontWeight: {
    regular: '400',
    bold: '600',
  },
  lineHeight: {
    body: '1.5',
    tight: '1.25',
  },
  zIndex: {
    base: '0',
    bottomBar: '10',
    drawer: '20',
    popover: '100',
    modal: '200',
    toast: '300',
    loader: '400',
  },
  size: {
    sidebar: '28%',
    tabletSidebar: '52px',
    desktopDrawer: '300px',
    tabletDrawer: '320px',
    phoneDrawerHeight: '250px',
    filterForm: '160px',
    eventsDrawer: '320px',
    bottomBar: '56px',
    popupMaxWidth: '288px',
    imageHeight: '144px',
    qrCode: '192px',
    authCard: '400px',
    control: '40px',
  },
} as const;

/**
 * The light theme: the dark theme's tokens with light colours (office use by day). Every text
 * pair meets 4.5:1 as the dark one does (contrast.test.ts); the brand colours take white text.
 */
/** The light theme's page colour, alone: the browser's bar takes it without the whole theme's object in the sign-in bundle. */
export const LIGHT_BACKGROUND = '#f3f5f8';

export const lightTokens = {
  ...darkTokens,
  color: {
    background: LIGHT_BACKGROUND,
    surface: '#ffffff',
    // hovered and selected rows, menus and pop-ups: a step darker than the surface
    surfaceRaised: '#e9edf3',
    border: '#b9c1cd',
    text: '#151922',
    textMuted: '#4d5666',
    primary: '#1a5fd0',
    onPrimary: '#ffffff',
    secondary: '#0b7368',
    onSecondary: '#ffffff',
    error: '#c1272d',
    onError: '#ffffff',
    success: '#157031',
    warning: '#8a5a00',
    focusRing: '#1a5fd0',
    overlay: 'rgba(15, 17, 21, 0.45)',
  },
} as const;

/**
 * The dark theme on the document root (the default: the page is dark before anything is known);
 * the light one when `ThemeProvider` marks the root `data-theme="light"`.
 */
createGlobalTheme(':root', vars, darkTokens);
createGlobalTheme(':root[data-theme="light"]', vars, lightTokens);
