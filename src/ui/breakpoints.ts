/** Media queries shared by the layout components (plain strings: usable in `.css.ts` and `matchMedia`). */
export const media = {
  /** Phones: the bottom navigation is shown below this width. */
  narrow: 'screen and (max-width: 599.98px)',
  /** Tablets and up. */
  wide: 'screen and (min-width: 600px)',
  /** Desktops. */
  desktop: 'screen and (min-width: 960px)',
} as const;
