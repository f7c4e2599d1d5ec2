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
  ])('%j → %j', (value, expected) => {
    expect(safeLinkUrl(value, page)).toBe(expected);
  });
});
