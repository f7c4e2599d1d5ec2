import { describe, expect, it } from 'vitest';
import { isHexColor } from './color';

describe('isHexColor', () => {
  it.each<[unknown, boolean]>([
    ['#abc', true],
    ['#ABC', true],
    ['#aabbcc', true],
    ['#1976D2', true],
    ['#000000', true],
    ['abc', false],
    ['#ab', false],
    ['#abcd', false],
    ['#aabbccdd', false],
    ['#aabbc', false],
    ['#gggggg', false],
    [' #abc', false],
    ['#abc ', false],
    ['#abc\n', false],
    ['red', false],
    ['rgb(0, 0, 0)', false],
    ['#abc;background:url(x)', false],
    ['', false],
    [null, false],
    [undefined, false],
    [0xabcdef, false],
    [{}, false],
    [['#abc'], false],
  ])('%j → %s', (value, expected) => {
    expect(isHexColor(value)).toBe(expected);
  });
});
