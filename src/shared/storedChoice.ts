/**
 * Choices a person makes about a page's layout, kept on this device in local storage: a report's
 * columns, whether a map or a chart is shown. Storage refused (private mode) or broken: the choice is
 * applied, not remembered.
 */
import { useCallback, useState } from 'react';

/** A choice kept on this device; null where there is none or storage is refused (private mode). */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps a choice on this device; where storage is refused it is applied, not remembered. */
export function writeStored(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* not remembered, still applied */
  }
}

/**
 * Whether a part of a page is shown (a report's map, the chart under a map): the person's choice, kept on
 * this device; shown by default.
 */
export function useShown(key: string): [boolean, (shown: boolean) => void] {
  const [shown, setShown] = useState(() => readStored(key) !== 'hidden');
  const change = useCallback(
    (next: boolean) => {
      setShown(next);
      writeStored(key, next ? 'shown' : 'hidden');
    },
    [key],
  );
  return [shown, change];
}

