/**
 * Local storage that may be missing or refuse (private mode, quota): a read gives null, a write is
 * dropped. The one safe way in: the push token (composition root) and the page choices (storedChoice).
 */
type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function storageAccess(storage?: () => Store): { read: (key: string) => string | null; write: (key: string, value: string | null) => void } {
  return {
    read(key) {
      try {
        return storage?.().getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    write(key, value) {
      try {
        const store = storage?.();
        if (value === null) store?.removeItem(key);
        else store?.setItem(key, value);
      } catch {
        // ignored: the value is applied, not remembered (a push token then stays on the user at logout)
      }
    },
  };
}
