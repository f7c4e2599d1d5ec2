/**
 * The renderer-floor benchmark's switch (`bench:live --floor on`): with `localStorage[REPAINT_KEY]`
 * set to `'1'`, a drawn map repaints every frame with nothing changed (src/map/MapView.tsx). The
 * benchmark sets it through the page's storage before the app starts.
 */
export const REPAINT_KEY = 'athar.map.repaint';

export function repaintRequested(): boolean {
  try {
    return window.localStorage.getItem(REPAINT_KEY) === '1';
  } catch {
    return false;
  }
}
