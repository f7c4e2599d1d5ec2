import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { disabledControl, focusRing } from './focus.css';
import { vars } from './theme.css';

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.sm,
    minBlockSize: vars.size.control,
    paddingBlock: vars.space.xs,
    paddingInline: vars.space.lg,
    borderRadius: vars.radius.md,
    border: '1px solid transparent',
    fontFamily: 'inherit',
    fontSize: vars.fontSize.md,
    fontWeight: vars.fontWeight.bold,
    lineHeight: vars.lineHeight.tight,
    textAlign: 'center',
    cursor: 'pointer',
    userSelect: 'none',
    WebkitTapHighlightColor: 'transparent',
    transition: 'background-color 120ms, filter 120ms',
    selectors: {
      '&[data-hovered]': { filter: 'brightness(1.1)' },
      '&[data-pressed]': { filter: 'brightness(0.9)' },
      '&[data-focus-visible]': focusRing,
      '&[data-disabled]': { ...disabledControl, filter: 'none' },
      '&[data-pending]': { cursor: 'progress' },
    },
  },
  variants: {
    variant: {
      primary: {
        backgroundColor: vars.color.primary,
        color: vars.color.onPrimary,
      },
      secondary: {
        backgroundColor: vars.color.surfaceRaised,
        color: vars.color.text,
        borderColor: vars.color.border,
      },
      quiet: {
        backgroundColor: 'transparent',
        color: vars.color.text,
        selectors: {
          '&[data-hovered]': { backgroundColor: vars.color.surfaceRaised, filter: 'none' },
          '&[data-pressed]': { backgroundColor: vars.color.border, filter: 'none' },
        },
      },
      danger: {
        backgroundColor: vars.color.error,
        color: vars.color.onError,
      },
    },
    fullWidth: {
      true: { inlineSize: '100%' },
      false: {},
    },
  },
  defaultVariants: { variant: 'primary', fullWidth: false },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>;

export const content = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
});

/** While pending the label stays in place (no width jump) but is hidden behind the spinner. */
export const hiddenContent = style({ visibility: 'hidden' });

export const pendingLayer = style({
  position: 'absolute',
  insetInline: 0,
  insetBlock: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
});

export const relative = style({ position: 'relative' });
