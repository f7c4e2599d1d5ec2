/**
 * The direction of values shown inside right-to-left pages. Apart from `language.ts`, which the
 * sign-in page loads (its budget counts every byte).
 */

/** A letter of any script: what gives a text a strong direction of its own. */
const LETTER = /\p{L}/u;

/**
 * The direction to isolate a value in (`<bdi dir>`): left to right when it has no letter, as a signed
 * number, a decimal coordinate or a course in degrees, which a right-to-left line would otherwise
 * reorder ("-1" shown as "1-", the degree sign before the number); its own first strong letter's
 * (`auto`) otherwise, so "40 كم/س" stays right to left and "24° 42′ N" left to right.
 */
export function valueDirection(text: string): 'ltr' | 'auto' {
  return LETTER.test(text) ? 'auto' : 'ltr';
}
