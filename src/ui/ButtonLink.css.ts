import { style } from '@vanilla-extract/css';

/** A link dressed as a button keeps the button's look: no underline. */
export const plain = style({ textDecoration: 'none' });
