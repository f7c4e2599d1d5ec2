import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import * as styles from './Toast.css';
import { setToastPlace } from './toastPlaceStore';

/**
 * Where toasts go (the event toasts, the errors toast, the update prompt): a place of their own
 * that covers no control, no form field and no navigation. In order of preference:
 *
 * - a page's own zone (`ToastZone`), which the page keeps clear of its controls: the live map on
 *   phones, where the strip below would shorten the map and move it and its card at every event
 *   (not while the shell lays a view over the page: `useCoverToastZone`);
 * - the shell's strip (`useToastStrip`, AppShell): a row of its own at the bottom of the sidebar
 *   from tablets up, above the bottom navigation on phones. It takes room rather than covering:
 *   the content beside it (the sidebar's lists, the page on phones) is shortened while it holds
 *   something, and a shortened scrolling page only shows less at its bottom (nothing moves);
 * - with no shell (the sign-in pages), the app frame's dock at the bottom of the screen.
 *
 * There is one shell and one page at a time: the choice is kept here and written to the store the
 * toasts read (`toastPlaceStore.ts`).
 */
const places: { strip: HTMLElement | null; zone: HTMLElement | null; zoneCovered: boolean } = { strip: null, zone: null, zoneCovered: false };

function choose(): void {
  setToastPlace((places.zoneCovered ? null : places.zone) ?? places.strip);
}

function setStrip(element: HTMLElement | null): void {
  places.strip = element;
  choose();
}

function setZone(element: HTMLElement | null): void {
  places.zone = element;
  choose();
}

/** A ref for the shell's strip (AppShell). */
export function useToastStrip(): (element: HTMLElement | null) => void {
  return setStrip;
}

/**
 * While `covered`, a page's zone is not the place (the shell's strip is): for a view the shell lays
 * over the page (the device list on phones), which the zone's toasts would otherwise cover.
 */
export function useCoverToastZone(covered: boolean): void {
  useEffect(() => {
    places.zoneCovered = covered;
    choose();
    return () => {
      places.zoneCovered = false;
      choose();
    };
  }, [covered]);
}

function subscribeMedia(query: string) {
  return (onChange: () => void) => {
    const list = globalThis.matchMedia?.(query);
    list?.addEventListener('change', onChange);
    return () => list?.removeEventListener('change', onChange);
  };
}

/** Whether the media query matches now (re-rendering when it changes); false without `matchMedia`. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useMemo(() => subscribeMedia(query), [query]);
  const matches = useCallback(() => globalThis.matchMedia?.(query).matches ?? false, [query]);
  return useSyncExternalStore(subscribe, matches, () => false);
}

export interface ToastZoneProps {
  /** Positions the zone in the page (clear of the page's controls); the place is inside it. */
  className: string;
  /** The media query under which the zone is the place (always when absent). */
  media?: string;
  /**
   * Marks the zone as covering the live map (`data-map-obstacle`): while it holds toasts the map
   * keeps the selected device clear of them (empty, it has no size and covers nothing).
   */
  mapObstacle?: boolean;
}

/** A page's own place for toasts, taking over from the shell's strip while it is mounted (and `media` matches). */
export function ToastZone({ className, media, mapObstacle = false }: ToastZoneProps) {
  const active = useMediaQuery(media ?? 'all');
  return (
    <div className={className} {...(mapObstacle ? { 'data-map-obstacle': '' } : {})}>
      <div ref={active ? setZone : undefined} className={styles.place} data-toast-place="zone" />
    </div>
  );
}
