import { describe, expect, it } from 'vitest';
import { safeLinkUrl } from './urls';

describe('safeLinkUrl', () => {
  const page = 'http://localhost:8082';
  it.each([
    ['https://example.com/terms', 'https://example.com/terms'],
    ['/terms.html', 'http://localhost:8082/terms.html'],
    ['http://example.com/terms', null],
    ['javascript:alert(1)', null],
    ['data:text/html,x', null],
    ['https://u:p@example.com/', null],
    [42, null],
    ['', null],
    ['   ', null],
    ['https://', null],
    ['http://localhost:8082/a?b=1', 'http://localhost:8082/a?b=1'],
    ['http://localhost:9999/', null],
    ['//evil.example/x', null],
    ['//evil.example:443/x', null],
    [' JavaScript:alert(1)', null],
    ['blob:http://localhost:8082/0b6f', null],
    ['https://example.com/a.png', 'https://example.com/a.png'],
  ])('%j → %j', (value, expected) => {
    expect(safeLinkUrl(value, page)).toBe(expected);
  });
  it.each([
    ['javascript:alert(1)', null],
    ['data:text/html,x', null],
    ['https://example.com/', 'https://example.com/'],
  ])('on a page with an opaque origin, %j → %j', (value, expected) => {
    expect(safeLinkUrl(value, 'null')).toBe(expected);
  });
  it('same-origin https is kept on an https page', () => {
    expect(safeLinkUrl('/img/a.png', 'https://athar.example')).toBe('https://athar.example/img/a.png');
  });
});
