import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../contract/models.ts';
import { ADMIN_PASSWORD, type TestServer, basic, createUser, form, login, sessionCookie, start, totp } from './helpers.ts';

let server: TestServer;
let url: string;

beforeAll(async () => {
  server = await start();
  url = server.url;
});
afterAll(() => server.close());

describe('session', () => {
  it('GET /api/session without login is 404', async () => {
    const response = await fetch(`${url}/api/session`);
    expect(response.status).toBe(404);
  });

  it('logs in with the login name, sets a safe cookie and logs out', async () => {
    const response = await fetch(`${url}/api/session`, { method: 'POST', body: form({ email: 'admin', password: ADMIN_PASSWORD }) });
    expect(response.status).toBe(200);
    const user = (await response.json()) as User;
    expect(user.administrator).toBe(true);
    expect(user.password).toBeNull();
    expect(user).not.toHaveProperty('hashedPassword');
    expect(user).not.toHaveProperty('salt');
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('JSESSIONID='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    const cookie = sessionCookie(response)!;

    const me = await fetch(`${url}/api/session`, { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as User).id).toBe(user.id);

    const logout = await fetch(`${url}/api/session`, { method: 'DELETE', headers: { Cookie: cookie } });
    expect(logout.status).toBe(204);
    expect((await fetch(`${url}/api/session`, { headers: { Cookie: cookie } })).status).toBe(404);
  });

  it('rejects bad credentials with 401', async () => {
    const response = await fetch(`${url}/api/session`, { method: 'POST', body: form({ email: 'admin', password: 'wrong' }) });
    expect(response.status).toBe(401);
    const unknown = await fetch(`${url}/api/session`, { method: 'POST', body: form({ email: 'nobody@x', password: 'x' }) });
    expect(unknown.status).toBe(401);
  });

  it('accepts Basic and Bearer and refuses other schemes', async () => {
    const ok = await fetch(`${url}/api/devices`, { headers: { Authorization: basic('admin', ADMIN_PASSWORD) } });
    expect(ok.status).toBe(200);
    const bad = await fetch(`${url}/api/devices`, { headers: { Authorization: basic('admin', 'nope') } });
    expect(bad.status).toBe(401);
    const other = await fetch(`${url}/api/devices`, { headers: { Authorization: 'Digest abc' } });
    expect(other.status).toBe(401);
    const anonymous = await fetch(`${url}/api/devices`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBeNull();
    const browser = await fetch(`${url}/api/devices`, { headers: { Accept: 'text/html' } });
    expect(browser.status).toBe(401);
    expect(browser.headers.get('www-authenticate')).toBe('Basic realm="api"');
  });

  it('issues, uses, caps and revokes tokens', async () => {
    const cookie = await login(url, 'admin', ADMIN_PASSWORD);
    const tokenResponse = await fetch(`${url}/api/session/token`, { method: 'POST', headers: { Cookie: cookie }, body: form({}) });
    expect(tokenResponse.status).toBe(200);
    expect(tokenResponse.headers.get('content-type')).toMatch(/text\/plain/);
    const token = await tokenResponse.text();

    const bearer = await fetch(`${url}/api/session`, { headers: { Authorization: `Bearer ${token}` } });
    expect(bearer.status).toBe(200);

    // Login by token: the cookie expires with the token.
    const expiration = new Date(Date.now() + 3600_000).toISOString();
    const shortToken = await (
      await fetch(`${url}/api/session/token`, { method: 'POST', headers: { Cookie: cookie }, body: form({ expiration }) })
    ).text();
    const byToken = await fetch(`${url}/api/session?token=${encodeURIComponent(shortToken)}`);
    expect(byToken.status).toBe(200);
    const setCookie = byToken.headers.getSetCookie().find((c) => c.startsWith('JSESSIONID='))!;
    const expires = Date.parse(/Expires=([^;]+)/i.exec(setCookie)![1]!);
    expect(Math.abs(expires - Date.parse(expiration))).toBeLessThan(2000);

    // A token requested from a token session cannot outlive it.
    const tokenCookie = sessionCookie(byToken)!;
    const far = new Date(Date.now() + 30 * 86400_000).toISOString();
    const capped = await (
      await fetch(`${url}/api/session/token`, { method: 'POST', headers: { Cookie: tokenCookie }, body: form({ expiration: far }) })
    ).text();
    const payload = JSON.parse(Buffer.from(capped, 'base64url').subarray(0, -32).toString()) as { e: number };
    expect(payload.e).toBeLessThanOrEqual(Date.parse(expiration) + 1000);

    // Revocation.
    const revoke = await fetch(`${url}/api/session/token/revoke`, { method: 'POST', headers: { Cookie: cookie }, body: form({ token }) });
    expect(revoke.status).toBe(204);
    expect((await fetch(`${url}/api/session`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    expect((await fetch(`${url}/api/session?token=${encodeURIComponent(token)}`)).status).toBe(401);

    // Bad, tampered and expired tokens.
    expect((await fetch(`${url}/api/session?token=garbage`)).status).toBe(401);
    const tampered = shortToken.slice(0, -2) + (shortToken.endsWith('AA') ? 'BB' : 'AA');
    expect((await fetch(`${url}/api/session`, { headers: { Authorization: `Bearer ${tampered}` } })).status).toBe(401);
    const soon = new Date(Date.now() + 1200).toISOString();
    const expiring = await (
      await fetch(`${url}/api/session/token`, { method: 'POST', headers: { Cookie: cookie }, body: form({ expiration: soon }) })
    ).text();
    expect((await fetch(`${url}/api/session`, { headers: { Authorization: `Bearer ${expiring}` } })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await fetch(`${url}/api/session`, { headers: { Authorization: `Bearer ${expiring}` } })).status).toBe(401);

    // Expiration without a zone is rejected.
    const noZone = await fetch(`${url}/api/session/token`, {
      method: 'POST',
      headers: { Cookie: cookie },
      body: form({ expiration: '2030-01-01T00:00:00' }),
    });
    expect(noZone.status).toBe(400);
  });

  it('requires a TOTP code when the user has a key', async () => {
    expect(totp('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 59_000)).toBe('287082'); // RFC 6238 vector
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await createUser(url, { name: 'Totp', email: 'totp@example.com', password: 'totp-pass', totpKey: secret });

    const missing = await fetch(`${url}/api/session`, { method: 'POST', body: form({ email: 'totp@example.com', password: 'totp-pass' }) });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('TOTP');

    const code = totp(secret);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await fetch(`${url}/api/session`, {
      method: 'POST',
      body: form({ email: 'totp@example.com', password: 'totp-pass', code: wrongCode }),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('TOTP');

    const ok = await fetch(`${url}/api/session`, { method: 'POST', body: form({ email: 'totp@example.com', password: 'totp-pass', code }) });
    expect(ok.status).toBe(200);
    expect(sessionCookie(ok)).not.toBeNull();

    // Basic cannot carry a code.
    expect((await fetch(`${url}/api/session`, { headers: { Authorization: basic('totp@example.com', 'totp-pass') } })).status).toBe(401);
  });

  it('with totpForce, a user without a key gets no session until a key and its first code are sent; a user with a key is asked for a code', async () => {
    const admin = { Authorization: basic('admin', ADMIN_PASSWORD), 'Content-Type': 'application/json' };
    const setForce = async (attributes: Record<string, unknown>) => {
      const current = (await (await fetch(`${url}/api/server`)).json()) as Record<string, unknown>;
      const saved = await fetch(`${url}/api/server`, { method: 'PUT', headers: admin, body: JSON.stringify({ ...current, attributes }) });
      expect(saved.status).toBe(200);
    };
    await createUser(url, { name: 'Forced', email: 'forced@example.com', password: 'forced-pass' });
    await createUser(url, { name: 'Keyed', email: 'keyed@example.com', password: 'keyed-pass', totpKey: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' });
    await createUser(url, { name: 'Off', email: 'forced-off@example.com', password: 'off-pass', disabled: true });
    await setForce({ totpForce: true });
    try {
      const signIn = (fields: Record<string, string>) => fetch(`${url}/api/session`, { method: 'POST', body: form({ email: 'forced@example.com', password: 'forced-pass', ...fields }) });
      const asked = await signIn({});
      expect(asked.status).toBe(401);
      expect(asked.headers.get('www-authenticate')).toBe('TOTP-Setup');
      expect(sessionCookie(asked)).toBeNull();
      // a code alone, a key too short, or a code the key does not make: still no session
      expect((await signIn({ code: '123456' })).headers.get('www-authenticate')).toBe('TOTP-Setup');
      // the key comes from the generator, which totpForce alone enables
      const generated = await fetch(`${url}/api/users/totp`, { method: 'POST' });
      expect(generated.status).toBe(200);
      const key = (await generated.text()).trim();
      const short = 'JBSWY3DPEHPK3PX';
      for (const fields of [{ totpKey: short, code: totp(short) }, { totpKey: key, code: totp(key) === '000000' ? '111111' : '000000' }]) {
        const refused = await signIn(fields);
        expect(refused.status).toBe(401);
        expect(refused.headers.get('www-authenticate')).toBe('TOTP-Setup');
        expect(sessionCookie(refused)).toBeNull();
      }
      const users = (await (await fetch(`${url}/api/users`, { headers: admin })).json()) as User[];
      expect(users.find((u) => u.email === 'forced@example.com')?.totpKey).toBeNull();

      const set = await signIn({ totpKey: key, code: totp(key) });
      expect(set.status).toBe(200);
      expect(sessionCookie(set)).not.toBeNull();
      expect(((await set.json()) as User).totpKey).toBe(key);
      // the key is kept: the next sign-in asks for a code, and another key sent along changes nothing
      const next = await signIn({ totpKey: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', code: totp('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ') });
      expect(next.status).toBe(401);
      expect(next.headers.get('www-authenticate')).toBe('TOTP');
      expect((await signIn({ code: totp(key) })).status).toBe(200);

      // a user who has a key is asked for a code, as without totpForce
      const keyed = await fetch(`${url}/api/session`, { method: 'POST', body: form({ email: 'keyed@example.com', password: 'keyed-pass' }) });
      expect(keyed.status).toBe(401);
      expect(keyed.headers.get('www-authenticate')).toBe('TOTP');
      // a disabled account is refused before any key is set up
      const off = await fetch(`${url}/api/session`, { method: 'POST', body: form({ email: 'forced-off@example.com', password: 'off-pass', totpKey: key, code: totp(key) }) });
      expect(off.status).toBe(400);
      const offUser = ((await (await fetch(`${url}/api/users`, { headers: admin })).json()) as User[]).find((u) => u.email === 'forced-off@example.com');
      expect(offUser?.totpKey).toBeNull();
    } finally {
      await setForce({});
    }
    // without totpForce the generator is closed again, and a user without a key signs in with the password alone
    expect((await fetch(`${url}/api/users/totp`, { method: 'POST' })).status).toBe(400);
    await login(url, 'admin', ADMIN_PASSWORD);
  });

  it('refuses disabled users with 400', async () => {
    await createUser(url, { name: 'Off', email: 'off@example.com', password: 'off-pass', disabled: true });
    const response = await fetch(`${url}/api/session`, { method: 'POST', body: form({ email: 'off@example.com', password: 'off-pass' }) });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/disabled/i);
  });

  it('checks the Origin of state-changing cookie requests', async () => {
    const host = new URL(url).host;
    const cookie = await login(url, 'admin', ADMIN_PASSWORD);
    const foreign = await fetch(`${url}/api/session/token`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: 'http://evil.example' },
      body: form({}),
    });
    expect(foreign.status).toBe(401);
    const same = await fetch(`${url}/api/session/token`, { method: 'POST', headers: { Cookie: cookie, Origin: `http://${host}` }, body: form({}) });
    expect(same.status).toBe(200);

    // A session that stored its origin at login only accepts that origin.
    const stored = await login(url, 'admin', ADMIN_PASSWORD, { Origin: 'http://app.example' });
    const matching = await fetch(`${url}/api/session/token`, {
      method: 'POST',
      headers: { Cookie: stored, Origin: 'http://app.example' },
      body: form({}),
    });
    expect(matching.status).toBe(200);
    const hostOnly = await fetch(`${url}/api/session/token`, {
      method: 'POST',
      headers: { Cookie: stored, Origin: `http://${host}` },
      body: form({}),
    });
    expect(hostOnly.status).toBe(401);
  });

  it('answers CORS like Traccar, without a wildcard for credentials', async () => {
    const noOrigin = await fetch(`${url}/api/server`);
    expect(noOrigin.headers.get('access-control-allow-origin')).toBeNull();
    expect(noOrigin.headers.get('vary')).toContain('Origin');
    const foreign = await fetch(`${url}/api/server`, { headers: { Origin: 'http://other.example' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${url}/api/devices`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
  });
});
