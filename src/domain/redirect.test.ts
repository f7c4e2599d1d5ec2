import { describe, expect, it } from 'vitest';
import { readRootQuery, safeInternalPath, withoutRootQuery } from './redirect';

describe('safeInternalPath', () => {
  it.each([
    ['/settings/preferences', '/settings/preferences'],
    ['/reports/trips?deviceId=3#top', '/reports/trips?deviceId=3#top'],
    ['/', '/'],
    ['/position/12', '/position/12'],
  ])('keeps %s', (input, expected) => {
    expect(safeInternalPath(input)).toBe(expected);
  });

  it.each([
    ['//evil.example/x'],
    ['//evil.example'],
    ['///evil.example'],
    ['/\\evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['settings'],
    ['/a\u0000b'],
    ['/a\nb'],
    ['/%2F%2Fevil.example'],
    ['/%5Cevil'],
    ['/%5Cevil.example'],
    ['/%2f%2fevil.example'],
    ['/login'],
    ['/register?x=1'],
    [''],
    [42],
    [null],
  ])('drops %j', (input) => {
    expect(safeInternalPath(input)).toBeNull();
  });
});

describe('root query', () => {
  it('reads the four parameters, empty as absent', () => {
    expect(readRootQuery('?locale=en&token=abc&uniqueId=&openid=success&x=1')).toEqual({
      locale: 'en',
      token: 'abc',
      uniqueId: null,
      openid: 'success',
    });
  });
  it('removes them and keeps the rest', () => {
    expect(withoutRootQuery('/reports', '?token=abc&from=1&locale=ar', '#h')).toBe('/reports?from=1#h');
    expect(withoutRootQuery('/', '?token=abc')).toBe('/');
  });
});
