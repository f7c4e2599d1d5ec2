import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { media } from '../../ui/breakpoints';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  flex: 1,
  minBlockSize: 0,
  '@media': { [media.narrow]: { padding: vars.space.md } },
});

export const header = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
export const heading = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });
export const muted = style({ margin: 0, color: vars.color.textMuted });

/** What a device sent: its own text (often hex), left to right in any language, one line in the table. */
export const data = style({ fontFamily: 'monospace', direction: 'ltr', unicodeBidi: 'isolate', whiteSpace: 'pre' });

/** The whole line in the dialog: wrapped anywhere, selectable. */
export const fullData = style({
  fontFamily: 'monospace',
  direction: 'ltr',
  textAlign: 'left',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  wordBreak: 'break-all',
  maxBlockSize: '50vh',
  overflowY: 'auto',
  margin: 0,
  padding: vars.space.sm,
  backgroundColor: vars.color.surface,
  borderRadius: vars.radius.sm,
});

export const details = style({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: `${vars.space.xxs} ${vars.space.md}`, margin: 0 });
export const term = style({ color: vars.color.textMuted });
export const definition = style({ margin: 0, minInlineSize: 0, overflowWrap: 'anywhere' });
