/**
 * Holding MapLibre's painter: while any hold is taken, `painter.render` (MapLibre 6.17's) draws
 * nothing; MapLibre keeps loading (its frames still update the sources, request and parse tiles,
 * place symbols and fire its events). The holds are counted per painter, so the first paint's hold
 * (`firstPaint.ts`) and the live updates' (`paintGate.ts`) can overlap: the painter draws again when
 * the last one is released. A map without that painter cannot be held (`holdPainter` returns null).
 */

interface Painter {
  render: (...args: unknown[]) => unknown;
}

interface Held {
  count: number;
  /** the painter's own `render` (an own property) or its prototype's (deleted back) */
  readonly own: boolean;
  readonly render: Painter['render'];
}

const held = new WeakMap<Painter, Held>();

function painterOf(map: object): Painter | null {
  const painter = (map as { painter?: unknown }).painter;
  if (typeof painter !== 'object' || painter === null) return null;
  return typeof (painter as { render?: unknown }).render === 'function' ? (painter as Painter) : null;
}

/** Whether this map's painter can be held. */
export function canHoldPainter(map: object): boolean {
  return painterOf(map) !== null;
}

/** Takes a hold on the map's painter; the returned release (safe to call twice) gives it back. Null without a painter. */
export function holdPainter(map: object): (() => void) | null {
  const painter = painterOf(map);
  if (!painter) return null;
  let entry = held.get(painter);
  if (!entry) {
    entry = { count: 0, own: Object.prototype.hasOwnProperty.call(painter, 'render'), render: painter.render };
    held.set(painter, entry);
    painter.render = () => undefined;
  }
  entry.count += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const current = held.get(painter);
    if (!current) return;
    current.count -= 1;
    if (current.count > 0) return;
    held.delete(painter);
    if (current.own) painter.render = current.render;
    else delete (painter as Partial<Painter>).render;
  };
}

/** Whether the map's painter is held now. */
export function painterHeld(map: object): boolean {
  const painter = painterOf(map);
  return painter !== null && held.has(painter);
}
