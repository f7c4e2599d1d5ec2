import { describe, expect, it } from 'vitest';
import { categoryIcon, DEVICE_CATEGORIES, ICON_KEYS, normalizeStatus, STATUS_COLORS, statusColor } from './categories';

describe('categoryIcon', () => {
  it.each(ICON_KEYS.map((key) => [key, key]))('%s → %s', (category, expected) => {
    expect(categoryIcon(category)).toBe(expected);
  });

  it.each([
    ['offroad', 'car'],
    ['pickup', 'car'],
    ['trolleybus', 'bus'],
    ['Truck', 'truck'],
    [' van ', 'van'],
    ['spaceship', 'default'],
    ['', 'default'],
    ['constructor', 'default'],
    ['__proto__', 'default'],
    ['toString', 'default'],
    [null, 'default'],
    [undefined, 'default'],
  ] as const)('%j → %s', (category, expected) => {
    expect(categoryIcon(category)).toBe(expected);
  });
});

describe('status colours', () => {
  it.each([
    ['online', STATUS_COLORS.online],
    ['offline', STATUS_COLORS.offline],
    ['unknown', STATUS_COLORS.unknown],
    ['weird', STATUS_COLORS.unknown],
    [null, STATUS_COLORS.unknown],
  ] as const)('%j → colour', (status, colour) => {
    expect(statusColor(status)).toBe(colour);
  });

  it('uses three distinct colours', () => {
    expect(new Set(Object.values(STATUS_COLORS)).size).toBe(3);
  });

  it('normalizes statuses', () => {
    expect(normalizeStatus('online')).toBe('online');
    expect(normalizeStatus('offline')).toBe('offline');
    expect(normalizeStatus('nope')).toBe('unknown');
  });
});

describe('the categories a device may be given', () => {
  it('lists each once, default among them, without the route markers start and finish', () => {
    expect(new Set(DEVICE_CATEGORIES).size).toBe(DEVICE_CATEGORIES.length);
    expect(DEVICE_CATEGORIES.filter((key) => key === 'default')).toHaveLength(1);
    expect(DEVICE_CATEGORIES).not.toContain('start');
    expect(DEVICE_CATEGORIES).not.toContain('finish');
    // the spec's own list: arrow is a category, offroad/pickup/trolleybus are named though drawn as car and bus
    for (const key of ['arrow', 'car', 'truck', 'person', 'offroad', 'pickup', 'trolleybus'] as const) expect(DEVICE_CATEGORIES).toContain(key);
    expect(DEVICE_CATEGORIES).toHaveLength(24);
  });
});
