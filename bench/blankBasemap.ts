/**
 * A blank basemap for other Traccar clients (the official one): their map styles are on the
 * internet, unreachable here, and without one their map never finishes loading and draws no device.
 * The server's `mapUrl` (the official client's "custom" map) and the `activeMapStyles` attribute
 * (`custom` only) point them at a blank style that the browser context serves. Athar reads neither.
 * Used by bench:live and scripts/official-client.ts.
 */
import type { BrowserContext } from 'playwright-core';

export const BLANK_STYLE_PATH = '/bench/blank-style.json';
const BLANK_GLYPHS_PATH = '/bench/glyphs';

/** The server's settings with the blank style as the only map (`settings`: a GET /api/server answer). */
export function withBlankBasemap<T extends { attributes?: Record<string, unknown> }>(settings: T): T & { mapUrl: string } {
  return { ...settings, mapUrl: BLANK_STYLE_PATH, attributes: { ...settings.attributes, activeMapStyles: 'custom' } };
}

/**
 * The blank style: one light background layer, served by the browser context. Its `glyphs` URL
 * answers 404 (the official client reads the URL to choose its fonts, so there must be one):
 * MapLibre then draws labels with local fonts, as on Athar's offline style.
 */
export async function routeBlankBasemap(context: BrowserContext): Promise<void> {
  const style = { version: 8, glyphs: `${BLANK_GLYPHS_PATH}/{fontstack}/{range}.pbf`, sources: {}, layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#e0e0e0' } }] };
  await context.route(`**${BLANK_STYLE_PATH}`, (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify(style) }));
  await context.route(`**${BLANK_GLYPHS_PATH}/**`, (route) => route.fulfill({ status: 404, body: '' }));
}
