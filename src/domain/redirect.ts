/**
 * The post-login destination: only a safe internal path may be remembered and followed.
 * Rejected: anything not starting with a single `/` (absolute URLs, `//host`, `/\host`),
 * backslashes and control characters anywhere, and the public screens themselves.
 */

const PUBLIC_PATHS = ['/login', '/register', '/reset-password', '/change-server'];

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export function safeInternalPath(candidate: unknown): string | null {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 2048) return null;
  if (!candidate.startsWith('/') || candidate.startsWith('//')) return null;
  if (candidate.includes('\\') || CONTROL.test(candidate)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(candidate);
  } catch {
    return null;
  }
  if (decoded.startsWith('//') || decoded.includes('\\') || CONTROL.test(decoded)) return null;
  const base = 'http://athar.invalid';
  let url: URL;
  try {
    url = new URL(candidate, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  if (isPublicPath(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Root query parameters the shell handles once and then removes from the address bar. */
export const ROOT_QUERY_KEYS = ['locale', 'token', 'uniqueId', 'openid'] as const;

export interface RootQuery {
  locale: string | null;
  token: string | null;
  uniqueId: string | null;
  openid: string | null;
}

export function readRootQuery(search: string): RootQuery {
  const params = new URLSearchParams(search);
  const get = (key: string): string | null => {
    const value = params.get(key);
    return value === null || value === '' ? null : value;
  };
  return { locale: get('locale'), token: get('token'), uniqueId: get('uniqueId'), openid: get('openid') };
}

/** The same path and query without the root parameters (`?token=` must leave the address bar). */
export function withoutRootQuery(pathname: string, search: string, hash = ''): string {
  const params = new URLSearchParams(search);
  for (const key of ROOT_QUERY_KEYS) params.delete(key);
  const rest = params.toString();
  return `${pathname}${rest ? `?${rest}` : ''}${hash}`;
}
