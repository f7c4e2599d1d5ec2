/** A URL that came from a server or a file may be linked only as `https:` or same-origin. */
export function safeLinkUrl(value: unknown, pageOrigin: string): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value.trim(), pageOrigin);
    if (url.username || url.password) return null;
    return url.protocol === 'https:' || url.origin === pageOrigin ? url.href : null;
  } catch {
    return null;
  }
}
