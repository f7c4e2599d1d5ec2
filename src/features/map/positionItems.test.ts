import { describe, expect, it } from 'vitest';
import { positionItems, DEFAULT_POSITION_ITEMS } from './DeviceCard';

describe('card fields', () => {
  it('reads the positionItems comma list, keeping only attribute-like keys', () => {
    expect(positionItems('speed, course ,bad key,<b>,totalDistance')).toEqual(['speed', 'course', 'totalDistance']);
    expect(positionItems(undefined)).toBe(DEFAULT_POSITION_ITEMS);
    expect(positionItems(' , ')).toBe(DEFAULT_POSITION_ITEMS);
  });
});
