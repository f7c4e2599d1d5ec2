/**
 * The device category glyphs: small SVG paths on a 24 × 24 grid, drawn by the project (no sprite
 * server, no icon font). Each is filled white on a status-coloured disc by `rasterize.ts`; the
 * same paths can be shown in an `<svg viewBox="0 0 24 24">` anywhere in the UI.
 */
import type { IconKey } from '../../domain/categories';

export const ICON_VIEWBOX = 24;

export const ICON_PATHS: Readonly<Record<IconKey, string>> = {
  // a paw: pad and four toes
  animal:
    'M12 13c-3 0-5.5 3.2-5.5 5.2 0 1.6 1.3 2.3 2.8 2.3 1.1 0 1.8-.6 2.7-.6s1.6.6 2.7.6c1.5 0 2.8-.7 2.8-2.3 0-2-2.5-5.2-5.5-5.2zM6 8.5a2 2.5 0 1 0 0.01 0zM18 8.5a2 2.5 0 1 0 0.01 0zM9.5 3.5a2 2.5 0 1 0 0.01 0zM14.5 3.5a2 2.5 0 1 0 0.01 0z',
  // a navigation arrow pointing up (north); rotated by course on the map
  arrow: 'M12 2l7 19-7-4-7 4z',
  bicycle:
    'M5.5 11a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9zm0 2a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM18.5 11a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9zm0 2a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM10 5h4v2h-1.2l1 2.5H17l-1-2.5h-1V5h2.3l2.2 6.3-1.9.7-.4-1H14.8l-2.9 5.7-1.8-.9 2.7-5.3L11.6 7H10z',
  boat: 'M11 3h2v8h6l-3 8H8l-3-8h6zM3 20h18v2H3z',
  bus: 'M6 3h12a2 2 0 0 1 2 2v12a2 2 0 0 1-1 1.7V21h-3v-2H8v2H5v-2.3A2 2 0 0 1 4 17V5a2 2 0 0 1 2-2zm0 3v5h12V6zm1.5 8a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm9 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z',
  car: 'M7 5h10l2.5 6H21v7h-2v2h-3v-2H8v2H5v-2H3v-7h1.5zm1.3 2L6.7 11h10.6l-1.6-4zM6.5 13a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm11 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z',
  camper:
    'M2 6h15l5 6v6h-2.1a3 3 0 0 1-5.8 0H9.9a3 3 0 0 1-5.8 0H2zm2 2v4h5V8zm7 0v4h8.2L16 8zM7 16.5a1.5 1.5 0 1 0 0 .01zm10 0a1.5 1.5 0 1 0 0 .01z',
  crane: 'M5 2h2v2h14v2h-3v6h-2V6H7v14h3v2H2v-2h3zM15 12h4v4h-4z',
  default: 'M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7zm0 4.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5z',
  finish: 'M5 2h2v1h12v10H7v9H5zm2 3v2h3V5zm3 2v2h3V7zm3-2v2h3V5zm3 2v2h3V7zM7 9v2h3V9zm6 0v2h3V9z',
  helicopter:
    'M3 3h18v2h-8v2h1c3.3 0 6 2.2 6 5v2h-2.5l-1.5 2h2v2H6v-2h2.5l-1-2H7a4 4 0 0 1-4-4V9h2v1h5V7h1V5H3zm11 6v3h4c-.4-1.6-2-3-4-3z',
  motorcycle:
    'M5 12a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm0 2a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM19 12a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm0 2a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM13 5h3l1.4 4H20v2h-3.2l-3 5H9l-2-4h5.5L15 8.5 14.6 7H13z',
  person: 'M12 2a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM8 9h8l1 7h-2l-.5 6h-5L9 16H7z',
  plane: 'M11 2h2l1 7 8 4v2l-8-2-.5 5 2.5 2v2l-4-1-4 1v-2l2.5-2-.5-5-8 2v-2l8-4z',
  scooter: 'M14 3h3v2h-1.4l2.1 9.1A3.5 3.5 0 1 1 15.3 17H9.7a3.5 3.5 0 1 1-3.2-4.5c1 0 2 .4 2.6 1.1L14.5 14zM6.5 14.5a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm12 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4z',
  ship: 'M9 2h6v4h4v6l2 1-3 8H6l-3-8 2-1V6h4zm-2 6v3l5-2 5 2V8z',
  start: 'M7 3l13 9-13 9z',
  tractor:
    'M4 5h7l1 5h5V7h2v3.6A4.5 4.5 0 1 1 13.1 17H9.9A4 4 0 1 1 3 13.2V10h1zm2 2v3h4l-.6-3zM6 14a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm11.5-1a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z',
  trailer: 'M2 5h16v11h4v2h-4.2a3 3 0 0 1-5.6 0H2zm13 10a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z',
  train:
    'M7 2h10a3 3 0 0 1 3 3v11a3 3 0 0 1-2 2.8l2 2.2h-2.5L16 19H8l-1.5 2H4l2-2.2A3 3 0 0 1 4 16V5a3 3 0 0 1 3-3zm-1 4v5h12V6zm2 8a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm8 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z',
  tram: 'M8 1h8v2h-3v2h3a3 3 0 0 1 3 3v9a2 2 0 0 1-1.5 1.9L19 21h-2.5l-1.5-2H9l-1.5 2H5l1.5-2.1A2 2 0 0 1 5 17V8a3 3 0 0 1 3-3h3V3H8zM7 8v4h10V8zm1.5 6a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm7 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z',
  truck:
    'M2 5h12v3h4l4 5v5h-2.1a3 3 0 0 1-5.8 0H9.9a3 3 0 0 1-5.8 0H2zm12 5v3h5.5L17 10zM7 16.5a1.5 1.5 0 1 0 0 .01zm10 0a1.5 1.5 0 1 0 0 .01z',
  van: 'M3 6h12l6 5v7h-2.1a3 3 0 0 1-5.8 0H9.9a3 3 0 0 1-5.8 0H2V7zm1 2v4h5V8zm7 0v4h7.2L15 8zM7 16.5a1.5 1.5 0 1 0 0 .01zm10 0a1.5 1.5 0 1 0 0 .01z',
};

/** The direction marker drawn beside a moving device, pointing north before rotation. */
export const DIRECTION_PATH = 'M12 0l6 9h-12z';
