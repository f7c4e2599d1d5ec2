/**
 * The map's own switches (layers menu): chosen style, clustering, live routes, accuracy circles,
 * geofences and follow mode. Kept in local storage (one JSON entry); storage failures are ignored (private
 * mode, quota, disabled storage): the settings then live for the page only.
 */
import { isMapStyleId, type MapStyleId } from './styles';
import { createListeners } from '../domain/valueStore';

export interface MapSettings {
  /** The style chosen in the layers menu; null = follow the `map` preference. */
  style: MapStyleId | null;
  clustering: boolean;
  liveRoutes: boolean;
  accuracy: boolean;
  /** Draw the geofences (on maps that are given a geofence feed). */
  geofences: boolean;
  follow: boolean;
}

export const DEFAULT_MAP_SETTINGS: MapSettings = {
  style: null,
  clustering: true,
  liveRoutes: true,
  accuracy: false,
  geofences: true,
  follow: false,
};

export const MAP_SETTINGS_KEY = 'athar.map';

export interface MapSettingsStore {
  get(): MapSettings;
  set(patch: Partial<MapSettings>): void;
  subscribe(listener: (settings: MapSettings, previous: MapSettings) => void): () => void;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

function parse(text: string | null): MapSettings {
  if (!text) return DEFAULT_MAP_SETTINGS;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return DEFAULT_MAP_SETTINGS;
  }
  if (typeof value !== 'object' || value === null) return DEFAULT_MAP_SETTINGS;
  const record = value as Record<string, unknown>;
  const flag = (key: 'clustering' | 'liveRoutes' | 'accuracy' | 'geofences' | 'follow') =>
    typeof record[key] === 'boolean' ? record[key] : DEFAULT_MAP_SETTINGS[key];
  return {
    style: isMapStyleId(record.style) ? record.style : null,
    clustering: flag('clustering'),
    liveRoutes: flag('liveRoutes'),
    accuracy: flag('accuracy'),
    geofences: flag('geofences'),
    follow: flag('follow'),
  };
}

function defaultStorage(): StorageLike | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function createMapSettings(storage: StorageLike | null = defaultStorage()): MapSettingsStore {
  let settings: MapSettings;
  try {
    settings = parse(storage?.getItem(MAP_SETTINGS_KEY) ?? null);
  } catch {
    settings = DEFAULT_MAP_SETTINGS;
  }
  const listeners = createListeners<[settings: MapSettings, previous: MapSettings]>();
  return {
    get: () => settings,
    set(patch) {
      const previous = settings;
      const next = { ...settings, ...patch };
      if ((Object.keys(next) as Array<keyof MapSettings>).every((key) => next[key] === previous[key])) return;
      settings = next;
      try {
        storage?.setItem(MAP_SETTINGS_KEY, JSON.stringify(settings));
      } catch {
        // storage failures are silently ignored (spec §5)
      }
      listeners.notify(settings, previous);
    },
    subscribe: listeners.subscribe,
  };
}

/**
 * Settings for a map beside something else (a report's rows, a replay): the main map's basemap, read
 * once and never written back, with the live overlays (clusters, live routes, accuracy, geofences,
 * follow) off.
 */
export function createReadOnlyMapSettings(): MapSettingsStore {
  let storage: StorageLike | null = null;
  try {
    const local = globalThis.localStorage;
    if (local) storage = { getItem: (key) => (key === MAP_SETTINGS_KEY ? local.getItem(key) : null), setItem: () => undefined };
  } catch {
    storage = null;
  }
  const settings = createMapSettings(storage);
  settings.set({ clustering: false, liveRoutes: false, accuracy: false, geofences: false, follow: false });
  return settings;
}
