import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { User } from '../../contract/models.ts';
import { createUser, form, json, login, start, tempDir } from './helpers.ts';

describe('restart on the same data folder', () => {
  it('keeps users, sessions and tokens, and resets statuses', async () => {
    const dataDir = tempDir();
    const first = await start({ dataDir });
    await createUser(first.url, { name: 'Kept', email: 'kept@example.com', password: 'kept-pass' });
    const cookie = await login(first.url, 'kept@example.com', 'kept-pass');
    const token = await (await fetch(`${first.url}/api/session/token`, { method: 'POST', headers: { Cookie: cookie }, body: form({}) })).text();
    await first.close();

    const second = await start({ dataDir, demo: false });
    try {
      const me = await json<User>(await fetch(`${second.url}/api/session`, { headers: { Cookie: cookie } }));
      expect(me.email).toBe('kept@example.com');
      expect((await fetch(`${second.url}/api/session`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
      const devices = await json<Array<{ status: string }>>(
        await fetch(`${second.url}/api/devices`, { headers: { Authorization: `Bearer ${token}` } }),
      );
      expect(devices).toEqual([]);
      const admin = await login(second.url, 'admin', 'test-pass');
      const all = await json<Array<{ status: string }>>(await fetch(`${second.url}/api/devices`, { headers: { Cookie: admin } }));
      expect(all.length).toBe(8);
      expect(all.every((d) => d.status === 'offline')).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('stores the demo password privately and applies a new adminPassword', async () => {
    const dataDir = tempDir();
    const first = await start({ dataDir, adminPassword: undefined });
    const file = join(dataDir, 'demo-credentials.txt');
    const generated = readFileSync(file, 'utf8').trim();
    expect(generated).toMatch(/^\S{12}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.demoPassword).toBe(generated);
    await login(first.url, 'admin', generated);
    await first.close();

    const second = await start({ dataDir, adminPassword: 'changed-pass' });
    try {
      await login(second.url, 'admin', 'changed-pass');
      const old = await fetch(`${second.url}/api/session`, { method: 'POST', body: form({ email: 'admin', password: generated }) });
      expect(old.status).toBe(401);
      expect(readFileSync(file, 'utf8').trim()).toBe('changed-pass');
      expect(statSync(join(dataDir, 'athar.db')).isFile()).toBe(true);
    } finally {
      await second.close();
    }
  });
});
