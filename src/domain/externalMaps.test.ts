import { describe, expect, it } from 'vitest';
import { externalMapLinks } from './externalMaps';

describe('external map links', () => {
  it('builds https links from the coordinates', () => {
    const links = externalMapLinks(24.7543961, 46.6757961, 92.4);
    expect(links.map((link) => link.id)).toEqual(['google', 'apple', 'streetView']);
    for (const link of links) expect(new URL(link.href).protocol).toBe('https:');
    expect(links[0]?.href).toBe('https://www.google.com/maps/search/?api=1&query=24.754396,46.675796');
    expect(links[2]?.href).toContain('heading=92');
  });

  it('offers nothing for impossible coordinates', () => {
    expect(externalMapLinks(Number.NaN, 1)).toEqual([]);
    expect(externalMapLinks(91, 1)).toEqual([]);
  });
});
