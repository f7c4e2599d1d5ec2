import type { StyleRule } from '@vanilla-extract/css';
import { vars } from './theme.css';

/**
 * A row of a list or table that is chosen by a press: a line under it, the raised surface under the
 * pointer and when selected, then with a `stripe` of the primary colour at its inline start (the
 * device list's 4px, a table's 3px). A style fragment for .css.ts files, kept in a module of its own
 * because it takes a value: a .css.ts file exports only class names and plain values.
 */
export function selectableRow(stripe: string): StyleRule {
  return {
    alignItems: 'center',
    boxSizing: 'border-box',
    borderBlockEnd: `1px solid ${vars.color.border}`,
    cursor: 'pointer',
    outline: 'none',
    selectors: {
      '&[data-hovered]': { backgroundColor: vars.color.surfaceRaised },
      '&[data-selected]': { backgroundColor: vars.color.surfaceRaised, boxShadow: `inset ${stripe} 0 0 ${vars.color.primary}` },
      '[dir="rtl"] &[data-selected]': { boxShadow: `inset -${stripe} 0 0 ${vars.color.primary}` },
    },
  };
}
