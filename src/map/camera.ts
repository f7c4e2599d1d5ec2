/**
 * The selected device kept in view on the live map: runs the camera machine
 * (`src/machines/camera`) for one map and gives it what it needs.
 *
 * - From the live store (inside its change, only for the selected device: O(1) per change):
 *   SELECTED / DESELECTED, POSITION when the selected device's position changed, TRACKING when
 *   Track starts or stops for it.
 * - From the map: a person's moves. MapLibre's movement events carry `originalEvent` when a
 *   person caused them (a drag, the wheel, a pinch, the keys, and the zoom and compass buttons,
 *   which pass their click along); the app's own `easeTo` carries none. The first such event of a
 *   move sends USER_MOVING; its `moveend` sends USER_ZOOMED when the zoom changed (by
 *   `GESTURE_ZOOM` at least) or the view only turned around the same place, else USER_PANNED.
 * - From the settings: FOLLOW.
 * - `reveal`: reads the free part of the map (`freeArea.ts`: the container less what is marked
 *   `data-map-obstacle` and MapLibre's controls, read at that moment only) and eases the map the
 *   least that puts the device there, or centres it there with follow on.
 * - `watchFreeArea` (while a device is selected): a MutationObserver on the map's page
 *   (`[data-map-page]`) notices obstacles coming and going (the card opening, closing, being replaced), a ResizeObserver their sizes and the map's;
 *   each burst of changes sends one FREE_AREA_CHANGED, in the next animation frame (after MapLibre
 *   has taken a new size in).
 */
import type { Map as MaplibreMap, MapLibreEvent } from 'maplibre-gl';
import { createActor } from 'xstate';
import { hasValidCoordinates, type LiveState, type LiveStore } from '../domain/liveStore';
import { provideCameraEffects } from '../machines/camera/camera.effects';
import { freeArea, keepTarget, measureObstacles, OBSTACLE_SELECTOR, type Point } from './freeArea';
import type { MapSettingsStore } from './settings';

export type CameraMap = Pick<MaplibreMap, 'easeTo' | 'project' | 'getContainer' | 'getZoom' | 'getCenter' | 'isMoving' | 'on' | 'off'>;

/**
 * A person's move changed the zoom when it changed by at least this much: a two-finger pan changes
 * it by a hair, and is a pan.
 */
export const GESTURE_ZOOM = 0.05;
/** …and moved the map when the place at its centre moved by at least this many pixels. */
export const GESTURE_PAN_PX = 3;

/** How long a camera move of the app takes (ms). */
export const REVEAL_MS = 500;

/** The movement events whose `originalEvent` says a person started moving the map. */
const START_EVENTS = ['movestart', 'dragstart', 'zoomstart', 'rotatestart', 'pitchstart'] as const;

type MovementEvent = MapLibreEvent & { originalEvent?: unknown };

/** Where the selected device is (longitude, latitude), or null. */
function selectedPlace(state: LiveState): [number, number] | null {
  const id = state.selectedId;
  const position = id === null ? undefined : state.positions.get(id);
  return position && hasValidCoordinates(position) ? [position.longitude, position.latitude] : null;
}

/** Calls `changed` (once per animation frame at most) when obstacles come, go or change size, or the map does. */
export function watchFreeArea(container: HTMLElement, changed: () => void): () => void {
  let frame = 0;
  const notify = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      changed();
    });
  };
  const resize = new ResizeObserver(notify);
  resize.observe(container);
  let observed = new Set<Element>();
  // (MapLibre's controls are measured at each decision but not watched: they keep their size, but
  // for the scale bar, whose width follows the camera, frame by frame while the map moves)
  const find = (): Set<Element> => new Set((container.closest('[data-map-page]') ?? document).querySelectorAll(OBSTACLE_SELECTOR));
  const update = () => {
    const now = find();
    let same = now.size === observed.size;
    for (const element of now) {
      if (observed.has(element)) continue;
      same = false;
      // observing fires once at once with the element's size
      resize.observe(element);
    }
    for (const element of observed) if (!now.has(element)) resize.unobserve(element);
    observed = now;
    if (!same) notify();
  };
  update();
  // obstacles come and go on the map's page (the card, the toasts' zone, a notice): watched there
  // only, not in the whole document, whose lists change with every flush of positions
  const mutations = new MutationObserver(update);
  const root = container.closest('[data-map-page]') ?? document.body;
  mutations.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-map-obstacle'] });
  return () => {
    mutations.disconnect();
    resize.disconnect();
    if (frame) cancelAnimationFrame(frame);
  };
}

