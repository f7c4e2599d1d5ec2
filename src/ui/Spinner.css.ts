import { keyframes, style, styleVariants } from '@vanilla-extract/css';

const spin = keyframes({
  from: { transform: 'rotate(0deg)' },
  to: { transform: 'rotate(360deg)' },
});

export const spinner = style({
  display: 'inline-block',
  flexShrink: 0,
  animation: `${spin} 0.8s linear infinite`,
  '@media': {
    '(prefers-reduced-motion: reduce)': { animationDuration: '2.4s' },
  },
});

export const size = styleVariants({
  sm: { inlineSize: '1em', blockSize: '1em' },
  md: { inlineSize: '32px', blockSize: '32px' },
  lg: { inlineSize: '48px', blockSize: '48px' },
});

export const track = style({ opacity: 0.25 });
