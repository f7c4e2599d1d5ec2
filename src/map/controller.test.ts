// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createLiveStore } from '../domain/liveStore';
import { createMapController, type ControllerMap, type MapControllerOptions } from './controller';
import { createGeofenceFeed } from './geofenceFeed';
import { GEOFENCES_LAYERS, GEOFENCES_SOURCE } from './layers/geofences';
import { createFakeMap } from '../../tests/helpers/testFakeMap';
import { device, position } from '../../tests/helpers/testModels';
import { createMapSettings } from './settings';
import { ACCURACY_SOURCE } from './layers/accuracy';
import { DEVICES_LAYERS, DEVICES_SOURCE } from './layers/devices';
import { ROUTES_SOURCE, TRACKING_SOURCE } from './layers/routes';
import { selectByUniqueIdOnce } from './selectByUniqueId';
import { BASEMAP_SOURCES, FINE_BASEMAP_ZOOM } from './offlineStyle';
import { BASEMAP_ASSETS } from './assets';

const rasterize = () => ({ width: 1, height: 1, data: new Uint8ClampedArray(4) }) as ImageData;
const noFetch = vi.fn(() => Promise.reject(new Error('offline in tests')));
/** A countries topology with no country: the basemap loads, draws nothing. */
const EMPTY_TOPOLOGY = { type: 'Topology', arcs: [], objects: { countries: { type: 'GeometryCollection', geometries: [] }, land: { type: 'GeometryCollection', geometries: [] } } };

function setup(preferredStyle: unknown = 'offline', extra: Partial<MapControllerOptions> = {}) {
  const store = createLiveStore();
  store.setDevices([device(1), device(2)]);
  store.updatePositions([position(1, 10, 10), position(2, 20, 20)]);
  const fake = createFakeMap();
  const settings = createMapSettings(null);
  const counts: number[] = [];
  const fallbacks: boolean[] = [];
  const controller = createMapController(fake.map as unknown as ControllerMap, store, {
    settings,
    preferredStyle,
    onFallback: (on) => fallbacks.push(on),
    rasterize,
    fetch: noFetch as unknown as typeof fetch,
    onFeatureCount: (n) => counts.push(n),
    ...extra,
  });
  return { store, fake, settings, controller, counts, fallbacks };
}

/** A fake map with MapLibre's painter (`render` on its prototype); `painted` counts its frames. */
function withPainter() {
  const fake = createFakeMap();
  const painted: number[] = [];
  const painter = new (class {
    render() {
      painted.push(1);
    }
  })();
  Object.assign(fake.map, { painter });
  return { fake, painter, painted };
}

/** A controller asked to hold its first paint, on a fake map with a painter; `ready` collects onReady. */
function heldController(store: ReturnType<typeof createLiveStore>, extra: Partial<MapControllerOptions> = {}) {
  const held = withPainter();
  const ready: boolean[] = [];
  createMapController(held.fake.map as unknown as ControllerMap, store, {
    settings: createMapSettings(null),
    preferredStyle: 'offline',
    rasterize,
    fetch: noFetch as unknown as typeof fetch,
    onReady: (r) => ready.push(r),
    holdFirstPaint: true,
    ...extra,
  });
  return { ...held, ready };
}

