import { fallbackVar, style } from '@vanilla-extract/css';
import { media } from '../../ui/breakpoints';
import { focusRing } from '../../ui/focus.css';
import { vars } from '../../ui/theme.css';
import { toastStripBlockSize } from '../../ui/AppShell.css';

/**
 * Fills the sidebar below the navigation. On phones, when toggled, it is a full view over the map
 * between the top bar and the toasts' strip above the bottom navigation (a 250 px drawer left the
 * list two rows tall under its filters): the list has the room it needs, and choosing a device
 * closes it.
 */
export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  flex: 1,
  minBlockSize: 0,
  '@media': {
    [media.narrow]: {
      position: 'fixed',
      insetInline: 0,
      // the top bar: one control high, with its padding
      insetBlockStart: `calc(${vars.size.control} + 2 * ${vars.space.xs})`,
      insetBlockEnd: `calc(${vars.size.bottomBar} + ${fallbackVar(toastStripBlockSize, '0px')})`,
      // above the map's own buttons (layers, card), under pop-ups
      zIndex: `calc(${vars.zIndex.drawer} + 5)`,
      backgroundColor: vars.color.surface,
      borderBlockStart: `1px solid ${vars.color.border}`,
      paddingBlockStart: vars.space.sm,
      selectors: { '&[data-phone-open="false"]': { display: 'none' } },
    },
    // in settings, the sidebar holds the settings menu instead
    [media.wide]: { selectors: { '[data-area="settings"] &, [data-area="reports"] &': { display: 'none' } } },
  },
});

export const toggle = style({
  display: 'none',
  alignItems: 'center',
  gap: vars.space.xs,
  minBlockSize: vars.size.control,
  paddingInline: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  selectors: {
    '&[data-selected]': { backgroundColor: vars.color.primary, color: vars.color.onPrimary, borderColor: vars.color.primary },
    '&[data-focus-visible]': focusRing,
  },
  '@media': { [media.narrow]: { display: 'inline-flex' } },
});

/** The Map / Overview switch above the list. */
export const viewSwitch = style({ paddingInline: vars.space.sm, paddingBlockEnd: vars.space.xs });

/** The overview filter the list shows (`?fleet=`), and its way back to every device. */
export const filterNote = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  margin: 0,
  paddingInline: vars.space.sm,
  fontSize: vars.fontSize.sm,
});
