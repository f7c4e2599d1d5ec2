import { describe, expect, it } from 'vitest';
import { chooseMapStyle, DEFAULT_MAP_STYLE, MAP_STYLE_IDS, MAP_STYLES } from './styles';

describe('map styles', () => {
  it('defaults to a key-less street style; the offline style fetches nothing online', () => {
    expect(DEFAULT_MAP_STYLE).toBe('openFreeMap');
    expect(chooseMapStyle({ stored: null, preference: null })).toBe('openFreeMap');
    expect(chooseMapStyle({ stored: null, preference: 'offline' })).toBe('offline');
    const style = MAP_STYLES.offline.style();
    expect(MAP_STYLES.offline.online).toBe(false);
    expect(JSON.stringify(style)).not.toMatch(/https?:/);
  });

  it('prefers the stored choice, then the map preference; unknown names fall through', () => {
    expect(chooseMapStyle({ stored: 'osm', preference: 'carto' })).toBe('osm');
    expect(chooseMapStyle({ stored: null, preference: 'carto' })).toBe('carto');
    expect(chooseMapStyle({ stored: 'nonsense', preference: 'locationIqStreets' })).toBe('openFreeMap');
    expect(chooseMapStyle({ stored: undefined, preference: 42 })).toBe('openFreeMap');
  });

  it('online styles use https URLs only', () => {
    for (const id of MAP_STYLE_IDS) {
      const urls = JSON.stringify(MAP_STYLES[id].style()).match(/[a-z]+:\/\/[^"]+/g) ?? [];
      for (const url of urls) expect(url.startsWith('https://')).toBe(true);
      expect(urls.length > 0).toBe(MAP_STYLES[id].online);
    }
  });
});
