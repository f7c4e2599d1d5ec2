// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveStore } from '../domain/liveStore';
import { CAMERA } from '../machines/camera/camera.machine';
import { attachCamera, type CameraMap } from './camera';
import { EDGE_GAP, KEEP_MARGIN } from './freeArea';
import { createMapSettings } from './settings';
import { device, position } from '../../tests/helpers/testModels';

const WIDTH = 920;
const HEIGHT = 800;
/** Pixels per degree at zoom 0 of this flat fake (north up, no projection). */
const PX = 100;

/**
 * A map with a camera: the centre and the zoom, a degree is `PX × 2^zoom` pixels, y down. `easeTo`
 * lands at once (its own events carry no `originalEvent`), unless `slow` holds it under way.
 */
function createCameraMap() {
  const container = document.createElement('div');
  Object.defineProperty(container, 'clientWidth', { value: WIDTH });
  Object.defineProperty(container, 'clientHeight', { value: HEIGHT });
  container.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: WIDTH, height: HEIGHT });
  document.body.append(container);
  const handlers = new Map<string, Set<(event: { type: string; originalEvent?: unknown }) => void>>();
  const camera = { lon: 0, lat: 0, zoom: 10 };
  let moving = false;
  /** where a slow ease will land */
  let landing: { lon: number; lat: number } | null = null;
  const scale = () => PX * 2 ** (camera.zoom - 10);
  const fire = (type: string, event: { originalEvent?: unknown } = {}) => {
    for (const handler of [...(handlers.get(type) ?? [])]) handler({ type, ...event });
  };
  const project = ([lon, lat]: [number, number]) => ({ x: WIDTH / 2 + (lon - camera.lon) * scale(), y: HEIGHT / 2 - (lat - camera.lat) * scale() });
  const easeTo = vi.fn((options: { center: [number, number]; offset: [number, number] }) => {
    // the centre's place ends at the middle plus the offset
    const [lon, lat] = options.center;
    const [dx, dy] = options.offset;
    fire('movestart');
    const end = { lon: lon - dx / scale(), lat: lat + dy / scale() };
    if (map.slow) {
      // under way: the camera is still where it was
      landing = end;
      moving = true;
      return;
    }
    Object.assign(camera, end);
    fire('moveend');
  });
  const map = {
    slow: false,
    getContainer: () => container,
    project,
    getZoom: () => camera.zoom,
    getCenter: () => ({ lng: camera.lon, lat: camera.lat }),
    isMoving: () => moving,
    easeTo,
    on: (type: string, handler: (event: { originalEvent?: unknown }) => void) => {
      const set = handlers.get(type) ?? new Set();
      set.add(handler);
      handlers.set(type, set);
    },
    off: (type: string, handler: (event: { originalEvent?: unknown }) => void) => handlers.get(type)?.delete(handler),
  };
  const person = { type: 'mousedown' };
  return {
    map,
    camera,
    container,
    easeTo,
    /** where a place is on the screen now */
    at: (lon: number, lat: number) => project([lon, lat]),
    /** a person drags the map by (dx, dy) pixels */
    drag(dx: number, dy: number) {
      fire('movestart', { originalEvent: person });
      fire('dragstart', { originalEvent: person });
      camera.lon -= dx / scale();
      camera.lat += dy / scale();
      fire('moveend', { originalEvent: person });
    },
    /** a person turns the map (the compass): no pan, no zoom */
    rotate() {
      fire('movestart', { originalEvent: person });
      fire('rotatestart', { originalEvent: person });
      fire('moveend', { originalEvent: person });
    },
    /** a person zooms (the wheel, a button) around the centre */
    zoom(by: number) {
      fire('movestart', { originalEvent: person });
      fire('zoomstart', { originalEvent: person });
      camera.zoom += by;
      fire('zoomend', { originalEvent: person });
      fire('moveend', { originalEvent: person });
    },
    fire,
    /** the app's slow ease ends */
    settle() {
      if (landing) Object.assign(camera, landing);
      landing = null;
      moving = false;
      fire('moveend');
    },
  };
}

