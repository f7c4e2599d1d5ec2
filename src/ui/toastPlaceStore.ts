import { useSyncExternalStore } from 'react';
import { createValueStore } from '../domain/valueStore';

/**
 * The element toasts are portalled into, named by the shell (ToastPlace.tsx: its strip, or a page's
 * zone); null without the shell (the sign-in pages), where the app frame's own dock holds them.
 * A store of its own, this small, because the app frame (in the sign-in bundle) reads it.
 */
const place = createValueStore<HTMLElement | null>(null);

export function setToastPlace(element: HTMLElement | null): void {
  place.set(element);
}

/** The toasts' place now (re-rendering when it changes). */
export function useToastPlace(): HTMLElement | null {
  return useSyncExternalStore(place.subscribe, place.get, place.get);
}
