import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../contract/models.ts';
import { ADMIN_PASSWORD, type TestServer, basic, createUser, json, login, start } from './helpers.ts';

let server: TestServer;
let url: string;
let eventId: number;
let cookie: string;
const admin = { Authorization: basic('admin', ADMIN_PASSWORD) };

beforeAll(async () => {
  server = await start();
  url = server.url;
  const db = new Database(join(server.dataDir, 'athar.db'));
  const deviceId = (db.prepare("SELECT id FROM devices WHERE uniqueId = 'demo-001'").get() as { id: number }).id;
  eventId = Number(
    db.prepare("INSERT INTO events (type, eventTime, deviceId, attributes) VALUES ('alarm', ?, ?, '{\"alarm\":\"sos\"}')").run(Date.parse('2024-05-01T00:00:00Z'), deviceId).lastInsertRowid,
  );
  db.close();
  await createUser(url, { name: 'U', email: 'u@example.com', password: 'u-pass' });
  cookie = await login(url, 'u@example.com', 'u-pass');
});
afterAll(() => server.close());

describe('GET /api/events/{id}', () => {
  it('returns an event of an accessible device', async () => {
    const event = await json<Event>(await fetch(`${url}/api/events/${eventId}`, { headers: admin }));
    expect(event).toMatchObject({ id: eventId, type: 'alarm', eventTime: '2024-05-01T00:00:00.000+00:00', positionId: 0, attributes: { alarm: 'sos' } });
  });
  it('404 for unknown, 400 for inaccessible or bad ids, 401 anonymous', async () => {
    expect((await fetch(`${url}/api/events/999999`, { headers: admin })).status).toBe(404);
    expect((await fetch(`${url}/api/events/${eventId}`, { headers: { Cookie: cookie } })).status).toBe(400);
    expect((await fetch(`${url}/api/events/abc`, { headers: admin })).status).toBe(400);
    expect((await fetch(`${url}/api/events/${eventId}`)).status).toBe(401);
  });
});