/** An element over the map, marked as an obstacle (the card), at these map pixels. */
function obstacle(left: number, top: number, width: number, height: number): HTMLElement {
  const element = document.createElement('div');
  element.dataset.mapObstacle = '';
  element.getBoundingClientRect = () => DOMRect.fromRect({ x: left, y: top, width, height });
  document.body.append(element);
  return element;
}

/** The card of the desktop layout: inline-start, bottom, 288 × 480. */
const CARD = { left: 16, top: 304, right: 304, bottom: 784 };

function setup(options: { follow?: boolean; onPaused?: (paused: boolean) => void } = {}) {
  const fake = createCameraMap();
  const store = createLiveStore();
  store.setDevices([device(1), device(2)]);
  store.updatePositions([position(1, 0, 0), position(2, 1, 1)]);
  const settings = createMapSettings(null);
  if (options.follow) settings.set({ follow: true });
  const card = obstacle(CARD.left, CARD.top, CARD.right - CARD.left, CARD.bottom - CARD.top);
  const detach = attachCamera(fake.map as unknown as CameraMap, store, settings, options.onPaused ? { onPaused: options.onPaused } : {});
  /** where device 1 is on the screen (its last position) */
  const deviceAt = () => {
    const p = store.getState().positions.get(1)!;
    return fake.at(p.longitude, p.latitude);
  };
  const underCard = (point: { x: number; y: number }) => point.x >= CARD.left && point.x <= CARD.right && point.y >= CARD.top && point.y <= CARD.bottom;
  const onScreen = (point: { x: number; y: number }) => point.x >= 0 && point.x <= WIDTH && point.y >= 0 && point.y <= HEIGHT;
  let lat = 0;
  let lon = 0;
  /** device 1 moves by these degrees */
  const move = (dLon: number, dLat: number) => {
    lon += dLon;
    lat += dLat;
    store.updatePositions([position(1, lat, lon)]);
  };
  return { fake, store, settings, card, detach, deviceAt, underCard, onScreen, move };
}

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('the selected device kept in view', () => {
  it('selecting a device under the card eases it beside the card, the least', () => {
    const { fake, store, deviceAt, underCard } = setup();
    // the device left of the map's centre, low: under the card, nearer its right side than its top
    fake.camera.lon = 3;
    fake.camera.lat = 2;
    expect(underCard(deviceAt())).toBe(true);
    store.select(1);
    expect(fake.easeTo).toHaveBeenCalledTimes(1);
    const point = deviceAt();
    expect(underCard(point)).toBe(false);
    // just beside the card (its right side plus the margin), at the same height
    expect(point.x).toBeCloseTo(CARD.right + KEEP_MARGIN + EDGE_GAP, 6);
    expect(point.y).toBeCloseTo(HEIGHT / 2 + 200, 6);
  });

  it('each position that would take it under the card or off the screen moves the map the least; others move nothing', () => {
    const { fake, store, deviceAt, underCard, onScreen, move } = setup();
    store.select(1);
    expect(fake.easeTo).not.toHaveBeenCalled(); // at the centre, free
    // drives west (towards the card) and then south, a few pixels a step
    for (let step = 0; step < 120; step++) {
      if (step < 60) move(-0.3, 0);
      else move(0, -0.3);
      const point = deviceAt();
      expect(underCard(point), `step ${step}`).toBe(false);
      expect(onScreen(point), `step ${step}`).toBe(true);
      expect(point.x).toBeGreaterThanOrEqual(KEEP_MARGIN - 1e-6);
      expect(point.y).toBeLessThanOrEqual(HEIGHT - KEEP_MARGIN + 1e-6);
    }
    const moves = fake.easeTo.mock.calls.length;
    expect(moves).toBeGreaterThan(0);
    // another device's positions: no move, no reading of the page's layout
    const read = vi.spyOn(fake.container, 'getBoundingClientRect');
    store.updatePositions([position(2, -50, -50)]);
    expect(fake.easeTo).toHaveBeenCalledTimes(moves);
    expect(read).not.toHaveBeenCalled();
  });

  it('decides against where its own ease is going, not where the camera is on the way', () => {
    const { fake, store, deviceAt, onScreen, underCard, move } = setup();
    fake.map.slow = true;
    fake.camera.lon = 3;
    fake.camera.lat = 2;
    store.select(1);
    // under way: the map will move right by ~185 px; the camera has not moved yet
    expect(fake.easeTo).toHaveBeenCalledTimes(1);
    expect(underCard(deviceAt())).toBe(true);
    // a position far to the right: in view where the camera is now, off the screen where it is going
    move(6.5, 0);
    expect(deviceAt().x).toBeLessThan(WIDTH - KEEP_MARGIN);
    expect(fake.easeTo).toHaveBeenCalledTimes(2);
    fake.settle();
    expect(onScreen(deviceAt())).toBe(true);
    expect(deviceAt().x).toBeCloseTo(WIDTH - KEEP_MARGIN, 6);
  });

  it("a person's pan pauses it until they select again", () => {
    const { fake, store, deviceAt, onScreen, move } = setup();
    store.select(1);
    fake.drag(300, 0);
    const moves = fake.easeTo.mock.calls.length;
    for (let step = 0; step < 30; step++) move(0.5, 0);
    expect(fake.easeTo).toHaveBeenCalledTimes(moves);
    expect(onScreen(deviceAt())).toBe(false);
    // selecting again resumes, at once
    store.select(1);
    expect(onScreen(deviceAt())).toBe(true);
  });

  it('tells when keeping it in view pauses and resumes (the card offers to show the device again)', () => {
    const paused: boolean[] = [];
    const { fake, store } = setup({ onPaused: (value) => paused.push(value) });
    store.select(1);
    expect(paused).toEqual([]);
    fake.drag(300, 0);
    expect(paused).toEqual([true]);
    fake.drag(10, 0); // still paused: told once
    store.select(1); // chosen again
    expect(paused).toEqual([true, false]);
    fake.drag(300, 0);
    store.select(null); // deselected: nothing to keep, nothing paused
    expect(paused).toEqual([true, false, true, false]);
  });

  it("a new move of a person is a new gesture even when the last one's end was never seen", () => {
    vi.useFakeTimers();
    const { fake, store, move } = setup();
    store.startTracking(1);
    store.select(1);
    // a zoom whose end never comes…
    fake.fire('movestart', { originalEvent: { type: 'wheel' } });
    fake.camera.zoom += 1;
    // …then a pan: a pan (it pauses), not the end of a zoom (which would bring the device back)
    fake.drag(100, 0);
    const moves = fake.easeTo.mock.calls.length;
    move(20, 0);
    vi.advanceTimersByTime(CAMERA.settleMs * 2);
    expect(fake.easeTo).toHaveBeenCalledTimes(moves);
  });

  it("a person's zoom pauses it too (no Track)", () => {
    const { fake, store, move } = setup();
    store.select(1);
    fake.zoom(2);
    const moves = fake.easeTo.mock.calls.length;
    move(10, 10);
    expect(fake.easeTo).toHaveBeenCalledTimes(moves);
  });

  it('the app\'s own moves (no originalEvent) never pause it', () => {
    const { fake, store, deviceAt, onScreen, move } = setup();
    store.select(1);
    for (let step = 0; step < 10; step++) move(0.6, 0);
    expect(fake.easeTo.mock.calls.length).toBeGreaterThan(1);
    expect(onScreen(deviceAt())).toBe(true);
  });

  it('tracked: a zoom never pauses it, and once settled the device is brought back into view; a pan does', () => {
    vi.useFakeTimers();
    const { fake, store, deviceAt, onScreen, move } = setup();
    store.startTracking(1);
    store.select(1);
    move(1.5, 0); // right of the centre, in view
    expect(onScreen(deviceAt())).toBe(true);
    fake.zoom(3); // 8 × closer: off the screen
    expect(onScreen(deviceAt())).toBe(false);
    vi.advanceTimersByTime(CAMERA.settleMs);
    expect(onScreen(deviceAt())).toBe(true);
    // and it keeps following positions at the new zoom
    move(1, 0);
    expect(onScreen(deviceAt())).toBe(true);
    // a pan pauses
    fake.drag(-600, 0);
    const moves = fake.easeTo.mock.calls.length;
    move(1, 0);
    vi.advanceTimersByTime(CAMERA.settleMs * 2);
    expect(fake.easeTo).toHaveBeenCalledTimes(moves);
    // Track stopped and started again on the card resumes
    store.stopTracking(1);
    store.startTracking(1);
    expect(onScreen(deviceAt())).toBe(true);
  });

  it('tracked: a two-finger pan that changes the zoom by a hair is a pan (it pauses); a turn of the compass is not', () => {
    vi.useFakeTimers();
    const { fake, store, deviceAt, onScreen, move } = setup();
    store.startTracking(1);
    store.select(1);
    move(1.5, 0);
    // the compass: no pan, no zoom; the device is still kept
    fake.rotate();
    vi.advanceTimersByTime(CAMERA.settleMs);
    move(4, 0); // off the screen at this zoom
    expect(onScreen(deviceAt())).toBe(true);
    // a pinch that pans, the zoom moved by 0.01: a pan, which pauses
    fake.fire('movestart', { originalEvent: { type: 'touchstart' } });
    fake.camera.lon -= 2;
    fake.camera.zoom += 0.01;
    fake.fire('moveend', { originalEvent: { type: 'touchend' } });
    const moves = fake.easeTo.mock.calls.length;
    move(8, 0);
    vi.advanceTimersByTime(CAMERA.settleMs * 2);
    expect(fake.easeTo).toHaveBeenCalledTimes(moves);
  });

  it('follow centres the device (the zoom kept), also after a pan', () => {
    const { fake, store, deviceAt, move } = setup({ follow: true });
    store.select(1);
    move(1, 1);
    expect(deviceAt().x).toBeCloseTo(WIDTH / 2, 6);
    expect(deviceAt().y).toBeCloseTo(HEIGHT / 2, 6);
    fake.drag(200, 200);
    move(1, 1);
    expect(deviceAt().x).toBeCloseTo(WIDTH / 2, 6);
    expect(fake.camera.zoom).toBe(10);
  });

  it('the card opening (an obstacle added) reveals the device again, once per frame', async () => {
    const { fake, store, card, deviceAt, underCard } = setup();
    card.remove();
    fake.camera.lon = 3;
    store.select(1);
    // no card yet: the device was free where it was
    expect(fake.easeTo).not.toHaveBeenCalled();
    document.body.append(card);
    await vi.waitFor(() => expect(fake.easeTo).toHaveBeenCalledTimes(1));
    expect(underCard(deviceAt())).toBe(false);
  });

  it('watches the size of the map and of what is marked as an obstacle, not the scale bar (its width follows the camera)', () => {
    const observed: Element[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe(element: Element) {
          observed.push(element);
        }
        unobserve() {}
        disconnect() {}
      },
    );
    const { fake, store, card } = setup();
    const scale = document.createElement('div');
    scale.className = 'maplibregl-ctrl maplibregl-ctrl-scale';
    fake.container.append(scale);
    store.select(1);
    expect(observed).toContain(fake.container);
    expect(observed).toContain(card);
    expect(observed).not.toContain(scale);
  });

  it('deselecting stops it; detaching stops listening', () => {
    const { fake, store, detach, move } = setup();
    store.select(1);
    store.select(null);
    fake.camera.lon = 100;
    move(1, 0);
    expect(fake.easeTo).not.toHaveBeenCalled();
    store.select(1);
    expect(fake.easeTo).toHaveBeenCalledTimes(1);
    detach();
    move(50, 0);
    store.select(2);
    expect(fake.easeTo).toHaveBeenCalledTimes(1);
  });
});
