/** The stored backend origin choice from /change-server; storage failures are ignored. */
const KEY = 'athar.server';

export function createServerChoice(storage: () => Storage | null) {
  return {
    get(): string | null {
      try {
        return storage()?.getItem(KEY) ?? null;
      } catch {
        return null;
      }
    },
    set(origin: string | null): void {
      try {
        if (origin) storage()?.setItem(KEY, origin);
        else storage()?.removeItem(KEY);
      } catch {
        // storage failures are silently ignored
      }
    },
  };
}
