import { toLanguage, type Language } from '../domain/language';
import { createListeners } from '../domain/valueStore';

/**
 * The locally stored language choice (login screen, `?locale=`). Storage that throws (private
 * mode, disabled storage, quota) is ignored: the choice then lives for this page only.
 */
export interface LanguageStore {
  get(): Language | null;
  set(language: Language): void;
  subscribe(listener: () => void): () => void;
}

const KEY = 'athar.language';

export function createLanguageStore(storage: () => Storage | null): LanguageStore {
  let memory: Language | null = null;
  const listeners = createListeners();
  const read = (): Language | null => {
    try {
      return toLanguage(storage()?.getItem(KEY)) ?? memory;
    } catch {
      return memory;
    }
  };
  return {
    get: read,
    set(language) {
      memory = language;
      try {
        storage()?.setItem(KEY, language);
      } catch {
        // storage failures are silently ignored
      }
      listeners.notify();
    },
    subscribe: listeners.subscribe,
  };
}
