/**
 * A URL that came from a server or a file (terms, an announcement's button or image) may be
 * linked only as `https:`, or as `http:` on the page's own origin. Everything else is refused:
 * `javascript:`, `data:`, `blob:`, `http:` elsewhere, credentials in the URL, malformed text.
 * The protocol is checked, not only the origin, and on a page with an opaque origin (`null`: a
 * sandboxed frame, `file:`) only absolute `https:` URLs pass.
 */
export function safeLinkUrl(value: unknown, pageOrigin: string): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const url = parseUrl(value.trim(), pageOrigin) ?? parseUrl(value.trim());
  if (!url || url.username || url.password) return null;
  if (url.protocol === 'https:') return url.href;
  return url.protocol === 'http:' && url.origin === pageOrigin ? url.href : null;
}

function parseUrl(value: string, base?: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}
