/**
 * How each fleet state looks on the map, in the list and in the legend: a colour from the Okabe–Ito
 * palette (told apart with protanopia, deuteranopia and tritanopia too) and a shape cue, so that the
 * state never rests on colour alone:
 * - moving: a full disc, with the direction wedge when the course is known;
 * - idle: a full disc with a second, outer ring (the engine runs);
 * - parked: a full disc;
 * - offline: a full disc struck through;
 * - never: a hollow disc (a ring in the colour, the glyph in the colour).
 * Every marker has a dark halo: it stands out on light basemaps; the fills are light enough for
 * dark ones (at least 3:1 against the offline basemap's land, and against the glyph drawn on them).
 */
import type { FleetState } from './fleetState';

export const FLEET_STATE_COLORS: Readonly<Record<FleetState, string>> = {
  moving: '#009E73',
  idle: '#E69F00',
  parked: '#56B4E9',
  offline: '#D55E00',
  never: '#94A3B8',
};

export type MarkerShape = 'disc' | 'ringed' | 'struck' | 'hollow';

export const FLEET_STATE_SHAPES: Readonly<Record<FleetState, MarkerShape>> = {
  moving: 'disc',
  idle: 'ringed',
  parked: 'disc',
  offline: 'struck',
  never: 'hollow',
};

/** The dark halo and glyph of every marker. */
export const MARKER_HALO = '#0a1628';

/** WCAG relative luminance of a `#rrggbb` colour. */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two `#rrggbb` colours (1–21). */
export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}
