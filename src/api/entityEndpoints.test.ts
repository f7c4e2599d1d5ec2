import { describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import { entityEndpoints } from './entityEndpoints';

/** A client whose fetch answers by path and records what was asked. */
function fakeClient(answers: Record<string, { status: number; body: string }>) {
  const calls: Array<{ method: string; url: string; body: string }> = [];
  const client = createApiClient({
    origin: '',
    fetch: async (input, init) => {
      const url = String(input);
      calls.push({ method: init?.method ?? 'GET', url, body: String(init?.body ?? '') });
      const answer = answers[new URL(url, 'http://x').pathname] ?? { status: 404, body: 'Not Found' };
      return new Response(answer.status === 204 ? null : answer.body, { status: answer.status });
    },
  });
  return { client, calls };
}

describe('sharing a device', () => {
  const expiration = new Date('2026-12-01T10:00:00Z');

  it('asks /api/share/device with the device and the expiration, and answers the token', async () => {
    const { client, calls } = fakeClient({ '/api/share/device': { status: 200, body: 'tok-1\n' } });
    await expect(entityEndpoints(client).shareDevice(7, expiration)).resolves.toBe('tok-1');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/share/device' });
    expect(new URLSearchParams(calls[0]?.body)).toEqual(new URLSearchParams({ deviceId: '7', expiration: '2026-12-01T10:00:00.000Z' }));
  });

  it('falls back to /api/devices/share on servers before 6.13 (404)', async () => {
    const { client, calls } = fakeClient({ '/api/devices/share': { status: 200, body: 'tok-2' } });
    await expect(entityEndpoints(client).shareDevice(7, expiration)).resolves.toBe('tok-2');
    expect(calls.map((c) => c.url)).toEqual(['/api/share/device', '/api/devices/share']);
  });

  it("passes on the server's refusal (sharing disabled) without a second try", async () => {
    const { client, calls } = fakeClient({ '/api/share/device': { status: 403, body: 'Sharing is disabled' } });
    await expect(entityEndpoints(client).shareDevice(7, expiration)).rejects.toMatchObject({ status: 403, message: 'Sharing is disabled' });
    expect(calls).toHaveLength(1);
  });
});

describe('rebooting the server', () => {
  it('posts /api/server/reboot and resolves on the answer', async () => {
    const { client, calls } = fakeClient({ '/api/server/reboot': { status: 200, body: '' } });
    await expect(entityEndpoints(client).rebootServer()).resolves.toBeUndefined();
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', url: '/api/server/reboot' })]);
  });

  it('resolves when the connection drops before an answer (Traccar exits at once)', async () => {
    const client = createApiClient({
      origin: '',
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(entityEndpoints(client).rebootServer()).resolves.toBeUndefined();
  });

  it("passes on the server's refusal", async () => {
    const { client } = fakeClient({ '/api/server/reboot': { status: 400, body: 'Administrator access required' } });
    await expect(entityEndpoints(client).rebootServer()).rejects.toMatchObject({ status: 400, message: 'Administrator access required' });
  });
});
