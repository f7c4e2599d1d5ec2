/**
 * The one fetch wrapper: every `/api/*` call goes to the backend origin, with credentials when
 * cross-origin, `Accept: application/json`. A non-OK response throws an ApiError whose message
 * is the response text; a network failure throws one with status 0 and 'Connection error'.
 */

export const CONNECTION_ERROR = 'Connection error';

export class ApiError extends Error {
  readonly status: number;
  readonly headers: Headers | null;
  constructor(message: string, status: number, headers: Headers | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.headers = headers;
  }
}

export type Body = URLSearchParams | object | string | Blob | undefined;
export type QueryValue = string | number | boolean | null | undefined | Array<string | number>;

export interface ApiClient {
  readonly origin: string;
  request(method: string, path: string, options?: { query?: Record<string, QueryValue>; body?: Body; accept?: string; signal?: AbortSignal }): Promise<Response>;
  json<T>(method: string, path: string, options?: { query?: Record<string, QueryValue>; body?: Body; signal?: AbortSignal }): Promise<T>;
  text(method: string, path: string, options?: { query?: Record<string, QueryValue>; body?: Body; signal?: AbortSignal }): Promise<string>;
}

export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((item) => params.append(key, String(item)));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function createApiClient(config: { origin: string; fetch?: typeof fetch }): ApiClient {
  const doFetch = config.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const origin = config.origin;

  async function request(
    method: string,
    path: string,
    options: { query?: Record<string, QueryValue>; body?: Body; accept?: string; signal?: AbortSignal } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { Accept: options.accept ?? 'application/json' };
    let body: BodyInit | undefined;
    const raw = options.body;
    if (raw instanceof URLSearchParams) {
      body = raw;
    } else if (typeof raw === 'string' || raw instanceof Blob) {
      body = raw;
    } else if (raw !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(raw);
    }
    let response: Response;
    try {
      response = await doFetch(`${origin}${path}${buildQuery(options.query)}`, {
        method,
        headers,
        body,
        credentials: origin ? 'include' : 'same-origin',
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(CONNECTION_ERROR, 0);
    }
    if (!response.ok) {
      let text = '';
      try {
        text = await response.text();
      } catch {
        text = '';
      }
      throw new ApiError(text || response.statusText || `HTTP ${response.status}`, response.status, response.headers);
    }
    return response;
  }

  return {
    origin,
    request,
    async json<T>(method: string, path: string, options = {}) {
      const response = await request(method, path, options);
      if (response.status === 204) return undefined as T;
      const text = await response.text();
      return (text ? JSON.parse(text) : undefined) as T;
    },
    async text(method: string, path: string, options = {}) {
      const response = await request(method, path, { ...options, accept: 'text/plain, */*' });
      return response.text();
    },
  };
}
