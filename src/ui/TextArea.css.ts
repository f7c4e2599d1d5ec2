import { style } from '@vanilla-extract/css';
import { input } from './Field.css';

/** A text box of several lines: the field's look, taller, resized by its height only. */
export const area = style([input, { minBlockSize: '6rem', resize: 'vertical', fontFamily: 'inherit', lineHeight: 1.5 }]);
