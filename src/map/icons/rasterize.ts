/**
 * Turns the project's SVG icon paths into map images: a status-coloured disc with the white
 * category glyph, and a status-coloured direction wedge. Drawn synchronously on a canvas with
 * `Path2D` (which takes SVG path data), so the images exist before the first frame and can be
 * added again at once after a style switch. Pre-coloured images (one per icon × status) rather
 * than SDF: the glyphs keep crisp edges and two colours.
 */
import type { Map as MaplibreMap } from 'maplibre-gl';
import { ICON_KEYS, STATUS_COLORS, type IconKey } from '../../domain/categories';
import type { DeviceStatus } from '../../../contract/models';
import { DIRECTION_PATH, ICON_PATHS, ICON_VIEWBOX } from './paths';

export const STATUSES: readonly DeviceStatus[] = ['online', 'offline', 'unknown'];

/** CSS pixels of a device marker; the bitmap is drawn at `PIXEL_RATIO` times that. */
export const ICON_SIZE = 30;
export const PIXEL_RATIO = 2;

export function deviceImageName(key: IconKey, status: DeviceStatus): string {
  return `device-${key}-${status}`;
}

export function directionImageName(status: DeviceStatus): string {
  return `device-direction-${status}`;
}

export type ImageKind = { kind: 'device'; key: IconKey; color: string } | { kind: 'direction'; color: string };

/** Draws one image; null when no canvas is available (tests without a canvas, very old browsers). */
export type Rasterizer = (image: ImageKind) => ImageData | null;

const HALO = '#0a1628';

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
    if (image.kind === 'device') {
      const radius = size / 2 - PIXEL_RATIO * 1.5;
      ctx.beginPath();
      ctx.arc(size / 2, size / 2, radius, 0, Math.PI * 2);
      ctx.fillStyle = image.color;
      ctx.fill();
      ctx.lineWidth = PIXEL_RATIO * 1.5;
      ctx.strokeStyle = HALO;
      ctx.stroke();
      const glyph = size * 0.58;
      const offset = (size - glyph) / 2;
      ctx.setTransform(glyph / ICON_VIEWBOX, 0, 0, glyph / ICON_VIEWBOX, offset, offset);
      ctx.fillStyle = HALO;
      ctx.fill(new Path2D(ICON_PATHS[image.key]), 'nonzero');
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
 * Adds every device image (each icon key in each status colour, and the direction wedges) that
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
  for (const status of STATUSES) {
    const color = STATUS_COLORS[status];
    for (const key of ICON_KEYS) add(deviceImageName(key, status), { kind: 'device', key, color });
    add(directionImageName(status), { kind: 'direction', color });
  }
  return added;
}
