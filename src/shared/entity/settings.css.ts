import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { media } from '../../ui/breakpoints';
import { surfaceBox } from '../../ui/surfaces.css';



export const menuPage = style({ padding: vars.space.md, maxInlineSize: '40rem', marginInline: 'auto', inlineSize: '100%' });


export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  inlineSize: '100%',
  maxInlineSize: '48rem',
  marginInline: 'auto',
  '@media': { [media.narrow]: { padding: vars.space.md } },
});

export const widePage = style([page, { maxInlineSize: 'none', flex: 1, minBlockSize: 0 }]);

export const header = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
export const heading = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });
export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.sm });
export const grow = style({ flex: 1, minInlineSize: '10rem' });
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, justifyContent: 'flex-end' });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const attributes = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const attributeRow = style({ display: 'flex', alignItems: 'flex-end', gap: vars.space.sm });
export const attributeAdd = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  paddingBlockStart: vars.space.sm,
  borderBlockStart: `1px solid ${vars.color.border}`,
});

export const rowActions = style({ display: 'flex', alignItems: 'baseline', gap: vars.space.xs, justifyContent: 'flex-start' });


/** A device's picture: at most the spec's image height (144 px), its own proportions, at the section's start (not stretched across it). */
export const image = style({ alignSelf: 'flex-start', maxInlineSize: '100%', maxBlockSize: vars.size.imageHeight, objectFit: 'contain', borderRadius: vars.radius.md });
export const qr = style({ inlineSize: vars.size.qrCode, blockSize: vars.size.qrCode, backgroundColor: '#ffffff', padding: vars.space.xs, borderRadius: vars.radius.sm });
export const token = style({ fontFamily: 'monospace', direction: 'ltr', whiteSpace: 'pre-wrap', wordBreak: 'break-all', overflowWrap: 'anywhere', padding: vars.space.sm, backgroundColor: vars.color.surface, borderRadius: vars.radius.sm, margin: 0 });
export const checklist = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, maxBlockSize: '24rem', overflowY: 'auto' });

/** The name of what 'Remove item?' removes, in its own direction (a Latin name in Arabic). */
export const removeName = style({
  margin: 0,
  fontWeight: vars.fontWeight.bold,
  unicodeBidi: 'plaintext',
  overflowWrap: 'anywhere',
  // aligned with the dialog's title, whatever the name's own direction
  textAlign: 'left',
  selectors: { '[dir=rtl] &': { textAlign: 'right' } },
});

/** A list with nothing in it yet: what its items are for, and the way to add the first. */
export const emptyState = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: vars.space.lg,
  maxInlineSize: '40rem',
  ...surfaceBox,
});
export const emptyTitle = style({ margin: 0, fontWeight: vars.fontWeight.bold });
export const emptyText = style({ margin: 0, color: vars.color.textMuted, lineHeight: 1.6 });

/** What a page acts on (a device, a group, a user), under its heading. */
export const subject = style({ margin: 0, color: vars.color.textMuted, overflowWrap: 'anywhere' });
