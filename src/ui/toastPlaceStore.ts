import { useSyncExternalStore } from 'react';

/**
 * The element toasts are portalled into, named by the shell (ToastPlace.tsx: its strip, or a page's
 * zone); null without the shell (the sign-in pages), where the app frame's own dock holds them.
 * A store of its own, this small, because the app frame (in the sign-in bundle) reads it.
 */
let place: HTMLElement | null = null;
const listeners = new Set<() => void>();

export function setToastPlace(element: HTMLElement | null): void {
  if (element === place) return;
  place = element;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const read = () => place;

/** The toasts' place now (re-rendering when it changes). */
export function useToastPlace(): HTMLElement | null {
  return useSyncExternalStore(subscribe, read, read);
}
