/**
 * `load`, asked for once: every caller shares the one promise. A failed load is forgotten (that very
 * one, not a later one), so the next call asks again (a chunk that failed to arrive offline).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    if (pending) return pending;
    const attempt = load();
    pending = attempt;
    attempt.catch(() => {
      if (pending === attempt) pending = null;
    });
    return attempt;
  };
}
