/**
 * Scheduled reports are linked to the devices and groups they cover through /api/permissions, the
 * device or group first (Traccar's tc_device_report and tc_group_report): `{deviceId, reportId}`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device, Group, Report } from '../../contract/models.ts';
import { ADMIN_PASSWORD, type TestServer, basic, createUser, json, linkedUser, start } from './helpers.ts';

let server: TestServer;
const admin = { Authorization: basic('admin', ADMIN_PASSWORD) };

beforeAll(async () => {
  server = await start();
});
afterAll(() => server.close());

function call(who: Record<string, string>, method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { ...who };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(server.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

describe('scheduled report links', () => {
  it('links and unlinks a report to a device and a group the user reaches, device or group first', async () => {
    const device = await json<Device>(await call(admin, 'POST', '/api/devices', { name: 'Covered', uniqueId: 'covered-1' }));
    const foreign = await json<Device>(await call(admin, 'POST', '/api/devices', { name: 'Foreign', uniqueId: 'foreign-1' }));
    const { userId, cookie } = await linkedUser(server.url, admin, { name: 'Planner', email: 'planner@example.com', password: 'planner-pass' }, device.id);
    const user = { Cookie: cookie };
    const group = await json<Group>(await call(user, 'POST', '/api/groups', { name: 'Fleet' }));
    const report = await json<Report>(await call(user, 'POST', '/api/reports', { type: 'trips', description: 'Weekly', calendarId: 0, attributes: {} }));

    expect((await call(user, 'POST', '/api/permissions', { deviceId: device.id, reportId: report.id })).status).toBe(204);
    expect((await call(user, 'POST', '/api/permissions', { groupId: group.id, reportId: report.id })).status).toBe(204);
    // the report is not an owner: the reversed pair is refused, like Traccar (no tc_report_device)
    expect((await call(user, 'POST', '/api/permissions', { reportId: report.id, deviceId: device.id })).status).toBe(400);
    // a device the user does not reach
    expect((await call(user, 'POST', '/api/permissions', { deviceId: foreign.id, reportId: report.id })).status).toBe(400);

    expect(await json(await call(admin, 'GET', `/api/permissions?deviceId=0&reportId=${report.id}`))).toEqual([{ deviceId: device.id, reportId: report.id }]);
    expect(await json(await call(admin, 'GET', `/api/permissions?groupId=0&reportId=${report.id}`))).toEqual([{ groupId: group.id, reportId: report.id }]);

    expect((await call(user, 'DELETE', '/api/permissions', { deviceId: device.id, reportId: report.id })).status).toBe(204);
    expect(await json(await call(admin, 'GET', `/api/permissions?deviceId=0&reportId=${report.id}`))).toEqual([]);

    // another user cannot link the planner's report to their own device
    const other = await linkedUser(server.url, admin, { name: 'Other', email: 'other-planner@example.com', password: 'other-pass' }, foreign.id);
    expect((await call({ Cookie: other.cookie }, 'POST', '/api/permissions', { deviceId: foreign.id, reportId: report.id })).status).toBe(400);
    // a readonly user may not link
    const readonlyId = await createUser(server.url, { name: 'RO', email: 'ro-planner@example.com', password: 'ro-pass', readonly: true });
    expect(readonlyId).toBeGreaterThan(0);
    expect((await call({ Authorization: basic('ro-planner@example.com', 'ro-pass') }, 'POST', '/api/permissions', { deviceId: device.id, reportId: report.id })).status).toBe(400);
    expect(userId).toBeGreaterThan(0);
  });
});
