import { describe, expect, it } from 'vitest';
import { corsPolicy } from '../../server/http/cors.ts';

describe('CORS headers', () => {
  it.each<[string, string | undefined, string | undefined, string | undefined, string | undefined]>([
    // name, WEB_ORIGIN, Origin, allow-origin, allow-credentials
    ['no Origin: nothing allowed', undefined, undefined, undefined, undefined],
    ['no Origin with a wildcard configured: still nothing', '*', undefined, undefined, undefined],
    ['an origin not configured', undefined, 'https://evil.example', undefined, undefined],
    ['a listed origin, with credentials', 'https://app.example', 'https://app.example', 'https://app.example', 'true'],
    ['one of a list', 'https://a.example, https://b.example', 'https://b.example', 'https://b.example', 'true'],
    ['a prefix of a listed origin is not it', 'https://app.example.com', 'https://app.example', undefined, undefined],
    ['a longer origin containing a listed one is not it', 'https://app.example', 'https://app.example.evil', undefined, undefined],
    ['a wildcard: any origin, never with credentials', '*', 'https://evil.example', '*', undefined],
    ['a list with a wildcard: listed ones get credentials', 'https://app.example *', 'https://app.example', 'https://app.example', 'true'],
    ['a list with a wildcard: others get the wildcard alone', 'https://app.example *', 'https://other.example', '*', undefined],
    ['an Origin of * is no origin of the list', '*', '*', '*', undefined],
  ])('%s', (_, webOrigin, origin, allowOrigin, credentials) => {
    const headers = corsPolicy(webOrigin)(origin);
    expect(headers['Access-Control-Allow-Origin']).toBe(allowOrigin);
    expect(headers['Access-Control-Allow-Credentials']).toBe(credentials);
    // never the two together
    expect(headers['Access-Control-Allow-Origin'] === '*' && headers['Access-Control-Allow-Credentials'] === 'true').toBe(false);
    expect(headers.Vary).toBe('Origin');
  });
});
