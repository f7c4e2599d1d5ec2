/**
 * The list of the first map's scripts that the build writes into index.html (scripts/mapPrefetchList.ts)
 * and the sign-in page reads (src/features/login/prefetchWhileIdle.ts): one format, both sides here.
 * A `<script type="application/json" id="map-prefetch">{"scripts":["/assets/…", …]}</script>`,
 * MapLibre's chunk first.
 */
export const MAP_PREFETCH_ELEMENT_ID = 'map-prefetch';

/** A path on this origin (`/assets/…`), nothing else: the list is the build's own, but it is read from the page. */
const OWN_PATH = /^\/(?!\/)[\w./~-]+$/;

/** The element's text for a list of scripts; `<` escaped, so that nothing in it can end the element. */
export function prefetchListText(scripts: readonly string[]): string {
  return JSON.stringify({ scripts }).replace(/</g, '\\u003c');
}

/** The scripts of a list's text; empty when it is not a list of own paths. */
export function parsePrefetchList(text: string | null | undefined): string[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    const scripts = typeof value === 'object' && value !== null ? (value as { scripts?: unknown }).scripts : undefined;
    return Array.isArray(scripts) && scripts.every((item) => typeof item === 'string' && OWN_PATH.test(item)) ? (scripts as string[]) : [];
  } catch {
    return [];
  }
}

/** The page's list (MapLibre's first); empty without one (the dev server). */
export function mapPrefetchScripts(doc: Document = document): string[] {
  return parsePrefetchList(doc.getElementById(MAP_PREFETCH_ELEMENT_ID)?.textContent);
}
