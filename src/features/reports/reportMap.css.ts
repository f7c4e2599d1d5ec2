import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

/** The map fills what the page gives it (beside the table, or under it on phones with a fixed height). */
export const root = style({
  position: 'relative',
  display: 'flex',
  inlineSize: '100%',
  blockSize: '100%',
  minInlineSize: 0,
  minBlockSize: 0,
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});
