import { describe, expect, it } from 'vitest';
import { EDGE_GAP as G, freeArea, isFree, keepTarget, nearestFree, type Rect } from './freeArea';

const M = 40;
/** A desktop map, 920 × 800, with the card at its inline-start bottom (left-to-right) and the zoom buttons top right. */
const CARD: Rect = { left: 16, top: 300, right: 304, bottom: 784 };
const ZOOM: Rect = { left: 870, top: 10, right: 910, bottom: 110 };
const desktop = () => freeArea(920, 800, [CARD, ZOOM], M);

describe('the free part of the map', () => {
  it('is the map less a margin, less each obstacle grown by the margin and cut to the map', () => {
    const area = desktop();
    expect(area.bounds).toEqual({ left: M, top: M, right: 920 - M, bottom: 800 - M });
    expect(area.obstacles).toEqual([
      { left: 0, top: 300 - M, right: 304 + M, bottom: 800 },
      { left: 870 - M, top: 0, right: 920, bottom: 110 + M },
    ]);
  });

  it('drops what lies outside the map or has no size', () => {
    const area = freeArea(500, 400, [{ left: 600, top: 0, right: 700, bottom: 100 }, { left: 10, top: 10, right: 10, bottom: 10 }], 0);
    // a zero-size box grown by 0 is empty
    expect(area.obstacles).toEqual([]);
  });

  it('a point is free inside the bounds and outside every obstacle; on an edge counts as free', () => {
    const area = desktop();
    expect(isFree({ x: 600, y: 400 }, area)).toBe(true);
    expect(isFree({ x: 200, y: 500 }, area)).toBe(false); // under the card
    expect(isFree({ x: 304 + M, y: 500 }, area)).toBe(false); // on its edge
    expect(isFree({ x: 304 + M + G, y: 500 }, area)).toBe(true); // just beside it
    expect(isFree({ x: 900, y: 60 }, area)).toBe(false); // under the zoom buttons
    expect(isFree({ x: 20, y: 100 }, area)).toBe(false); // in the margin at the edge
    expect(isFree({ x: -300, y: 400 }, area)).toBe(false); // off the screen
  });
});

describe('the least move', () => {
  it('leaves a free point where it is', () => {
    expect(nearestFree({ x: 600, y: 400 }, desktop())).toEqual({ x: 600, y: 400 });
    expect(keepTarget({ x: 600, y: 400 }, 920, 800, desktop(), 'least')).toBeNull();
  });

  it('takes a point under the card just beside it (the nearest side), at the same height', () => {
    expect(keepTarget({ x: 280, y: 700 }, 920, 800, desktop(), 'least')).toEqual({ x: 304 + M + G, y: 700 });
    // near the card's top: above it is nearer than beside it
    expect(keepTarget({ x: 100, y: 310 }, 920, 800, desktop(), 'least')).toEqual({ x: 100, y: 300 - M - G });
  });

  it('brings a point off the screen to the nearest edge of the free part', () => {
    expect(keepTarget({ x: 1500, y: 400 }, 920, 800, desktop(), 'least')).toEqual({ x: 920 - M, y: 400 });
    expect(keepTarget({ x: 500, y: -1000 }, 920, 800, desktop(), 'least')).toEqual({ x: 500, y: M });
    // off the screen below the card: beside the card's corner, the free point nearest to it
    expect(keepTarget({ x: 100, y: 2000 }, 920, 800, desktop(), 'least')).toEqual({ x: 304 + M + G, y: 800 - M });
  });

  it('never lands in another obstacle when pushed out of one', () => {
    // two boxes side by side: out of the first by its right side would be inside the second
    const area = freeArea(1000, 800, [
      { left: 100, top: 100, right: 400, bottom: 700 },
      { left: 400, top: 100, right: 700, bottom: 700 },
    ], 0);
    const target = nearestFree({ x: 390, y: 400 }, area);
    expect(target).not.toBeNull();
    expect(isFree(target!, area)).toBe(true);
    expect(target).toEqual({ x: 100 - G, y: 400 });
  });

  it('is truly the nearest: no free point of a fine grid is nearer', () => {
    const area = freeArea(390, 600, [{ left: 0, top: 300, right: 390, bottom: 600 }, { left: 330, top: 10, right: 380, bottom: 110 }], 24);
    for (const point of [
      { x: 200, y: 500 },
      { x: 370, y: 60 },
      { x: -50, y: 900 },
      { x: 360, y: 290 },
    ]) {
      const target = nearestFree(point, area)!;
      expect(isFree(target, area)).toBe(true);
      const reach = Math.hypot(target.x - point.x, target.y - point.y);
      for (let x = -10; x <= 400; x += 5) {
        for (let y = -10; y <= 610; y += 5) {
          if (isFree({ x, y }, area)) expect(Math.hypot(x - point.x, y - point.y)).toBeGreaterThanOrEqual(reach - 1e-9);
        }
      }
    }
  });

  it('on a phone with a bottom sheet: a point under the sheet goes just above it', () => {
    const sheet = { left: 0, top: 380, right: 390, bottom: 700 };
    const area = freeArea(390, 700, [sheet], M);
    expect(keepTarget({ x: 200, y: 600 }, 390, 700, area, 'least')).toEqual({ x: 200, y: 380 - M - G });
  });

  it('nothing free (the sheet covers the whole map): no move', () => {
    const area = freeArea(390, 700, [{ left: 0, top: 0, right: 390, bottom: 700 }], M);
    expect(nearestFree({ x: 200, y: 600 }, area)).toBeNull();
    expect(keepTarget({ x: 200, y: 600 }, 390, 700, area, 'least')).toBeNull();
    // a map smaller than its margins has no free part either
    expect(nearestFree({ x: 10, y: 10 }, freeArea(50, 50, [], M))).toBeNull();
  });
});

describe('centred (follow)', () => {
  it("puts the device at the map's centre, or leaves it when it is there", () => {
    expect(keepTarget({ x: 100, y: 100 }, 920, 800, freeArea(920, 800, [], M), 'centre')).toEqual({ x: 460, y: 400 });
    expect(keepTarget({ x: 460.4, y: 400 }, 920, 800, freeArea(920, 800, [], M), 'centre')).toBeNull();
  });

  it('when the centre is covered (a phone sheet), at the free point nearest to it', () => {
    const area = freeArea(390, 700, [{ left: 0, top: 300, right: 390, bottom: 700 }], M);
    expect(keepTarget({ x: 10, y: 10 }, 390, 700, area, 'centre')).toEqual({ x: 195, y: 300 - M - G });
  });
});
