import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, createUser, form, login, start } from './helpers.ts';

let server: TestServer;

beforeAll(async () => {
  server = await start();
  await createUser(server.url, { name: 'Forgetful', email: 'forgetful@example.com', password: 'old-pass' });
});
afterAll(() => server.close());

describe('password reset', () => {
  it('answers 200 for unknown emails without writing mail', async () => {
    const response = await fetch(`${server.url}/api/password/reset`, { method: 'POST', body: form({ email: 'ghost@example.com' }) });
    expect(response.status).toBe(200);
    expect(existsSync(join(server.dataDir, 'mail.log'))).toBe(false);
  });

  it('writes a reset link to mail.log; the token works exactly once', async () => {
    const oldSession = await login(server.url, 'forgetful@example.com', 'old-pass');
    const response = await fetch(`${server.url}/api/password/reset`, { method: 'POST', body: form({ email: 'forgetful@example.com' }) });
    expect(response.status).toBe(200);
    const log = readFileSync(join(server.dataDir, 'mail.log'), 'utf8');
    expect(log).toContain('forgetful@example.com');
    const token = /\/reset-password\?passwordReset=([A-Za-z0-9_-]+)/.exec(log)?.[1];
    expect(token).toBeTruthy();

    const update = await fetch(`${server.url}/api/password/update`, { method: 'POST', body: form({ token: token!, password: 'new-pass' }) });
    expect(update.status).toBe(200);
    await login(server.url, 'forgetful@example.com', 'new-pass');
    const old = await fetch(`${server.url}/api/session`, { method: 'POST', body: form({ email: 'forgetful@example.com', password: 'old-pass' }) });
    expect(old.status).toBe(401);
    // Existing sessions end with the password change.
    expect((await fetch(`${server.url}/api/session`, { headers: { Cookie: oldSession } })).status).toBe(404);

    const again = await fetch(`${server.url}/api/password/update`, { method: 'POST', body: form({ token: token!, password: 'third-pass' }) });
    expect(again.status).toBe(404);
    const unknown = await fetch(`${server.url}/api/password/update`, { method: 'POST', body: form({ token: 'nope', password: 'x' }) });
    expect(unknown.status).toBe(404);
  });
});
