/**
 * A GeoJSON source whose features are keyed by device id (the feature id), kept in sync with the
 * live store by `updateData` diffs of the ids that changed. Each layer module says how to build
 * one device's feature from the state and which input it came from: when that input is the same
 * object as last time, the device is skipped without building anything.
 */
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { GeoJSONFeatureDiff, GeoJSONSource, GeoJSONSourceDiff, Map as MaplibreMap } from 'maplibre-gl';
import type { LiveState } from '../../domain/liveStore';

export type KeyedFeature<G extends Geometry = Geometry> = Feature<G, Record<string, unknown>> & { id: number };

export interface KeyedSourceSpec<I, G extends Geometry> {
  sourceId: string;
  /** The ids that may have a feature in this state. */
  ids(state: LiveState): Iterable<number>;
  /** The input a device's feature is built from (compared by identity), or undefined. */
  input(state: LiveState, id: number): I | undefined;
  /** The feature for that input, or null when it should not be drawn. */
  build(id: number, input: I, state: LiveState): KeyedFeature<G> | null;
}

export type KeyedSourceMap = Pick<MaplibreMap, 'getSource'>;

export interface KeyedSource<G extends Geometry = Geometry> {
  /** Rebuilds everything and sends it with `setData`. */
  reload(state: LiveState): void;
  /** Sends the changes of these ids as one `updateData` diff (nothing when nothing changed). */
  apply(state: LiveState, ids: Iterable<number>): void;
  size(): number;
  /** The features drawn now. */
  features(): Iterable<KeyedFeature<G>>;
}

function logError(error: unknown): void {
  console.error('[map] layer update failed', error);
}

/**
 * Sends the changes as one `updateData` diff (nothing when there are none); when MapLibre rejects
 * it, logs the error and calls `reload` (a full `setData`) so that the map never stays wrong.
 */
export function sendDiff(
  target: GeoJSONSource | undefined,
  changes: { add: Feature[]; update: GeoJSONFeatureDiff[]; remove: number[] },
  reload: (target: GeoJSONSource) => void,
): void {
  const { add, update, remove } = changes;
  if (!target || (add.length === 0 && update.length === 0 && remove.length === 0)) return;
  const diff: GeoJSONSourceDiff = {};
  if (remove.length > 0) diff.remove = remove;
  if (add.length > 0) diff.add = add;
  if (update.length > 0) diff.update = update;
  target.updateData(diff).catch((error: unknown) => {
    logError(error);
    reload(target);
  });
}

export function emptyCollection(): FeatureCollection {
  return { type: 'FeatureCollection', features: [] };
}

export function createKeyedSource<I, G extends Geometry>(map: KeyedSourceMap, spec: KeyedSourceSpec<I, G>): KeyedSource<G> {
  const entries = new Map<number, { input: I; feature: KeyedFeature<G> }>();
  const source = () => map.getSource<GeoJSONSource>(spec.sourceId);
  const all = (): FeatureCollection => ({ type: 'FeatureCollection', features: [...entries.values()].map((e) => e.feature) });

  return {
    reload(state) {
      entries.clear();
      for (const id of spec.ids(state)) {
        const input = spec.input(state, id);
        const feature = input === undefined ? null : spec.build(id, input, state);
        if (input !== undefined && feature) entries.set(id, { input, feature });
      }
      source()?.setData(all()).catch(logError);
    },
    apply(state, ids) {
      const add: Array<KeyedFeature<G>> = [];
      const update: GeoJSONFeatureDiff[] = [];
      const remove: number[] = [];
      for (const id of ids) {
        const prev = entries.get(id);
        const input = spec.input(state, id);
        if (prev && input === prev.input) continue;
        const feature = input === undefined ? null : spec.build(id, input, state);
        if (!feature || input === undefined) {
          if (prev) {
            remove.push(id);
            entries.delete(id);
          }
          continue;
        }
        entries.set(id, { input, feature });
        if (prev) update.push({ id, newGeometry: feature.geometry, removeAllProperties: true, addOrUpdateProperties: Object.entries(feature.properties).map(([key, value]) => ({ key, value })) });
        else add.push(feature);
      }
      sendDiff(source(), { add, update, remove }, (target) => target.setData(all()).catch(logError));
    },
    size: () => entries.size,
    features: () => [...entries.values()].map((entry) => entry.feature),
  };
}
