/**
 * The backend origin: where `/api/*` goes. Empty means the page's own origin (the embedded
 * server, or a reverse proxy in front of Traccar). A stored choice (from /change-server) wins
 * over the build-time `VITE_SERVER_ORIGIN`; either is accepted only as `https:` or the page's
 * own origin (plain `http:` is allowed for loopback hosts, for development).
 */
export function acceptableOrigin(value: unknown, pageOrigin: string): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const origin = url.origin;
  if (origin === pageOrigin) return '';
  if (url.protocol === 'https:') return origin;
  if (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) return origin;
  return null;
}

export function resolveBackendOrigin(sources: { stored?: unknown; env?: unknown; pageOrigin: string }): string {
  return acceptableOrigin(sources.stored, sources.pageOrigin) ?? acceptableOrigin(sources.env, sources.pageOrigin) ?? '';
}

/** The socket URL for a backend origin ('' = the page's origin). */
export function socketUrl(backendOrigin: string, pageOrigin: string): string {
  const base = backendOrigin || pageOrigin;
  return `${base.replace(/^http/, 'ws')}/api/socket`;
}
