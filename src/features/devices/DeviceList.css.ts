import { globalStyle, style } from '@vanilla-extract/css';
import { focusRing } from '../../ui/focus.css';
import { vars } from '../../ui/theme.css';
import { scrollingList } from '../../ui/surfaces.css';
import { selectableRow } from '../../ui/selectableRow';

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  minBlockSize: 0,
  flex: 1,
  gap: vars.space.sm,
});

export const filters = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  paddingInline: vars.space.sm,
});

export const filterRow = style({ display: 'flex', gap: vars.space.xs });
export const grow = style({ flex: 1, minInlineSize: 0 });

/** Four options with counts: smaller text, no inline padding so that they fit in 300 px. */
export const segmented = style({});
globalStyle(`${segmented} label`, { paddingInline: vars.space.xxs, fontSize: vars.fontSize.xs, whiteSpace: 'nowrap' });

export const list = style({ ...scrollingList, overflow: 'auto' });

export const row = style([selectableRow('4px'), { display: 'flex', paddingInline: vars.space.md, selectors: { '&[data-focus-visible]': focusRing } }]);

export const rowContent = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, inlineSize: '100%', minInlineSize: 0 });

/** The category glyph on the device's marker, in its fleet state's colour and shape, as on the map. */
export const avatar = style({
  flex: 'none',
  display: 'grid',
  placeItems: 'center',
  inlineSize: '32px',
  blockSize: '32px',
});

/** "Idle 12 min": the state and its duration, never cut by the category after it. */
export const state = style({ flex: 'none' });

export const indicators = style({ flex: 'none', display: 'flex', alignItems: 'center', gap: vars.space.xs, fontSize: '18px' });

export const alarm = style({ display: 'inline-flex', color: vars.color.error });
export const ignitionOn = style({ display: 'inline-flex', color: vars.color.success });
export const indicatorOff = style({ display: 'inline-flex', color: vars.color.textMuted });
export const battery = style({ display: 'inline-flex', color: vars.color.success });
export const batteryLow = style({ display: 'inline-flex', color: vars.color.error });

export const texts = style({ display: 'flex', flexDirection: 'column', minInlineSize: 0, flex: 1 });

export const name = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontWeight: vars.fontWeight.bold,
  textAlign: 'start',
});

export const meta = style({
  display: 'flex',
  gap: vars.space.xs,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  overflow: 'hidden',
  whiteSpace: 'nowrap',
});

export const time = style({ flex: 'none', fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const empty = style({
  margin: 0,
  padding: vars.space.lg,
  color: vars.color.textMuted,
  textAlign: 'center',
  // a spinner beside the text (while the fleet loads), centred on the line with it
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'center',
  gap: vars.space.sm,
});
