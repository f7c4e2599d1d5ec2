import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';
import { toastBox } from '../ui/surfaces.css';

/**
 * A non-modal banner in the toasts' place (ToastPlace, which sets its width): below the event
 * toasts, above an error toast, never under it.
 */
export const prompt = style({
  order: 1,
  ...toastBox,
  // its buttons go under the message when they do not fit beside it
  flexWrap: 'wrap',
  paddingInlineEnd: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
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
