import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_LAYOUT, formatMapLayout, MAP_HEIGHT, MAP_SHARE, moveDivider, parseMapLayout } from './reportMapLayout';

describe('the report map pane layout', () => {
  it('defaults to beside the table at 30 % of the width, at most 35 %', () => {
    expect(parseMapLayout(null)).toEqual({ place: 'beside', share: 0.3, height: 288 });
    expect(DEFAULT_MAP_LAYOUT.share).toBeLessThanOrEqual(0.35);
  });

  it("reads the earlier toggle's shown and hidden", () => {
    expect(parseMapLayout('shown')).toEqual(DEFAULT_MAP_LAYOUT);
    expect(parseMapLayout('hidden')).toEqual({ ...DEFAULT_MAP_LAYOUT, place: 'hidden' });
  });

  it('keeps a layout through its text, and bounds what it reads', () => {
    const layout = { place: 'above' as const, share: 0.45, height: 400 };
    expect(parseMapLayout(formatMapLayout(layout))).toEqual(layout);
    expect(parseMapLayout(JSON.stringify({ place: 'sideways', share: 5, height: -3 }))).toEqual({ place: 'beside', share: MAP_SHARE.max, height: MAP_HEIGHT.min });
    expect(parseMapLayout('{broken')).toEqual(DEFAULT_MAP_LAYOUT);
    expect(parseMapLayout('7')).toEqual(DEFAULT_MAP_LAYOUT);
    expect(parseMapLayout(JSON.stringify({ share: 'wide' }))).toEqual(DEFAULT_MAP_LAYOUT);
  });

  it('beside: moving the divider towards the map narrows it, in either direction of writing', () => {
    // left to right: the map is on the right; moving the divider right by 100 of 1000 px
    expect(moveDivider(DEFAULT_MAP_LAYOUT, 100, 1000, false).share).toBeCloseTo(0.2);
    expect(moveDivider(DEFAULT_MAP_LAYOUT, -100, 1000, false).share).toBeCloseTo(0.4);
    // right to left: the map is on the left
    expect(moveDivider(DEFAULT_MAP_LAYOUT, -100, 1000, true).share).toBeCloseTo(0.2);
    expect(moveDivider(DEFAULT_MAP_LAYOUT, 100, 1000, true).share).toBeCloseTo(0.4);
    // bounded both ways
    expect(moveDivider(DEFAULT_MAP_LAYOUT, 5000, 1000, false).share).toBe(MAP_SHARE.min);
    expect(moveDivider(DEFAULT_MAP_LAYOUT, -5000, 1000, false).share).toBe(MAP_SHARE.max);
    // no width measured yet: unchanged
    expect(moveDivider(DEFAULT_MAP_LAYOUT, 100, 0, false)).toBe(DEFAULT_MAP_LAYOUT);
  });

  it('above: moving the divider down makes the map taller, within its bounds; hidden: nothing moves', () => {
    const above = { ...DEFAULT_MAP_LAYOUT, place: 'above' as const };
    expect(moveDivider(above, 40, 1000, false).height).toBe(328);
    expect(moveDivider(above, -1000, 1000, true).height).toBe(MAP_HEIGHT.min);
    const hidden = { ...DEFAULT_MAP_LAYOUT, place: 'hidden' as const };
    expect(moveDivider(hidden, 40, 1000, false)).toBe(hidden);
  });
});
