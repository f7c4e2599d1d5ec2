/** Local storage that may be missing or refuse (private mode, quota): a failure is ignored. */
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
        // ignored: the token is then not removed at logout, as on a device without storage
      }
    },
  };
}
