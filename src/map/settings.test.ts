import { describe, expect, it, vi } from 'vitest';
import { createMapSettings, DEFAULT_MAP_SETTINGS, MAP_SETTINGS_KEY } from './settings';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('map settings', () => {
  it('persists the clustering toggle and reads it back', () => {
    const storage = memoryStorage();
    const settings = createMapSettings(storage);
    expect(settings.get()).toEqual(DEFAULT_MAP_SETTINGS);
    const listener = vi.fn();
    settings.subscribe(listener);
    settings.set({ clustering: false });
    settings.set({ clustering: false }); // unchanged: no event
    expect(listener).toHaveBeenCalledTimes(1);
    expect(createMapSettings(storage).get().clustering).toBe(false);
  });

  it('ignores storage failures and bad stored values', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    const settings = createMapSettings(throwing);
    expect(settings.get()).toEqual(DEFAULT_MAP_SETTINGS);
    expect(() => settings.set({ follow: true })).not.toThrow();
    expect(settings.get().follow).toBe(true);
    const bad = memoryStorage({ [MAP_SETTINGS_KEY]: '{"style":"evil","clustering":"no","accuracy":true' });
    expect(createMapSettings(bad).get()).toEqual(DEFAULT_MAP_SETTINGS);
    const partly = memoryStorage({ [MAP_SETTINGS_KEY]: '{"style":"javascript:alert(1)","clustering":"no","accuracy":true}' });
    expect(createMapSettings(partly).get()).toEqual({ ...DEFAULT_MAP_SETTINGS, accuracy: true });
    expect(createMapSettings(null).get()).toEqual(DEFAULT_MAP_SETTINGS);
  });

  it('shows geofences by default, and reads the flag back like the others', () => {
    expect(DEFAULT_MAP_SETTINGS.geofences).toBe(true);
    const storage = memoryStorage();
    createMapSettings(storage).set({ geofences: false });
    expect(JSON.parse(storage.data.get(MAP_SETTINGS_KEY) ?? '{}')).toMatchObject({ geofences: false });
    expect(createMapSettings(storage).get().geofences).toBe(false);
    // settings stored before the flag existed, or a bad value: the default
    const older = memoryStorage({ [MAP_SETTINGS_KEY]: '{"clustering":false,"liveRoutes":true,"accuracy":false,"follow":false}' });
    expect(createMapSettings(older).get()).toEqual({ ...DEFAULT_MAP_SETTINGS, clustering: false, geofences: true });
    const bad = memoryStorage({ [MAP_SETTINGS_KEY]: '{"geofences":"no"}' });
    expect(createMapSettings(bad).get().geofences).toBe(true);
  });
});
