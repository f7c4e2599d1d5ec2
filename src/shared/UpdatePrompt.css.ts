import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

/**
 * A non-modal banner in the toasts' place (ToastPlace, which sets its width): below the event
 * toasts, above an error toast, never under it.
 */
export const prompt = style({
  order: 1,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingBlock: vars.space.sm,
  paddingInlineStart: vars.space.lg,
  paddingInlineEnd: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: '0 8px 24px rgba(0, 0, 0, 0.5)',
  textAlign: 'start',
});

export const message = style({
  flex: '1 1 12em',
  margin: 0,
  overflowWrap: 'anywhere',
});

export const actions = style({
  display: 'flex',
  gap: vars.space.xs,
  marginInlineStart: 'auto',
});
