import { describe, expect, it } from 'vitest';
import { errorText, toastText } from './errors';

describe('toastText', () => {
  it.each([
    ['java.lang.IllegalArgumentException: Bad thing\n\tat org.traccar.X', 'Bad thing'],
    ['SecurityException: Account is disabled - SecurityException (PermissionsService:99)', 'Account is disabled - SecurityException (PermissionsService:99)'],
    ['Plain message', 'Plain message'],
    ['\n\nsecond line first', 'second line first'],
    ['TypeError: Failed to fetch', 'Failed to fetch'],
  ])('%j → %j', (input, expected) => {
    expect(toastText(input)).toBe(expected);
  });
});

describe('errorText', () => {
  it.each<[unknown, string]>([
    [new Error('Device not found'), 'Device not found'],
    [new TypeError('Failed to fetch'), 'Failed to fetch'],
    ['plain text', 'plain text'],
    [404, '404'],
    [null, 'null'],
    [{ status: 500 }, 'Error'],
  ])('%j → %j', (error, text) => {
    expect(errorText(error)).toBe(text);
  });
});
