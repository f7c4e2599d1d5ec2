import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';
import { focusRing } from './focus.css';
import { media } from './breakpoints';

/**
 * A strip as wide as the gap between the panes, with a grip line in its middle that shows on hover,
 * drag and focus. Hidden on phones, where the panes stack at fixed sizes, and in print.
 */
export const divider = style({
  flex: 'none',
  position: 'relative',
  borderRadius: vars.radius.sm,
  touchAction: 'none',
  outline: 'none',
  selectors: {
    '&[data-orientation=vertical]': { inlineSize: vars.space.md, cursor: 'col-resize' },
    '&[data-orientation=horizontal]': { blockSize: vars.space.md, cursor: 'row-resize' },
    '&::after': { content: '""', position: 'absolute', borderRadius: vars.radius.sm, backgroundColor: vars.color.border },
    '&[data-orientation=vertical]::after': { insetBlock: '30%', insetInlineStart: 'calc(50% - 2px)', inlineSize: '4px' },
    '&[data-orientation=horizontal]::after': { insetInline: '30%', insetBlockStart: 'calc(50% - 2px)', blockSize: '4px' },
    '&:hover::after, &:active::after': { backgroundColor: vars.color.primary },
    '&[data-focus-visible]': focusRing,
  },
  '@media': { [media.narrow]: { display: 'none' }, print: { display: 'none' } },
});
