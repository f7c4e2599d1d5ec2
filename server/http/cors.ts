/**
 * CORS for `/api/*`, as Traccar's `web.origin` but never a wildcard with credentials: an origin
 * listed in `WEB_ORIGIN` (comma- or space-separated, matched exactly) is answered with itself and
 * `Access-Control-Allow-Credentials: true`; `*` lets any other origin read public answers, without
 * credentials (a browser then sends no cookie); a request without an Origin (same origin, or not a
 * browser) gets no allow-origin at all. `Vary: Origin` keeps caches from mixing the answers.
 */
export function corsHeaders(webOrigin: string | undefined, origin: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    'Access-Control-Allow-Headers': 'origin, content-type, accept, authorization',
    'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
    Vary: 'Origin',
  };
  if (!origin) return headers;
  const allowed = (webOrigin ?? '').split(/[\s,]+/).filter((entry) => entry !== '');
  if (allowed.includes(origin) && origin !== '*') {
    headers['Access-Control-Allow-Origin'] = origin;
    headers['Access-Control-Allow-Credentials'] = 'true';
  } else if (allowed.includes('*')) {
    headers['Access-Control-Allow-Origin'] = '*';
  }
  return headers;
}