export interface CameraOptions {
  /**
   * Told when keeping the selected device in view pauses (a person moved the map away) and resumes:
   * the card then offers to show the device again.
   */
  onPaused?: (paused: boolean) => void;
}

export function attachCamera(map: CameraMap, store: LiveStore, settings: MapSettingsStore, options: CameraOptions = {}): () => void {
  /** The app's own ease under way: the device's place it moves and the point it takes it to. */
  let ease: { place: [number, number]; target: Point } | null = null;

  function reveal({ centre }: { centre: boolean }): void {
    const place = selectedPlace(store.getState());
    if (!place) return;
    const container = map.getContainer();
    const width = container.clientWidth;
    const height = container.clientHeight;
    if (width === 0 || height === 0) return;
    let point: Point = map.project(place);
    if (ease) {
      // decided against where the camera is going, not where it is on the way: the same zoom and
      // bearing, so the ease's end shifts every point by the same amount
      const from = map.project(ease.place);
      point = { x: point.x + ease.target.x - from.x, y: point.y + ease.target.y - from.y };
    }
    const target = keepTarget(point, width, height, freeArea(width, height, measureObstacles(container)), centre ? 'centre' : 'least');
    if (!target) return;
    map.easeTo({ center: place, offset: [target.x - width / 2, target.y - height / 2], duration: REVEAL_MS });
    ease = map.isMoving() ? { place, target } : null;
  }

  const state = store.getState();
  const camera = createActor(
    provideCameraEffects({
      reveal,
      watchFreeArea: (changed) => watchFreeArea(map.getContainer(), changed),
    }),
    { input: { follow: settings.get().follow } },
  );
  camera.start();
  let paused = false;
  const pausedSubscription = camera.subscribe((snapshot) => {
    const now = snapshot.hasTag('paused');
    if (now === paused) return;
    paused = now;
    options.onPaused?.(now);
  });

  let tracked = state.selectedId !== null && state.tracking.has(state.selectedId);
  if (state.selectedId !== null) camera.send({ type: 'SELECTED', tracking: tracked });

  const unsubscribe = store.subscribe((next, change) => {
    const id = next.selectedId;
    if (change.type === 'select' || change.slices.has('selection')) {
      tracked = id !== null && next.tracking.has(id);
      camera.send(id === null ? { type: 'DESELECTED' } : { type: 'SELECTED', tracking: tracked });
      return;
    }
    if (id === null) return;
    if (change.slices.has('tracking') && next.tracking.has(id) !== tracked) {
      tracked = !tracked;
      camera.send({ type: 'TRACKING', on: tracked });
    }
    if (change.slices.has('positions') && change.changedIds.has(id)) camera.send({ type: 'POSITION' });
  });

  const unsubscribeSettings = settings.subscribe((next, previous) => {
    if (next.follow !== previous.follow) camera.send({ type: 'FOLLOW', on: next.follow });
  });

  /** A person's move under way: the zoom and the place at the centre it started at. */
  let gesture: { zoom: number; centre: [number, number] } | null = null;
  const onStart = (event: MovementEvent) => {
    if (!event.originalEvent) return;
    // the app's ease, if any, has been stopped by the person
    ease = null;
    // `movestart` begins a move (MapLibre fires it only when the map was still; a drag's inertia
    // goes on without one): a new gesture, even if the end of the last one was never seen
    if (gesture && event.type !== 'movestart') return;
    const centre = map.getCenter();
    gesture = { zoom: map.getZoom(), centre: [centre.lng, centre.lat] };
    camera.send({ type: 'USER_MOVING' });
  };
  const onEnd = () => {
    if (map.isMoving()) return;
    ease = null;
    if (!gesture) return;
    const zoomed = Math.abs(map.getZoom() - gesture.zoom) >= GESTURE_ZOOM;
    const container = map.getContainer();
    const was = map.project(gesture.centre);
    const panned = Math.hypot(was.x - container.clientWidth / 2, was.y - container.clientHeight / 2) >= GESTURE_PAN_PX;
    gesture = null;
    // a zoom, or a turn of the view around the same place (the compass, a rotation), is not a pan
    camera.send({ type: zoomed || !panned ? 'USER_ZOOMED' : 'USER_PANNED' });
  };
  for (const type of START_EVENTS) map.on(type, onStart);
  map.on('moveend', onEnd);

  return () => {
    for (const type of START_EVENTS) map.off(type, onStart);
    map.off('moveend', onEnd);
    unsubscribe();
    unsubscribeSettings();
    pausedSubscription.unsubscribe();
    camera.stop();
  };
}
