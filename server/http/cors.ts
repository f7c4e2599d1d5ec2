/**
 * CORS for `/api/*`, as Traccar's `web.origin` but never a wildcard with credentials: an origin
 * listed in `WEB_ORIGIN` (comma- or space-separated, matched exactly) is answered with itself and
 * `Access-Control-Allow-Credentials: true`; `*` lets any other origin read public answers, without
 * credentials (a browser then sends no cookie); a request without an Origin (same origin, or not a
 * browser) gets no allow-origin at all. `Vary: Origin` keeps caches from mixing the answers.
 */
const BASE = {
  'Access-Control-Allow-Headers': 'origin, content-type, accept, authorization',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
  Vary: 'Origin',
} as const;

/** `WEB_ORIGIN` read once (at start-up): the headers for a request's Origin. */
export function corsPolicy(webOrigin: string | undefined): (origin: string | undefined) => Record<string, string> {
  const allowed = new Set((webOrigin ?? '').split(/[\s,]+/).filter((entry) => entry !== ''));
  const wildcard = allowed.delete('*');
  return (origin) => {
    if (origin && allowed.has(origin)) return { ...BASE, 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true' };
    if (origin && wildcard) return { ...BASE, 'Access-Control-Allow-Origin': '*' };
    return { ...BASE };
  };
}
