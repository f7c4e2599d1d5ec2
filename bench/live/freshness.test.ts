import { describe, expect, it } from 'vitest';
import { distribution, presence, spotMasks } from './freshness';

const WIDTH = 120;
const HEIGHT = 60;
const GROUND = [224, 224, 224];

type Frame = Parameters<typeof presence>[0];

function frame(paint: (set: (x: number, y: number, rgb: number[]) => void) => void, t = 0): Frame {
  const rgba = Buffer.alloc(WIDTH * HEIGHT * 4);
  for (let p = 0; p < WIDTH * HEIGHT; p++) rgba.set([...GROUND, 255], p * 4);
  paint((x, y, rgb) => rgba.set([...rgb, 255], (y * WIDTH + x) * 4));
  return { t, width: WIDTH, height: HEIGHT, rgba };
}

/** A marker: a green square with a dark "label" bar above it, centred on (x, y). */
function marker(set: (x: number, y: number, rgb: number[]) => void, x: number, y: number, opacity = 1): void {
  const mix = (rgb: number[]) => rgb.map((c, k) => Math.round(GROUND[k]! + (c - GROUND[k]!) * opacity));
  for (let dy = -3; dy <= 3; dy++) for (let dx = -3; dx <= 3; dx++) set(x + dx, y + dy, mix([40, 160, 60]));
  for (let dx = -8; dx <= 8; dx++) set(x + dx, y - 7, mix([50, 50, 50]));
}

/** A toast at the bottom, wide and on one row: it toggles with the jumps by chance. */
function toast(set: (x: number, y: number, rgb: number[]) => void): void {
  for (let y = 50; y < 56; y++) for (let x = 30; x < 90; x++) if (x < 50 || x > 70) set(x, y, [30, 30, 30]);
}

const A = { x: 25, y: 30 };
const B = { x: 95, y: 30 };
const atA = (withToast: boolean) => frame((set) => (marker(set, A.x, A.y), withToast && toast(set)));
const atB = (withToast: boolean) => frame((set) => (marker(set, B.x, B.y), withToast && toast(set)));

describe('spotMasks', () => {
  it('finds the beacon at both spots and ignores a toast that toggled with it', () => {
    // the toast is there in both A frames and gone in both B frames: it follows the jumps too
    const masks = spotMasks(atA(true), atB(false), atA(true), atB(false), 2);
    expect(masks.a.x).toBeCloseTo(A.x * 2, -1);
    expect(masks.a.y).toBeLessThan(30 * 2);
    expect(masks.b.x).toBeCloseTo(B.x * 2, -1);
    expect(masks.a.pixels).toBe(masks.b.pixels);
    expect(presence(atA(false), masks.a)).toBeCloseTo(1);
    expect(presence(atA(false), masks.b)).toBeCloseTo(0);
    expect(presence(atB(true), masks.b)).toBeCloseTo(1);
  });

  it('reads a marker fading in as partly present', () => {
    const masks = spotMasks(atA(false), atB(false), atA(false), atB(false), 1);
    const fading = frame((set) => (marker(set, A.x, A.y, 0.3), marker(set, B.x, B.y, 0.7)));
    expect(presence(fading, masks.a)).toBeGreaterThan(0.2);
    expect(presence(fading, masks.a)).toBeLessThan(0.5);
    expect(presence(fading, masks.b)).toBeCloseTo(0.7, 1);
  });

  it('says so when nothing follows the jumps', () => {
    const still = atA(false);
    expect(() => spotMasks(still, still, still, still, 1)).toThrow(/not found/);
  });
});

describe('distribution', () => {
  it('gives median, p95 and max by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, k) => k + 1);
    expect(distribution(values)).toEqual({ count: 100, medianMs: 50, p95Ms: 95, maxMs: 100 });
  });

  it('counts the jumps not drawn in time as longer than the timeout', () => {
    const drawn = Array.from({ length: 97 }, () => 500);
    expect(distribution(drawn, 3)).toEqual({ count: 97, medianMs: 500, p95Ms: 500, maxMs: null });
    expect(distribution(Array.from({ length: 90 }, () => 500), 10)).toMatchObject({ p95Ms: null, maxMs: null });
  });
});
