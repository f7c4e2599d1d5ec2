import { describe, expect, it, vi } from 'vitest';
import { createLanguageStore } from './languageStore';

describe('language store', () => {
  it('reads and writes the stored choice and notifies', () => {
    const data = new Map<string, string>();
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) } as unknown as Storage;
    const store = createLanguageStore(() => storage);
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.get()).toBeNull();
    store.set('en');
    expect(store.get()).toBe('en');
    expect(data.get('athar.language')).toBe('en');
    expect(listener).toHaveBeenCalledTimes(1);
  });
  it('storage that throws is ignored and the choice lives in memory', () => {
    const storage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    } as unknown as Storage;
    const store = createLanguageStore(() => storage);
    expect(store.get()).toBeNull();
    expect(() => store.set('en')).not.toThrow();
    expect(store.get()).toBe('en');
    const missing = createLanguageStore(() => {
      throw new Error('no storage');
    });
    expect(() => missing.set('ar')).not.toThrow();
    expect(missing.get()).toBe('ar');
  });
});
