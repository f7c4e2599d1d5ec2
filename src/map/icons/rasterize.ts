/**
 * Turns the project's SVG icon paths into map images: a disc in the fleet state's colour and shape
 * (`fleetColors.ts`: full, ringed, struck through or hollow) with the dark category glyph, and a
 * direction wedge in the state's colour. Drawn synchronously on a canvas with
 * `Path2D` (which takes SVG path data), so the images exist before the first frame and can be
 * added again at once after a style switch. Pre-coloured images (one per icon × state) rather
 * than SDF: the glyphs keep crisp edges and two colours.
 */
import type { Map as MaplibreMap } from 'maplibre-gl';
import { ICON_KEYS, type IconKey } from '../../domain/categories';
import { FLEET_STATES, type FleetState } from '../../domain/fleetState';
import { FLEET_STATE_COLORS, FLEET_STATE_SHAPES, MARKER_HALO, type MarkerShape } from '../../domain/fleetColors';
import { DIRECTION_PATH, ICON_PATHS, ICON_VIEWBOX } from './paths';

/** CSS pixels of a device marker; the bitmap is drawn at `PIXEL_RATIO` times that. */
export const ICON_SIZE = 30;
export const PIXEL_RATIO = 2;

export function deviceImageName(key: IconKey, state: FleetState): string {
  return `device-${key}-${state}`;
}

export function directionImageName(state: FleetState): string {
  return `device-direction-${state}`;
}

export type ImageKind = { kind: 'device'; key: IconKey; color: string; shape: MarkerShape } | { kind: 'direction'; color: string };

/** Draws one image; null when no canvas is available (tests without a canvas, very old browsers). */
export type Rasterizer = (image: ImageKind) => ImageData | null;

const HALO = MARKER_HALO;

/** The browser rasterizer: a 2D canvas and `Path2D` from the SVG path data. */
export function createCanvasRasterizer(createCanvas: () => HTMLCanvasElement = () => document.createElement('canvas')): Rasterizer {
  let context: CanvasRenderingContext2D | null | undefined;
  const size = ICON_SIZE * PIXEL_RATIO;
  return (image) => {
    if (context === undefined) {
      const canvas = createCanvas();
      canvas.width = size;
      canvas.height = size;
      context = typeof Path2D === 'function' ? canvas.getContext('2d', { willReadFrequently: true }) : null;
    }
    if (!context) return null;
    const ctx = context;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, size, size);
    ctx.lineCap = 'butt';
    if (image.kind === 'device') {
      const centre = size / 2;
      const outer = size / 2 - PIXEL_RATIO * 1.5;
      const ringed = image.shape === 'ringed';
      const hollow = image.shape === 'hollow';
      if (ringed) {
        // the outer ring in the colour, on a halo, around a smaller disc
        ctx.beginPath();
        ctx.arc(centre, centre, outer, 0, Math.PI * 2);
        ctx.fillStyle = HALO;
        ctx.fill();
        ctx.lineWidth = PIXEL_RATIO * 2;
        ctx.strokeStyle = image.color;
        ctx.beginPath();
        ctx.arc(centre, centre, outer - PIXEL_RATIO * 1.5, 0, Math.PI * 2);
        ctx.stroke();
      }
      const radius = ringed ? outer - PIXEL_RATIO * 4 : outer;
      ctx.beginPath();
      ctx.arc(centre, centre, radius, 0, Math.PI * 2);
      ctx.fillStyle = hollow ? HALO : image.color;
      ctx.fill();
      ctx.lineWidth = PIXEL_RATIO * 1.5;
      ctx.strokeStyle = HALO;
      ctx.stroke();
      if (hollow) {
        ctx.lineWidth = PIXEL_RATIO * 2;
        ctx.strokeStyle = image.color;
        ctx.beginPath();
        ctx.arc(centre, centre, radius - PIXEL_RATIO * 1.5, 0, Math.PI * 2);
        ctx.stroke();
      }
      const glyph = size * (ringed ? 0.5 : 0.58);
      const offset = (size - glyph) / 2;
      ctx.setTransform(glyph / ICON_VIEWBOX, 0, 0, glyph / ICON_VIEWBOX, offset, offset);
      ctx.fillStyle = hollow ? image.color : HALO;
      ctx.fill(new Path2D(ICON_PATHS[image.key]), 'nonzero');
      if (image.shape === 'struck') {
        // a stroke from corner to corner across the disc, with a halo
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        const a = centre - radius * 0.62;
        const b = centre + radius * 0.62;
        ctx.lineCap = 'round';
        ctx.strokeStyle = HALO;
        ctx.lineWidth = PIXEL_RATIO * 4;
        ctx.beginPath();
        ctx.moveTo(a, b);
        ctx.lineTo(b, a);
        ctx.stroke();
        ctx.strokeStyle = '#ffffff';
        ctx.lineWidth = PIXEL_RATIO * 1.5;
        ctx.stroke();
      }
    } else {
      // the wedge sits at the top edge of the square so that, rotated about the centre, it
      // points away from the marker in the direction of travel
      const scale = size / ICON_VIEWBOX;
      ctx.setTransform(scale * 0.5, 0, 0, scale * 0.5, size / 4, 0);
      ctx.fillStyle = image.color;
      ctx.strokeStyle = HALO;
      ctx.lineWidth = 2;
      const path = new Path2D(DIRECTION_PATH);
      ctx.stroke(path);
      ctx.fill(path);
    }
    return ctx.getImageData(0, 0, size, size);
  };
}

export type ImageMap = Pick<MaplibreMap, 'hasImage' | 'addImage'>;

/**
 * Adds every device image (each icon key in each state's colour and shape, and the direction wedges) that
 * the map's current style does not have yet. Returns how many were added.
 */
export function addDeviceImages(map: ImageMap, rasterize: Rasterizer): number {
  let added = 0;
  const add = (name: string, kind: ImageKind) => {
    if (map.hasImage(name)) return;
    const data = rasterize(kind);
    if (!data) return;
    map.addImage(name, data, { pixelRatio: PIXEL_RATIO });
    added += 1;
  };
  for (const state of FLEET_STATES) {
    const color = FLEET_STATE_COLORS[state];
    const shape = FLEET_STATE_SHAPES[state];
    for (const key of ICON_KEYS) add(deviceImageName(key, state), { kind: 'device', key, color, shape });
    add(directionImageName(state), { kind: 'direction', color });
  }
  return added;
}
