import { describe, expect, it } from 'vitest';
import { FLEET_STATES, type FleetState } from './fleetState';
import { contrastRatio, FLEET_STATE_COLORS, FLEET_STATE_SHAPES, MARKER_HALO } from './fleetColors';

/** Basemaps the markers sit on: the offline basemap's water and land, OpenFreeMap's and OSM's land. */
const DARK = ['#0a1628', '#15233a', '#1f3352'];
const LIGHT = ['#f2efe9', '#f8f4f0', '#ffffff'];

// Machado, Oliveira and Fernandes (2009), severity 1, on linear RGB
const SIMULATIONS: Record<string, number[][]> = {
  protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
  deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]],
  tritanopia: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.3039]],
};

const linear = (hex: string) =>
  [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });

function lab([r, g, b]: number[]): [number, number, number] {
  const x = (0.4124 * r! + 0.3576 * g! + 0.1805 * b!) / 0.95047;
  const y = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  const z = (0.0193 * r! + 0.1192 * g! + 0.9505 * b!) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

function seen(hex: string, matrix?: number[][]): [number, number, number] {
  const rgb = linear(hex);
  if (!matrix) return lab(rgb);
  return lab(matrix.map((row) => Math.min(1, Math.max(0, row[0]! * rgb[0]! + row[1]! * rgb[1]! + row[2]! * rgb[2]!))));
}

const pairs: Array<[FleetState, FleetState]> = FLEET_STATES.flatMap((a, i) => FLEET_STATES.slice(i + 1).map((b) => [a, b] as [FleetState, FleetState]));

describe('fleet state colours', () => {
  it.each(FLEET_STATES)('%s keeps 3:1 against dark basemaps and its glyph; its halo against light ones', (state) => {
    const color = FLEET_STATE_COLORS[state];
    for (const basemap of DARK) expect(contrastRatio(color, basemap)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(color, MARKER_HALO)).toBeGreaterThanOrEqual(3);
    for (const basemap of LIGHT) expect(contrastRatio(MARKER_HALO, basemap)).toBeGreaterThanOrEqual(3);
  });

  it.each([['typical vision', undefined] as const, ...Object.entries(SIMULATIONS)])('every two states differ with %s (CIELAB ΔE ≥ 15)', (_name, matrix) => {
    for (const [a, b] of pairs) {
      const [l1, a1, b1] = seen(FLEET_STATE_COLORS[a], matrix);
      const [l2, a2, b2] = seen(FLEET_STATE_COLORS[b], matrix);
      expect(Math.hypot(l1 - l2, a1 - a2, b1 - b2), `${a} / ${b}`).toBeGreaterThanOrEqual(15);
    }
  });

  it('pairs the colours with shapes: only moving and parked share one, and they differ by the direction wedge', () => {
    const byShape = new Map<string, FleetState[]>();
    for (const state of FLEET_STATES) byShape.set(FLEET_STATE_SHAPES[state], [...(byShape.get(FLEET_STATE_SHAPES[state]) ?? []), state]);
    expect([...byShape.values()].filter((states) => states.length > 1)).toEqual([['moving', 'parked']]);
  });
});
