import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  blockSize: '100%',
  boxSizing: 'border-box',
});

export const heading = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });
export const controls = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'flex-end' });
export const field = style({ minInlineSize: '220px', flex: 1, maxInlineSize: '360px' });
export const hint = style({ margin: 0, color: vars.color.textMuted });

export const map = style({
  position: 'relative',
  flex: 1,
  minBlockSize: '280px',
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  border: `1px solid ${vars.color.border}`,
});