describe('map controller', () => {
  it('adds the app layers on style.load, routes and tracking below the devices', () => {
    const { fake, counts } = setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fake.fire('style.load');
    expect([...fake.sources.keys()].sort()).toEqual([DEVICES_SOURCE, 'device-selected', ROUTES_SOURCE, TRACKING_SOURCE].sort());
    expect(fake.layers.indexOf('live-routes-line')).toBeLessThan(fake.layers.indexOf(DEVICES_LAYERS.icon));
    expect(counts.at(-1)).toBe(2);
  });

  it('a style that fails (its document, its tiles, or no answer in time) falls back to the offline basemap, and the markers come back on it', () => {
    vi.useFakeTimers();
    try {
      // the default street style cannot load its document
      const failing = setup(null);
      expect(failing.controller.styleId()).toBe('openFreeMap');
      failing.fake.fire('error', { error: new Error('Failed to fetch') });
      vi.advanceTimersByTime(1); // once MapLibre is done with the failed style
      expect(failing.fake.setStyle).toHaveBeenCalledTimes(1);
      expect(failing.controller.styleId()).toBe('offline');
      expect(failing.fallbacks).toEqual([true]);
      failing.fake.dropStyle();
      failing.fake.fire('style.load');
      expect(failing.fake.source(DEVICES_SOURCE).lastData()?.features).toHaveLength(2);
      // choosing it again tries it again, and the notice goes
      failing.settings.set({ style: 'openFreeMap' });
      expect(failing.controller.styleId()).toBe('openFreeMap');
      expect(failing.fallbacks).toEqual([true, false]);

      // an online style whose tiles fail
      const tiles = setup('osm');
      tiles.fake.sources.set('raster', tiles.fake.sources.get(DEVICES_SOURCE) as never);
      tiles.fake.fire('style.load');
      tiles.fake.fire('error', { sourceId: DEVICES_SOURCE, error: new Error('app source') });
      tiles.fake.fire('error', { sourceId: 'raster', error: new Error('tile') });
      tiles.fake.fire('error', { sourceId: 'raster', error: new Error('tile') });
      expect(tiles.controller.styleId()).toBe('osm');
      tiles.fake.fire('error', { sourceId: 'raster', error: new Error('tile') });
      expect(tiles.controller.styleId()).toBe('offline');

      // a style that never answers
      const silent = setup('carto');
      vi.advanceTimersByTime(7999);
      expect(silent.controller.styleId()).toBe('carto');
      vi.advanceTimersByTime(1);
      expect(silent.controller.styleId()).toBe('offline');
      expect(silent.fallbacks).toEqual([true]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('switching the style re-adds the layers after the new style loads; the offline preference never goes online', () => {
    const { fake, settings, controller } = setup();
    fake.fire('style.load');
    expect(controller.styleId()).toBe('offline');
    settings.set({ style: 'osm' });
    expect(fake.setStyle).toHaveBeenCalledTimes(1);
    fake.dropStyle();
    fake.fire('style.load');
    expect(fake.sources.has(DEVICES_SOURCE)).toBe(true);
    expect(fake.source(DEVICES_SOURCE).lastData()?.features).toHaveLength(2);
    expect(fake.images.size).toBeGreaterThan(0);
    controller.setPreferredStyle('carto'); // the stored choice wins over the preference
    expect(fake.setStyle).toHaveBeenCalledTimes(1);
  });

  it('toggles clustering, accuracy and live routes from the settings', () => {
    const { fake, settings, store } = setup();
    fake.fire('style.load');
    settings.set({ clustering: false });
    expect(fake.source(DEVICES_SOURCE).setClusterOptions).toHaveBeenCalledWith(expect.objectContaining({ cluster: false }));
    settings.set({ accuracy: true });
    expect(fake.sources.has(ACCURACY_SOURCE)).toBe(true);
    expect(fake.layers.indexOf('accuracy-fill')).toBeLessThan(fake.layers.indexOf(DEVICES_LAYERS.clusters));
    settings.set({ accuracy: false, liveRoutes: false });
    expect(fake.sources.has(ACCURACY_SOURCE)).toBe(false);
    expect(fake.sources.has(ROUTES_SOURCE)).toBe(false);
    // the camera is the person's on a map that does not keep the selection in view (the geofence editor)
    settings.set({ follow: true });
    store.select(2);
    store.updatePositions([position(2, 21, 21)]);
    expect(fake.easeTo).not.toHaveBeenCalled();
  });

  it('on the live map the camera keeps the selected device in view and follows it with follow on (camera.ts)', () => {
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
    const { fake, settings, store, controller } = setup('offline', { keepSelectedInView: true });
    const container = fake.map.getContainer();
    Object.defineProperty(container, 'clientWidth', { value: 400 });
    Object.defineProperty(container, 'clientHeight', { value: 300 });
    settings.set({ follow: true });
    store.select(2);
    expect(fake.easeTo).toHaveBeenLastCalledWith(expect.objectContaining({ center: [20, 20] }));
    store.updatePositions([position(2, 21, 21)]);
    expect(fake.easeTo).toHaveBeenLastCalledWith(expect.objectContaining({ center: [21, 21] }));
    controller.destroy();
    const calls = fake.easeTo.mock.calls.length;
    store.updatePositions([position(2, 22, 22)]);
    expect(fake.easeTo).toHaveBeenCalledTimes(calls);
    vi.unstubAllGlobals();
  });

  it('the offline basemap: the coarse outlines for the first map, the fine ones once drawn, the page idle and zoomed in to FINE_BASEMAP_ZOOM, once', async () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void, options?: { timeout?: number }) => {
      expect(options?.timeout).toBe(2_000);
      idle.push(callback);
      return idle.length;
    });
    const fetched: string[] = [];
    const fetchFn = vi.fn(async (url: string) => {
      fetched.push(url);
      return new Response(JSON.stringify(EMPTY_TOPOLOGY), { status: 200 });
    });
    const ready: boolean[] = [];
    const { fake } = setup('offline', { fetch: fetchFn as unknown as typeof fetch, onReady: (r) => ready.push(r) });
    fake.setZoom(2);
    for (const id of Object.values(BASEMAP_SOURCES)) fake.map.addSource(id, { type: 'geojson' });
    fake.fire('style.load');
    await vi.waitFor(() => expect(fetched).toEqual([BASEMAP_ASSETS.coarse]));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.source(BASEMAP_SOURCES.land).setData).toHaveBeenCalledTimes(1);
    expect(ready.at(-1)).not.toBe(true);
    expect(idle).toHaveLength(0);
    fake.fire('idle');
    expect(ready.at(-1)).toBe(true);
    // drawn, but the page not yet idle: zooming in loads nothing (the frame that shows the map comes first)
    expect(idle).toHaveLength(1);
    fake.setZoom(FINE_BASEMAP_ZOOM);
    fake.fire('zoomend');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetched).toEqual([BASEMAP_ASSETS.coarse]);
    // idle at a world view: the coarse outlines are enough
    fake.setZoom(2);
    idle[0]!();
    fake.fire('zoomend');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetched).toEqual([BASEMAP_ASSETS.coarse]);
    fake.setZoom(FINE_BASEMAP_ZOOM);
    fake.fire('zoomend');
    await vi.waitFor(() => expect(fake.source(BASEMAP_SOURCES.land).setData).toHaveBeenCalledTimes(2));
    expect(fetched).toEqual([BASEMAP_ASSETS.coarse, BASEMAP_ASSETS.fine]);
    fake.setZoom(12);
    fake.fire('zoomend');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetched).toHaveLength(2);
    vi.unstubAllGlobals();
  });

  it('the fine basemap is loaded at once when the page becomes idle already zoomed in', async () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const fetched: string[] = [];
    const fetchFn = vi.fn(async (url: string) => {
      fetched.push(url);
      return new Response(JSON.stringify(EMPTY_TOPOLOGY), { status: 200 });
    });
    const { fake } = setup('offline', { fetch: fetchFn as unknown as typeof fetch });
    fake.setZoom(FINE_BASEMAP_ZOOM + 5);
    for (const id of Object.values(BASEMAP_SOURCES)) fake.map.addSource(id, { type: 'geojson' });
    fake.fire('style.load');
    await vi.waitFor(() => expect(fetched).toEqual([BASEMAP_ASSETS.coarse]));
    await new Promise((resolve) => setTimeout(resolve, 0));
    fake.fire('idle');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetched).toEqual([BASEMAP_ASSETS.coarse]);
    idle[0]!();
    await vi.waitFor(() => expect(fetched).toEqual([BASEMAP_ASSETS.coarse, BASEMAP_ASSETS.fine]));
    vi.unstubAllGlobals();
  });

  it('a style switch ends the basemap of the style it leaves: its fine load is aborted and draws nothing', async () => {
    const signals: Array<{ url: string; signal: AbortSignal | undefined }> = [];
    let answerFine: (response: Response) => void = () => undefined;
    const fetchFn = vi.fn((url: string, init?: RequestInit) => {
      signals.push({ url, signal: init?.signal ?? undefined });
      if (url === BASEMAP_ASSETS.fine) return new Promise<Response>((resolve) => (answerFine = resolve));
      return Promise.resolve(new Response(JSON.stringify(EMPTY_TOPOLOGY), { status: 200 }));
    });
    const { fake, settings } = setup('offline', { fetch: fetchFn as unknown as typeof fetch });
    for (const id of Object.values(BASEMAP_SOURCES)) fake.map.addSource(id, { type: 'geojson' });
    fake.fire('style.load');
    await vi.waitFor(() => expect(fake.source(BASEMAP_SOURCES.land).setData).toHaveBeenCalledTimes(1));
    fake.fire('idle');
    await vi.waitFor(() => expect(signals.map((s) => s.url)).toContain(BASEMAP_ASSETS.fine));
    const land = fake.source(BASEMAP_SOURCES.land);
    settings.set({ style: 'osm' });
    expect(signals.find((s) => s.url === BASEMAP_ASSETS.fine)?.signal?.aborted).toBe(true);
    answerFine(new Response(JSON.stringify(EMPTY_TOPOLOGY), { status: 200 }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(land.setData).toHaveBeenCalledTimes(1);
  });

  it('a fine basemap that fails to load leaves the coarse one and the map ready', async () => {
    const fetchFn = vi.fn(async (url: string) => (url === BASEMAP_ASSETS.fine ? new Response('', { status: 500 }) : new Response(JSON.stringify(EMPTY_TOPOLOGY), { status: 200 })));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const ready: boolean[] = [];
    const { fake } = setup('offline', { fetch: fetchFn as unknown as typeof fetch, onReady: (r) => ready.push(r) });
    for (const id of Object.values(BASEMAP_SOURCES)) fake.map.addSource(id, { type: 'geojson' });
    fake.fire('style.load');
    await vi.waitFor(() => expect(fake.source(BASEMAP_SOURCES.land).setData).toHaveBeenCalledTimes(1));
    fake.fire('idle');
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringMatching(/detailed basemap/), expect.anything()));
    expect(fetchFn).toHaveBeenCalledTimes(2);
    expect(fake.source(BASEMAP_SOURCES.land).setData).toHaveBeenCalledTimes(1);
    expect(ready.at(-1)).toBe(true);
    warn.mockRestore();
  });

  it('with holdFirstPaint, paints nothing and is not ready until the fleet is in and taken in; then paints once and is ready', async () => {
    const store = createLiveStore();
    const counts: number[] = [];
    const { fake, painter, painted, ready } = heldController(store, { onFeatureCount: (n) => counts.push(n) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fake.fire('style.load');
    await vi.waitFor(() => expect(noFetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0)); // the offline basemap's failure handled
    // style and basemap loaded, the fleet not in: nothing painted, not ready
    fake.fire('idle');
    painter.render();
    expect(painted).toEqual([]);
    expect(ready.at(-1)).not.toBe(true);

    store.setDevices([device(1)]);
    store.updatePositions([position(1, 10, 10)]);
    expect(counts.at(-1)).toBe(1);
    // the map takes the devices in, then is idle: released; the next frame paints (then fires
    // render), and the map is ready at that frame's idle, not before
    fake.fire('idle');
    expect(ready.at(-1)).not.toBe(true);
    painter.render();
    expect(painted).toEqual([1]);
    expect(ready.at(-1)).not.toBe(true);
    fake.fire('render');
    fake.fire('idle');
    expect(ready.at(-1)).toBe(true);
  });

  it('with holdFirstPaint on the offline style, waits for the basemap’s outlines as well as the fleet', async () => {
    const store = createLiveStore();
    store.setDevices([device(1)], [position(1, 10, 10)]);
    let arrive: (response: Response) => void = () => undefined;
    const fetchFn = vi.fn(() => new Promise<Response>((resolve) => (arrive = resolve)));
    const { fake, painter, painted, ready } = heldController(store, { fetch: fetchFn as unknown as typeof fetch });
    for (const id of Object.values(BASEMAP_SOURCES)) fake.map.addSource(id, { type: 'geojson' });
    fake.fire('style.load');
    // the fleet is in, the outlines are not: an idle now does not paint an empty map
    fake.fire('idle');
    painter.render();
    expect(painted).toEqual([]);
    arrive(new Response(JSON.stringify(EMPTY_TOPOLOGY), { status: 200 }));
    await vi.waitFor(() => expect(fake.source(BASEMAP_SOURCES.land).setData).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    fake.fire('idle');
    painter.render();
    expect(painted).toEqual([1]);
    fake.fire('render');
    fake.fire('idle');
    expect(ready.at(-1)).toBe(true);
  });

  it('with holdFirstPaint, a fleet in before the style loads still makes the map ready only at the idle of the frame that paints it', () => {
    const store = createLiveStore();
    const { fake, painter, painted, ready } = heldController(store, { preferredStyle: 'osm' });
    // the hold's idle listener comes first (content in before style.load), the ready one after it
    store.setDevices([device(1)], [position(1, 10, 10)]);
    fake.fire('style.load');
    fake.fire('idle');
    expect(ready.at(-1)).not.toBe(true);
    painter.render();
    fake.fire('render');
    expect(painted).toEqual([1]);
    fake.fire('idle');
    expect(ready.at(-1)).toBe(true);
  });

  it('without holdFirstPaint the map paints as it loads; with the fleet already in the store it paints at its first idle', () => {
    const loose = createFakeMap();
    const loosePainter = { render: vi.fn() };
    Object.assign(loose.map, { painter: loosePainter });
    createMapController(loose.map as unknown as ControllerMap, createLiveStore(), { settings: createMapSettings(null), rasterize, fetch: noFetch as unknown as typeof fetch });
    loosePainter.render();
    expect(loosePainter.render).toHaveBeenCalledTimes(1);

    const store = createLiveStore();
    store.setDevices([device(1)], [position(1, 10, 10)]);
    const { fake: full, painter, painted } = heldController(store, { preferredStyle: 'osm' });
    painter.render();
    expect(painted).toEqual([]);
    full.fire('idle');
    painter.render();
    expect(painted).toEqual([1]);
  });

  it('draws the geofence feed below the devices and routes, follows the setting, and is re-attached after a style switch', async () => {
    const feed = createGeofenceFeed([{ id: 1, name: 'A', description: null, area: 'CIRCLE (10 10, 100)', calendarId: 0, attributes: {} }]);
    const geofenceCounts: number[] = [];
    const ready: boolean[] = [];
    const { fake, settings } = setup('offline', { geofences: feed, onGeofenceCount: (n) => geofenceCounts.push(n), onReady: (r) => ready.push(r) });
    fake.fire('style.load');
    expect(fake.source(GEOFENCES_SOURCE).lastData()?.features).toHaveLength(2); // the circle and its name
    expect(fake.layers.indexOf(GEOFENCES_LAYERS.label)).toBeLessThan(fake.layers.indexOf('tracking-line'));
    expect(fake.layers.indexOf(GEOFENCES_LAYERS.label)).toBeLessThan(fake.layers.indexOf(DEVICES_LAYERS.clusters));
    expect(geofenceCounts).toEqual([1]);
    // once ready, a new list turns the map not ready until it is idle with it
    await vi.waitFor(() => expect(noFetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0)); // the offline basemap's failure handled
    fake.fire('idle');
    expect(ready.at(-1)).toBe(true);
    feed.set([]);
    expect(ready.at(-1)).toBe(false);
    fake.fire('idle');
    expect(ready.at(-1)).toBe(true);
    expect(geofenceCounts).toEqual([1, 0]);

    settings.set({ geofences: false });
    expect(fake.sources.has(GEOFENCES_SOURCE)).toBe(false);
    expect(geofenceCounts.at(-1)).toBe(0);
    settings.set({ geofences: true });
    expect(fake.sources.has(GEOFENCES_SOURCE)).toBe(true);
    expect(fake.layers.indexOf(GEOFENCES_LAYERS.fill)).toBeLessThan(fake.layers.indexOf('live-routes-line'));

    settings.set({ style: 'osm' });
    fake.dropStyle();
    fake.fire('style.load');
    expect(fake.sources.has(GEOFENCES_SOURCE)).toBe(true);
  });

  it('has no geofence layer without a feed', () => {
    const { fake } = setup();
    fake.fire('style.load');
    expect(fake.sources.has(GEOFENCES_SOURCE)).toBe(false);
  });

  it('attaches the extensions after the app layers on every style load and detaches them before a switch and on destroy', () => {
    const order: string[] = [];
    const extension = vi.fn((map: ControllerMap) => {
      order.push(map.getLayer(DEVICES_LAYERS.icon) ? 'attach after layers' : 'attach before layers');
      return () => order.push(map.getLayer(DEVICES_LAYERS.icon) ? 'detach with layers' : 'detach without layers');
    });
    const failing = vi.fn(() => {
      throw new Error('boom');
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fake, settings, controller } = setup('offline', { extensions: [failing, extension] });
    expect(extension).not.toHaveBeenCalled();
    fake.fire('style.load');
    expect(order).toEqual(['attach after layers']);
    settings.set({ style: 'osm' });
    expect(order).toEqual(['attach after layers', 'detach with layers']);
    fake.dropStyle();
    fake.fire('style.load');
    expect(extension).toHaveBeenCalledTimes(2);
    controller.destroy();
    expect(order).toEqual(['attach after layers', 'detach with layers', 'attach after layers', 'detach with layers']);
  });

  it('destroy removes everything it added', () => {
    const { fake, controller, settings } = setup();
    fake.fire('style.load');
    controller.destroy();
    expect(fake.sources.size).toBe(0);
    expect(fake.layers).toEqual([]);
    settings.set({ style: 'osm' });
    expect(fake.setStyle).not.toHaveBeenCalled();
  });
});

describe('selectByUniqueIdOnce', () => {
  it('selects the device once the devices arrive, and only once', () => {
    const store = createLiveStore();
    selectByUniqueIdOnce(store, 'u2');
    expect(store.getState().selectedId).toBeNull();
    store.setDevices([device(1), device(2)]);
    expect(store.getState().selectedId).toBe(2);
    store.select(null);
    selectByUniqueIdOnce(store, 'u2');
    expect(store.getState().selectedId).toBeNull();
    const cancel = selectByUniqueIdOnce(store, 'u9');
    cancel();
    store.setDevices([device(9)]);
    expect(store.getState().selectedId).toBeNull();
  });
});

describe('selectByUniqueIdOnce: a device the fleet did not bring', () => {
  /** The lookup the map page provides, with the fleet's load and the server in the test's hands. */
  function lookup(server: Array<ReturnType<typeof device>>, store: ReturnType<typeof createLiveStore>) {
    let fleetIn = (): void => {};
    const fleet = new Promise<void>((resolve) => {
      fleetIn = resolve;
    });
    const asked: string[] = [];
    const notFound = vi.fn();
    return {
      asked,
      notFound,
      fleetIn: async () => {
        fleetIn();
        for (let i = 0; i < 5; i++) await Promise.resolve();
      },
      lookup: {
        fleetLoaded: () => fleet,
        find: async (uniqueId: string) => {
          asked.push(uniqueId);
          const found = server.find((item) => item.uniqueId === uniqueId);
          return found ? { device: found, position: position(found.id, 24.8, 46.8) } : null;
        },
        // the socket machine's DEVICE_SAVED, as the composition root applies it
        deliver: (found: ReturnType<typeof device>, at: ReturnType<typeof position> | null) => store.apply({ devices: [found], positions: at ? [at] : [] }),
        notFound,
      },
    };
  }

  it('asks the server once the fleet is in without it, puts the device with its position in the store and selects it', async () => {
    const store = createLiveStore();
    const { lookup: given, fleetIn, asked, notFound } = lookup([device(7)], store);
    selectByUniqueIdOnce(store, 'u7', given);
    store.setDevices([device(1), device(2)]);
    // not before the fleet's load is done: the load may bring it
    expect(asked).toEqual([]);
    await fleetIn();
    expect(asked).toEqual(['u7']);
    expect(store.getState().selectedId).toBe(7);
    expect(store.getState().positions.get(7)?.latitude).toBe(24.8);
    expect(notFound).not.toHaveBeenCalled();
    // once: back on the map, nothing is asked or selected again
    store.select(null);
    selectByUniqueIdOnce(store, 'u7', given);
    await fleetIn();
    expect(asked).toEqual(['u7']);
    expect(store.getState().selectedId).toBeNull();
  });

  it('asks nothing when the fleet brings it; says when the server has none; asks nothing after the page went', async () => {
    const store = createLiveStore();
    const first = lookup([], store);
    selectByUniqueIdOnce(store, 'u2', first.lookup);
    store.setDevices([device(1), device(2)]);
    await first.fleetIn();
    expect(store.getState().selectedId).toBe(2);
    expect(first.asked).toEqual([]);

    const missing = lookup([], store);
    selectByUniqueIdOnce(store, 'nobody', missing.lookup);
    await missing.fleetIn();
    expect(missing.asked).toEqual(['nobody']);
    expect(missing.notFound).toHaveBeenCalledWith('nobody');
    expect(store.getState().selectedId).toBe(2);

    const left = lookup([device(9)], store);
    const cancel = selectByUniqueIdOnce(store, 'u9', left.lookup);
    cancel();
    await left.fleetIn();
    expect(left.asked).toEqual([]);
    expect(store.getState().devices.has(9)).toBe(false);
  });
});
