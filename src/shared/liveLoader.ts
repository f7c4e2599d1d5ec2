import type { LiveStore } from '../domain/liveStore';
import { loadOnce } from './loadOnce';

/**
 * The live store, loaded with the signed-in side rather than with the sign-in page: its code (the
 * store and its rules) is only needed once someone is signed in. Asked for by Sign in, by the
 * socket before it connects or fetches the fleet, and by the protected layout before it draws; one
 * store for the page's life. A failed import is forgotten, so the next use asks again.
 */
export interface LiveLoader {
  /** The store once loaded; null before. */
  current(): LiveStore | null;
  load(): Promise<LiveStore>;
  /** Runs `use` on the store now when it is loaded, else once it is (in the order asked). */
  use(use: (store: LiveStore) => void): void;
}

export function createLiveLoader(importStore: () => Promise<LiveStore>): LiveLoader {
  let store: LiveStore | null = null;
  const load = loadOnce(() => importStore().then((loaded) => (store = loaded)));
  return {
    current: () => store,
    load,
    use: (use) => {
      if (store) use(store);
      else load().then(use, () => undefined);
    },
  };
}
