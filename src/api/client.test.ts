import { describe, expect, it, vi } from 'vitest';
import { ApiError, CONNECTION_ERROR, createApiClient } from './client';
import { acceptableOrigin, resolveBackendOrigin, socketUrl } from './origin';

describe('api client', () => {
  it('sends Accept json, credentials include cross-origin, and parses JSON', async () => {
    const fetch = vi.fn(async () => new Response('{"id":1}', { status: 200 }));
    const api = createApiClient({ origin: 'https://traccar.example', fetch });
    await expect(api.json('GET', '/api/server', { query: { id: [1, 2], skip: undefined } })).resolves.toEqual({ id: 1 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://traccar.example/api/server?id=1&id=2');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>).Accept).toBe('application/json');
  });
  it('same origin uses same-origin credentials; JSON bodies get a content type', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    const api = createApiClient({ origin: '', fetch });
    await api.json('PUT', '/api/users/1', { body: { id: 1 } });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('same-origin');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"id":1}');
  });
  it('a non-OK response throws with the body text, status and headers', async () => {
    const fetch = vi.fn(async () => new Response('Unauthorized', { status: 401, headers: { 'WWW-Authenticate': 'TOTP' } }));
    const api = createApiClient({ origin: '', fetch });
    const error = await api.json('POST', '/api/session').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Unauthorized');
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).headers?.get('www-authenticate')).toBe('TOTP');
  });
  it('a network failure is a Connection error with status 0', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await createApiClient({ origin: '', fetch }).json('GET', '/api/server').catch((e: unknown) => e);
    expect(error).toMatchObject({ message: CONNECTION_ERROR, status: 0 });
  });
});

describe('backend origin', () => {
  const page = 'http://localhost:8082';
  it.each([
    ['https://demo.traccar.org/', 'https://demo.traccar.org'],
    ['http://localhost:8082', ''],
    ['http://localhost:8080', 'http://localhost:8080'],
    ['http://traccar.example', null],
    ['javascript:alert(1)', null],
    ['https://user:pw@x.example', null],
    ['', null],
  ])('%s → %j', (value, expected) => {
    expect(acceptableOrigin(value, page)).toBe(expected);
  });
  it('stored wins over env, invalid falls through', () => {
    expect(resolveBackendOrigin({ stored: 'https://a.example', env: 'https://b.example', pageOrigin: page })).toBe('https://a.example');
    expect(resolveBackendOrigin({ stored: 'ftp://a', env: 'https://b.example', pageOrigin: page })).toBe('https://b.example');
    expect(resolveBackendOrigin({ pageOrigin: page })).toBe('');
  });
  it('socket URL follows the origin', () => {
    expect(socketUrl('', 'https://app.example')).toBe('wss://app.example/api/socket');
    expect(socketUrl('http://localhost:8080', page)).toBe('ws://localhost:8080/api/socket');
  });
});
