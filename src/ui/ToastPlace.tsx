import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode, type RefCallback } from 'react';
import * as styles from './Toast.css';
import { cx } from './cx';

/**
 * Where toasts go (the event toasts, the errors toast, the update prompt): a place of their own
 * that covers no control, no form field and no navigation. In order of preference:
 *
 * - a page's own zone (`ToastZone`), which the page keeps clear of its controls: the live map on
 *   phones, where the strip below would shorten the map and move it and its card at every event
 *   (not while something covers the page: `useCoverToastZone`);
 * - the shell's strip (`useToastStrip`, AppShell): a row of its own at the bottom of the sidebar
 *   from tablets up, above the bottom navigation on phones. It takes room rather than covering:
 *   the content beside it (the sidebar's lists, the page on phones) is shortened while it holds
 *   something, and a shortened scrolling page only shows less at its bottom (nothing moves);
 * - with no shell (the sign-in pages), a dock fixed at the bottom of the screen.
 */
interface ToastPlaceValue {
  place: HTMLElement | null;
  setStrip: (element: HTMLElement | null) => void;
  setZone: (element: HTMLElement | null) => void;
  setZoneCovered: (covered: boolean) => void;
}

const ToastPlaceContext = createContext<ToastPlaceValue | null>(null);

export function ToastPlaceProvider({ children }: { children: ReactNode }) {
  const [dock, setDock] = useState<HTMLElement | null>(null);
  const [strip, setStrip] = useState<HTMLElement | null>(null);
  const [zone, setZone] = useState<HTMLElement | null>(null);
  const [zoneCovered, setZoneCovered] = useState(false);
  const place = (zoneCovered ? null : zone) ?? strip ?? dock;
  const value = useMemo(() => ({ place, setStrip, setZone, setZoneCovered }), [place]);
  return (
    <ToastPlaceContext.Provider value={value}>
      {children}
      {/* the fallback: empty (and so not shown) while a strip or a zone is the place */}
      <div ref={setDock} className={cx(styles.place, styles.dock)} data-toast-place="dock" />
    </ToastPlaceContext.Provider>
  );
}

/** The element toasts are rendered into (portals), or null outside a `ToastPlaceProvider`. */
export function useToastPlace(): HTMLElement | null {
  return useContext(ToastPlaceContext)?.place ?? null;
}

const ignore = () => {};

/** A ref for the shell's strip (AppShell). */
export function useToastStrip(): RefCallback<HTMLElement> {
  return useContext(ToastPlaceContext)?.setStrip ?? ignore;
}

/**
 * While `covered`, a page's zone is not the place (the shell's strip is): for a view the shell lays
 * over the page (the device list on phones), which the zone's toasts would otherwise cover.
 */
export function useCoverToastZone(covered: boolean): void {
  const setZoneCovered = useContext(ToastPlaceContext)?.setZoneCovered ?? ignore;
  useEffect(() => {
    setZoneCovered(covered);
    return () => setZoneCovered(false);
  }, [covered, setZoneCovered]);
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
}

/** A page's own place for toasts, taking over from the shell's strip while it is mounted (and `media` matches). */
export function ToastZone({ className, media }: ToastZoneProps) {
  const setZone = useContext(ToastPlaceContext)?.setZone ?? ignore;
  const active = useMediaQuery(media ?? 'all');
  return (
    <div className={className}>
      <div ref={active ? setZone : undefined} className={styles.place} data-toast-place="zone" />
    </div>
  );
}
