import { describe, expect, it } from 'vitest';
import { EDGE_MARGIN, MARKER_CLEARANCE, tooltipPlacement } from './tooltipPlacement';

const area = { left: 0, top: 0, right: 1280, bottom: 800 };
const size = { width: 200, height: 80 };

describe('tooltipPlacement', () => {
  const cases: Array<[string, { x: number; y: number }, { left: number; top: number; side: 'above' | 'below' }]> = [
    ['centred over a marker in the middle', { x: 640, y: 400 }, { left: 540, top: 400 - MARKER_CLEARANCE - 80, side: 'above' }],
    ['below a marker near the top', { x: 640, y: 60 }, { left: 540, top: 60 + MARKER_CLEARANCE, side: 'below' }],
    ['moved in from the left edge', { x: 30, y: 400 }, { left: EDGE_MARGIN, top: 298, side: 'above' }],
    ['moved in from the right edge', { x: 1270, y: 400 }, { left: 1280 - EDGE_MARGIN - 200, top: 298, side: 'above' }],
    ['above a marker near the bottom', { x: 640, y: 790 }, { left: 540, top: 790 - MARKER_CLEARANCE - 80, side: 'above' }],
  ];
  for (const [what, marker, expected] of cases) it(what, () => expect(tooltipPlacement(marker, size, area)).toEqual(expected));

  it('stays inside an area too low for either side (over the marker rather than cut off)', () => {
    const low = { left: 0, top: 0, right: 390, bottom: 120 };
    expect(tooltipPlacement({ x: 200, y: 60 }, size, low)).toEqual({ left: 100, top: EDGE_MARGIN, side: 'above' });
  });

  it('keeps inside an area that does not start at the window’s corner (above the bottom navigation)', () => {
    const free = { left: 100, top: 50, right: 500, bottom: 700 };
    expect(tooltipPlacement({ x: 110, y: 690 }, size, free)).toEqual({ left: 108, top: 690 - MARKER_CLEARANCE - 80, side: 'above' });
  });
});
