/**
 * Moving to Traccar (issue 35): a database seeded through the server's own API (every kind of object, every
 * permission pair, positions through OsmAnd ingest and the events they raise) is exported with
 * `npm run export:traccar`'s command, loaded with psql into a throw-away PostgreSQL cluster, and read back
 * by SQL: Traccar 6.14.5's schema as its changelogs make it, Liquibase's record of them, and every row
 * with its id and values.
 *
 * It needs PostgreSQL's server binaries (Debian's `postgresql`; PG_BIN names another directory). Without
 * them the file is skipped with a warning, except where `CI` or `ATHAR_REQUIRE_POSTGRES` is set (.ci/run
 * installs PostgreSQL and sets the latter): there it fails.
 */
import Database from 'better-sqlite3';
import { readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../server/export/cli.ts';
import { exportTraccar, traccarPasswordHash } from '../../server/export/traccarExport.ts';
import { openDatabase } from '../../server/db/database.ts';
import { table } from '../../server/export/traccarSchema.ts';
import { ADMIN_PASSWORD, type TestServer, basic, json, start, tempDir } from './helpers.ts';
import { type Cluster, postgresBinaries, startCluster } from './postgres.ts';

const CATALOG_SQL = `SELECT json_build_object(
  'columns', (SELECT json_agg(json_build_object(
      'table', table_name, 'column', column_name, 'position', position, 'type', data_type,
      'length', character_maximum_length, 'nullable', is_nullable, 'default', column_default,
      'identity', is_identity, 'generation', identity_generation) ORDER BY table_name, ordinal_position)
    FROM (SELECT *, row_number() OVER (PARTITION BY table_name ORDER BY ordinal_position) AS position
      FROM information_schema.columns WHERE table_schema = 'public') c),
  'constraints', (SELECT json_agg(json_build_object('table', conrelid::regclass::text, 'name', conname, 'definition', pg_get_constraintdef(oid))
      ORDER BY conrelid::regclass::text, conname)
    FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND contype IN ('p', 'u', 'f', 'c')),
  'indexes', (SELECT json_agg(json_build_object('name', indexname, 'definition', indexdef) ORDER BY indexname)
    FROM pg_indexes WHERE schemaname = 'public'),
  'sequences', (SELECT json_agg(json_build_object('name', sequencename, 'type', data_type::text, 'start', start_value, 'increment', increment_by, 'max', max_value) ORDER BY sequencename)
    FROM pg_sequences WHERE schemaname = 'public'),
  'changelog', (SELECT json_agg(json_build_object('id', id, 'author', author, 'filename', filename, 'orderexecuted', orderexecuted,
      'exectype', exectype, 'md5sum', md5sum, 'description', description, 'comments', comments, 'tag', tag, 'contexts', contexts, 'labels', labels)
      ORDER BY orderexecuted)
    FROM databasechangelog),
  'lock', (SELECT json_agg(json_build_object('id', id, 'locked', locked, 'lockgranted', lockgranted, 'lockedby', lockedby)) FROM databasechangeloglock)
)`;

interface Catalog {
  columns: Array<{ table: string; column: string; type: string; length: number | null }>;
  [key: string]: unknown;
}

/** What Liquibase made of Traccar 6.14.5's changelogs on an empty PostgreSQL database (see its `about`). */
function fixture(): Catalog {
  const { about: _about, ...catalog } = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/traccar-6.14.5-postgresql.json'), 'utf8')) as Catalog & { about: string };
  return catalog;
}

/**
 * Each Traccar table, and the Athar rows it must hold: the query names Athar's columns by Traccar's (lower-case)
 * names; the check reads the same columns from PostgreSQL, times as milliseconds and 0/1 as booleans.
 */
const TABLE_CHECKS: Record<string, string> = {
  tc_servers: `SELECT id, registration, latitude, longitude, zoom, map, bingKey, mapUrl, readonly, attributes, forceSettings, coordinateFormat,
    deviceReadonly, limitCommands, poiLayer, announcement, disableReports, overlayUrl, fixedEmail FROM server`,
  tc_users: `SELECT id, name, email, hashedPassword, salt, readonly, administrator, map, latitude, longitude, zoom, attributes, coordinateFormat,
    disabled, expirationTime, deviceLimit, userLimit, deviceReadonly, phone, limitCommands, login, poiLayer, disableReports, fixedEmail, totpKey,
    temporary FROM users`,
  tc_groups: 'SELECT id, name, groupId, attributes FROM device_groups',
  tc_calendars: "SELECT id, name, hex(data) AS data, attributes FROM calendars",
  tc_devices: `SELECT id, name, uniqueId, lastUpdate, positionId, groupId, attributes, phone, model, contact, category, disabled, status,
    expirationTime, calendarId FROM devices`,
  tc_geofences: 'SELECT id, name, description, area, attributes, calendarId FROM geofences',
  tc_drivers: 'SELECT id, name, uniqueId, attributes FROM drivers',
  tc_maintenances: 'SELECT id, name, type, start, period, attributes FROM maintenances',
  tc_attributes: 'SELECT id, description, type, attribute, expression, priority FROM computed_attributes',
  tc_commands: "SELECT id, COALESCE(description, '') AS description, type, textChannel, attributes FROM commands",
  tc_notifications: 'SELECT id, type, attributes, always, calendarId, notificators, commandId, description FROM notifications',
  tc_reports: "SELECT id, type, COALESCE(description, '') AS description, calendarId, attributes FROM reports WHERE calendarId IS NOT NULL",
  tc_commands_queue: 'SELECT id, deviceId, type, textChannel, attributes FROM queued_commands',
  tc_positions: `SELECT id, protocol, deviceId, serverTime, deviceTime, fixTime, valid, latitude, longitude, altitude, speed, course, address,
    attributes, accuracy, network, geofenceIds FROM positions`,
  tc_events: 'SELECT id, type, eventTime, deviceId, positionId, geofenceId, attributes, maintenanceId FROM events',
  tc_actions: 'SELECT id, actionTime, address, userId, actionType, objectType, objectId, attributes FROM actions',
  tc_statistics: `SELECT id, captureTime, activeUsers, activeDevices, requests, messagesReceived, messagesStored, attributes, mailSent, smsSent,
    geocoderRequests, geolocationRequests, protocols FROM statistics`,
};

/** Athar's permission pairs and the Traccar table each must land in. */
const LINK_TABLES: Record<string, string> = {
  'user-device': 'tc_user_device',
  'user-group': 'tc_user_group',
  'user-managedUser': 'tc_user_user',
  'user-geofence': 'tc_user_geofence',
  'user-notification': 'tc_user_notification',
  'user-calendar': 'tc_user_calendar',
  'user-attribute': 'tc_user_attribute',
  'user-driver': 'tc_user_driver',
  'user-command': 'tc_user_command',
  'user-maintenance': 'tc_user_maintenance',
  'user-report': 'tc_user_report',
  'device-geofence': 'tc_device_geofence',
  'device-notification': 'tc_device_notification',
  'device-attribute': 'tc_device_attribute',
  'device-driver': 'tc_device_driver',
  'device-command': 'tc_device_command',
  'device-maintenance': 'tc_device_maintenance',
  'device-report': 'tc_device_report',
  'device-linkedDevice': 'tc_device_device',
  'group-geofence': 'tc_group_geofence',
  'group-notification': 'tc_group_notification',
  'group-attribute': 'tc_group_attribute',
  'group-driver': 'tc_group_driver',
  'group-command': 'tc_group_command',
  'group-maintenance': 'tc_group_maintenance',
  'group-report': 'tc_group_report',
};

const binaries = postgresBinaries();
const missing = 'missing' in binaries ? binaries.missing : null;
// No test is skipped (rule 5): without PostgreSQL's server binaries this fails and says how to get them.
if (missing) {
  describe('export:traccar into PostgreSQL', () => {
    it('has PostgreSQL to load the export into', () => {
      throw new Error(`${missing}: install Debian's postgresql package (.ci/run does)`);
    });
  });
}

describe('traccarPasswordHash', () => {
  it("is Traccar's PBKDF2-HMAC-SHA1: 1,000 rounds, 24-byte salt and hash, hex", () => {
    // computed with the JDK's PBKDF2WithHmacSHA1, the factory Traccar's Hashing uses, with the same parameters
    expect(traccarPasswordHash('admin', Buffer.alloc(24))).toEqual({ hash: 'd33dca55abd4cc5bc76f2bc0b4e603fe2c6f61f4c1ef2d47', salt: '0'.repeat(48) });
    const salt = Buffer.from('0102030405060708090a0b0c0d0e0f101112131415161718', 'hex');
    expect(traccarPasswordHash('كلمة-سر', salt).hash).toBe('00893a6d76f0822cdc3f7d965f3779dc4591e0a93ce63e07');
    expect(traccarPasswordHash('x').salt).toMatch(/^[0-9a-f]{48}$/);
  });
});

if (missing === null) describe('export:traccar into PostgreSQL', () => {
  let server: TestServer;
  let cluster: Cluster | undefined;
  let starting: Promise<Cluster> | undefined;
  let athar: Database.Database;
  let work = '';
  const messages: string[] = [];
  let clock = Date.UTC(2025, 4, 1, 8);
  let longArea = '';
  const ids: Record<string, number> = {};

  const headers = { Authorization: basic('admin', ADMIN_PASSWORD), 'Content-Type': 'application/json' };
  async function post<T extends { id: number }>(path: string, body: unknown): Promise<T> {
    return json<T>(await fetch(server.url + path, { method: 'POST', headers, body: JSON.stringify(body) }));
  }
  async function link(pairs: Array<Record<string, number>>): Promise<void> {
    for (const pair of pairs) {
      const response = await fetch(`${server.url}/api/permissions`, { method: 'POST', headers, body: JSON.stringify(pair) });
      expect(response.status, `${JSON.stringify(pair)}: ${await response.text()}`).toBe(204);
    }
  }
  async function report(uniqueId: string, minutes: number, lat: number, lon: number, extra = ''): Promise<void> {
    clock += minutes * 60_000;
    const response = await fetch(`http://127.0.0.1:${server.osmandPort}/?id=${uniqueId}&timestamp=${Math.floor(clock / 1000)}&lat=${lat}&lon=${lon}${extra}`);
    expect(response.status, await response.text()).toBe(200);
  }

  async function seed(): Promise<void> {
    ids.dispatcher = (await post('/api/users', {
      name: 'Dispatcher', email: 'dispatch@example.com', password: 'dispatch-pass', phone: '+966500000001', deviceLimit: 5, userLimit: 2,
      expirationTime: '2030-01-01T00:00:00.000+00:00', attributes: { language: 'ar', note: 'tab\there' },
    })).id;
    ids.viewer = (await post('/api/users', { name: 'Viewer', email: 'viewer@example.com', login: 'viewer', password: 'viewer-pass', readonly: true })).id;
    ids.managed = (await post('/api/users', { name: 'Managed', email: 'managed@example.com', password: 'managed-pass', disabled: true })).id;
    ids.fleet = (await post('/api/groups', { name: 'Fleet', attributes: { speedLimit: 60 } })).id;
    ids.riyadh = (await post('/api/groups', { name: 'Riyadh', groupId: ids.fleet })).id;
    const ics = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:work', 'DTSTART:20250101T060000Z', 'DURATION:PT10H', 'RRULE:FREQ=DAILY', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
    ids.calendar = (await post('/api/calendars', { name: 'Work hours', data: Buffer.from(ics).toString('base64') })).id;
    ids.truck = (await post('/api/devices', {
      name: 'Truck 1', uniqueId: 'exp-1', groupId: ids.riyadh, calendarId: ids.calendar, phone: '+966500000002', model: 'FH16', contact: 'Ali',
      category: 'truck', attributes: { speedLimit: 40, 'line\nbreak': 'back\\slash' },
    })).id;
    ids.van = (await post('/api/devices', { name: 'Van 2', uniqueId: 'exp-2', category: 'van' })).id;
    ids.spare = (await post('/api/devices', { name: 'Spare', uniqueId: 'exp-3', disabled: true })).id;
    ids.depot = (await post('/api/geofences', { name: 'Depot', description: 'Main depot', area: 'CIRCLE (24.7 46.7, 500)' })).id;
    // a ring of 400 vertices: its WKT is longer than Traccar's area VARCHAR(4096)
    const ring = Array.from({ length: 400 }, (_, k) => {
      const a = (2 * Math.PI * k) / 400;
      return `${(24.8 + 0.05 * Math.sin(a)).toFixed(6)} ${(46.8 + 0.05 * Math.cos(a)).toFixed(6)}`;
    });
    longArea = `POLYGON ((${[...ring, ring[0]].join(', ')}))`;
    ids.zone = (await post('/api/geofences', { name: 'North zone', area: longArea, calendarId: ids.calendar, attributes: { color: '#ff0000' } })).id;
    ids.enter = (await post('/api/notifications', { type: 'geofenceEnter', notificators: 'web', calendarId: ids.calendar, description: 'Depot arrivals' })).id;
    ids.alarm = (await post('/api/notifications', { type: 'alarm', notificators: 'web,mail', always: true, attributes: { alarms: 'sos' } })).id;
    ids.attribute = (await post('/api/attributes/computed', { description: 'Speed (km/h)', attribute: 'speedKmh', expression: 'speed * 1.852', type: 'number', priority: 2 })).id;
    ids.driver = (await post('/api/drivers', { name: 'Omar', uniqueId: 'rfid-0042', attributes: { license: 'B' } })).id;
    ids.maintenance = (await post('/api/maintenance', { name: 'Oil change', type: 'totalDistance', start: 1000, period: 5000.5 })).id;
    ids.command = (await post('/api/commands', { type: 'custom', description: 'Ping', attributes: { data: 'ping' } })).id;
    ids.bare = (await post('/api/commands', { type: 'custom', attributes: { data: 'bare' } })).id;
    ids.daily = (await post('/api/reports', { type: 'events', description: 'Daily events', calendarId: ids.calendar })).id;
    ids.unscheduled = (await post('/api/reports', { type: 'route', description: 'No calendar' })).id;
    const server_ = await fetch(`${server.url}/api/server`, { headers });
    const settings = await json<Record<string, unknown>>(server_);
    const saved = await fetch(`${server.url}/api/server`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...settings, map: 'osm', announcement: 'Moving to Traccar', latitude: 24.7, longitude: 46.7, zoom: 10, attributes: { timezone: 'Asia/Riyadh' } }),
    });
    expect(saved.status, await saved.text()).toBe(200);

    await link([
      { userId: ids.dispatcher, deviceId: ids.truck },
      { userId: ids.viewer, deviceId: ids.van },
      { userId: ids.dispatcher, groupId: ids.fleet },
      { userId: ids.dispatcher, managedUserId: ids.managed },
      { userId: ids.dispatcher, geofenceId: ids.depot },
      { userId: ids.dispatcher, notificationId: ids.enter },
      { userId: ids.dispatcher, calendarId: ids.calendar },
      { userId: ids.dispatcher, attributeId: ids.attribute },
      { userId: ids.dispatcher, driverId: ids.driver },
      { userId: ids.dispatcher, commandId: ids.command },
      { userId: ids.dispatcher, maintenanceId: ids.maintenance },
      { userId: ids.dispatcher, reportId: ids.daily },
      { userId: ids.dispatcher, reportId: ids.unscheduled },
    ]);
    await link([
      { deviceId: ids.truck, geofenceId: ids.depot },
      { deviceId: ids.truck, notificationId: ids.enter },
      { deviceId: ids.truck, attributeId: ids.attribute },
      { deviceId: ids.truck, driverId: ids.driver },
      { deviceId: ids.truck, commandId: ids.command },
      { deviceId: ids.truck, maintenanceId: ids.maintenance },
      { deviceId: ids.truck, reportId: ids.daily },
      { deviceId: ids.truck, linkedDeviceId: ids.van },
    ]);
    await link([
      { groupId: ids.fleet, geofenceId: ids.zone },
      { groupId: ids.riyadh, notificationId: ids.alarm },
      { groupId: ids.fleet, attributeId: ids.attribute },
      { groupId: ids.fleet, driverId: ids.driver },
      { groupId: ids.fleet, commandId: ids.bare },
      { groupId: ids.fleet, maintenanceId: ids.maintenance },
      { groupId: ids.fleet, reportId: ids.daily },
    ]);

    // positions through OsmAnd: the truck drives into the depot and the north zone and out, raises an alarm,
    // turns its ignition, speeds; the van reports cells and Wi-Fi
    for (let k = 0; k < 40; k++) {
      const lat = 24.69 + k * 0.0015;
      const lon = 46.7 + (k > 20 ? (k - 20) * 0.005 : 0);
      const extra =
        `&speed=${k % 7 === 0 ? 60 : 20}&bearing=${(k * 9) % 360}&altitude=${600 + k}&accuracy=${5 + (k % 3)}&batt=${90 - k}` +
        (k === 5 ? '&alarm=sos' : '') +
        `&ignition=${k >= 2 && k < 30}` +
        (k === 12 ? `&note=${encodeURIComponent('tab\there\nnew line\\back')}` : '');
      await report('exp-1', 1, lat, lon, extra);
    }
    for (let k = 0; k < 20; k++) {
      await report('exp-2', 2, 24.6 - k * 0.001, 46.6, `&speed=${k}&cell=420,1,${1000 + k},${5000 + k},-70&wifi=aa-bb-cc-dd-ee-${(10 + k).toString(16)},-60`);
    }
    // a command waiting for a device that does not report again
    const queued = await fetch(`${server.url}/api/commands/send`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ deviceId: ids.spare, type: 'custom', attributes: { data: 'reboot' } }),
    });
    expect(queued.status, await queued.text()).toBe(202);
  }

  async function exportTo(file: string, args: string[] = []): Promise<number> {
    return main(['--out', file, ...args], { DATA_DIR: server.dataDir }, process.stdout, (line) => void messages.push(line));
  }

  async function load(database: string, file: string): Promise<void> {
    await pg().createDatabase(database);
    await pg().psql(database, ['-f', file]);
  }
  const pg = (): Cluster => cluster!;

  let schemaOnlyFile = '';
  let exportFile = '';
  let adminsFile = '';
  let exportSeconds = 0;
  let loadSeconds = 0;

  beforeAll(async () => {
    work = tempDir('athar-export-');
    const bin = 'bin' in binaries ? binaries.bin : '';
    // the cluster starts while the server is seeded
    starting = startCluster(bin);
    server = await start({ now: () => clock });
    await seed();
    cluster = await starting;
    await server.close();
    athar = new Database(join(server.dataDir, 'athar.db'), { readonly: true });
    schemaOnlyFile = join(work, 'schema.sql');
    exportFile = join(work, 'traccar.sql');
    adminsFile = join(work, 'admins.sql');
    expect(await exportTo(schemaOnlyFile, ['--schema-only'])).toBe(0);
    let t = performance.now();
    expect(await exportTo(exportFile)).toBe(0);
    exportSeconds = (performance.now() - t) / 1000;
    expect(await exportTo(adminsFile, ['--new-admin-passwords'])).toBe(0);
    await load('schema_only', schemaOnlyFile);
    t = performance.now();
    await load('traccar', exportFile);
    loadSeconds = (performance.now() - t) / 1000;
    await load('admins', adminsFile);
    console.log(`export:traccar: export ${exportSeconds.toFixed(2)} s, psql load ${loadSeconds.toFixed(2)} s`);
  }, 120_000);

  afterAll(async () => {
    athar?.close();
    await starting?.then((c) => c.stop(), () => {});
    if (work) rmSync(work, { recursive: true, force: true });
    if (server) rmSync(server.dataDir, { recursive: true, force: true });
  });

  it("creates Traccar 6.14.5's schema and Liquibase record as its changelogs do (--schema-only)", async () => {
    const catalog = await pg().json<Catalog>('schema_only', CATALOG_SQL);
    expect(catalog).toEqual(fixture());
    const rows = await pg().json<Array<{ liquibase: string; deployment_id: string; tag: string | null }>>(
      'schema_only',
      'SELECT json_agg(json_build_object(\'liquibase\', liquibase, \'deployment_id\', deployment_id)) FROM databasechangelog',
    );
    expect(new Set(rows.map((r) => r.liquibase))).toEqual(new Set(['5.0.3']));
    expect(new Set(rows.map((r) => r.deployment_id)).size).toBe(1);
    expect(rows[0]!.deployment_id).toMatch(/^\d{10}$/);
    // the server row changelog-4.0-clean inserts
    expect(await pg().json('schema_only', "SELECT json_agg(json_build_object('id', id, 'registration', registration)) FROM tc_servers")).toEqual([
      { id: 1, registration: false },
    ]);
  });

  it('loads into the same schema, with the one column widened for a longer value', async () => {
    const catalog = await pg().json<Catalog>('traccar', CATALOG_SQL);
    const expected = fixture();
    const longest = (athar.prepare('SELECT MAX(LENGTH(area)) FROM geofences').pluck().get() as number);
    expect(longest).toBe(longArea.length);
    expect(longest).toBeGreaterThan(4096);
    const area = expected.columns.find((c) => c.table === 'tc_geofences' && c.column === 'area')!;
    area.length = longest;
    expect(catalog).toEqual(expected);
    expect(messages.some((m) => m.includes('tc_geofences.area') && m.includes('4096'))).toBe(true);
  });

  it('brings every object, position and event across with its id and values', async () => {
    const columns = fixture().columns;
    const selects: string[] = [];
    const expected: Record<string, unknown[]> = {};
    for (const [target, query] of Object.entries(TABLE_CHECKS)) {
      const statement = athar.prepare(`${query} ORDER BY id`);
      const types = new Map(columns.filter((c) => c.table === target).map((c) => [c.column, c.type]));
      const select = statement.columns().map(({ name }) => {
        const column = name.toLowerCase();
        const type = types.get(column);
        if (!type) throw new Error(`${target} has no column ${column}`);
        if (type.startsWith('timestamp')) return `round(extract(epoch FROM ${column}) * 1000)::bigint AS "${name}"`;
        if (type === 'bytea') return `upper(encode(${column}, 'hex')) AS "${name}"`;
        if (type === 'character') return `rtrim(${column}) AS "${name}"`;
        return `${column} AS "${name}"`;
      });
      selects.push(`'${target}', (SELECT COALESCE(json_agg(t ORDER BY id), '[]') FROM (SELECT ${select.join(', ')} FROM ${target}) t)`);
      expected[target] = (statement.all() as Array<Record<string, unknown>>).map((row) =>
        Object.fromEntries(Object.entries(row).map(([name, value]) => [name, types.get(name.toLowerCase()) === 'boolean' && value !== null ? value === 1 : value])),
      );
    }
    const loaded = await pg().json<Record<string, unknown[]>>('traccar', `SELECT json_build_object(${selects.join(', ')})`);
    for (const target of Object.keys(TABLE_CHECKS)) expect(loaded[target], target).toEqual(expected[target]);
    // what was seeded is there: nothing above compared two empty tables
    const count = (table: string): number => athar.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
    expect(count('positions')).toBeGreaterThanOrEqual(60);
    expect(count('queued_commands')).toBe(1);
    expect(count('users')).toBeGreaterThanOrEqual(4);
    const types = new Set(athar.prepare('SELECT DISTINCT type FROM events').pluck().all() as string[]);
    for (const type of ['geofenceEnter', 'geofenceExit', 'alarm', 'ignitionOn', 'ignitionOff']) expect(types, type).toContain(type);
    // COPY's escapes and the JSON Traccar reads
    const note = await pg().json<string>('traccar', "SELECT to_json(attributes::json ->> 'note') FROM tc_positions WHERE attributes LIKE '%note%'");
    expect(note).toBe('tab\there\nnew line\\back');
    const network = await pg().json<{ cellTowers: Array<{ cellId: number }> }>('traccar', 'SELECT network::json FROM tc_positions WHERE network IS NOT NULL ORDER BY id LIMIT 1');
    expect(network.cellTowers[0]!.cellId).toBe(5000);
    const inside = await pg().json<number>('traccar', "SELECT count(*) FROM tc_positions WHERE geofenceids LIKE '[%]'");
    expect(inside).toBeGreaterThan(0);
    // each device's latest position is linked, and is there
    const latest = await pg().json<Array<{ id: number; fix: number }>>(
      'traccar',
      'SELECT json_agg(json_build_object(\'id\', d.id, \'fix\', p.id)) FROM tc_devices d JOIN tc_positions p ON p.id = d.positionid',
    );
    expect(latest).toEqual(
      expect.arrayContaining([
        { id: ids.truck, fix: athar.prepare('SELECT MAX(id) FROM positions WHERE deviceId = ?').pluck().get(ids.truck) },
        { id: ids.van, fix: athar.prepare('SELECT MAX(id) FROM positions WHERE deviceId = ?').pluck().get(ids.van) },
      ]),
    );
  });

  it('brings every permission link across, in the table Traccar keeps that pair in', async () => {
    const athars = new Map<string, string[]>();
    const add = (pair: string, owner: number, property: number): void => void athars.set(pair, [...(athars.get(pair) ?? []), `${owner}-${property}`]);
    for (const row of athar.prepare('SELECT userId AS o, deviceId AS p FROM user_device').all() as Array<{ o: number; p: number }>) add('user-device', row.o, row.p);
    for (const row of athar.prepare('SELECT userId AS o, groupId AS p FROM user_group').all() as Array<{ o: number; p: number }>) add('user-group', row.o, row.p);
    for (const row of athar.prepare('SELECT userId AS o, managedUserId AS p FROM user_user').all() as Array<{ o: number; p: number }>) add('user-managedUser', row.o, row.p);
    const unscheduled = ids.unscheduled!;
    const links = athar.prepare('SELECT ownerType, ownerId, propertyType, propertyId FROM links').all() as Array<{ ownerType: string; ownerId: number; propertyType: string; propertyId: number }>;
    for (const row of links) {
      // a scheduled report without a calendar cannot be in Traccar (tc_reports.calendarid is NOT NULL): nor can its links
      if (row.propertyType === 'report' && row.propertyId === unscheduled) continue;
      add(`${row.ownerType}-${row.propertyType}`, row.ownerId, row.propertyId);
    }
    expect(new Set(athars.keys())).toEqual(new Set(Object.keys(LINK_TABLES)));
    const selects = Object.values(LINK_TABLES).map((target) => {
      const [owner, property] = table(target).columns.map((c) => c.name);
      return `'${target}', (SELECT COALESCE(json_agg(${owner} || '-' || ${property}), '[]') FROM ${target})`;
    });
    const loaded = await pg().json<Record<string, string[]>>('traccar', `SELECT json_build_object(${selects.join(', ')})`);
    for (const [pair, target] of Object.entries(LINK_TABLES)) expect([...loaded[target]!].sort(), pair).toEqual([...athars.get(pair)!].sort());
    expect(await pg().json('traccar', `SELECT count(*) FROM tc_reports WHERE id = ${unscheduled}`)).toBe(0);
    expect(messages.some((m) => /1 scheduled reports without a calendar/.test(m))).toBe(true);
  });

  it('sets every sequence past the highest id Athar gave out', async () => {
    const pairs: Array<[string, string]> = [
      ['tc_users', 'users'], ['tc_groups', 'device_groups'], ['tc_devices', 'devices'], ['tc_geofences', 'geofences'], ['tc_calendars', 'calendars'],
      ['tc_notifications', 'notifications'], ['tc_attributes', 'computed_attributes'], ['tc_drivers', 'drivers'], ['tc_maintenances', 'maintenances'],
      ['tc_commands', 'commands'], ['tc_reports', 'reports'], ['tc_commands_queue', 'queued_commands'], ['tc_positions', 'positions'], ['tc_events', 'events'],
    ];
    const next = await pg().json<Record<string, number>>(
      'traccar',
      `SELECT json_build_object(${[...pairs.map(([target]) => target), 'tc_servers'].map((t) => `'${t}', nextval(pg_get_serial_sequence('${t}', 'id'))`).join(', ')})`,
    );
    for (const [target, source] of pairs) {
      const given = (athar.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').pluck().get(source) as number | undefined) ?? 0;
      expect(given, source).toBeGreaterThan(0);
      expect(next[target], target).toBe(given + 1);
    }
    expect(next.tc_servers).toBe(2);
  });

  it("keeps Athar's password hashes, which Traccar's check never accepts, unless administrators get new ones", async () => {
    const stored = athar.prepare('SELECT id, email, hashedPassword, salt, administrator FROM users ORDER BY id').all() as Array<{
      id: number; email: string; hashedPassword: string; salt: string; administrator: number;
    }>;
    // scrypt: a 32-byte hash, where Traccar compares its 24-byte PBKDF2 result
    for (const user of stored) expect(user.hashedPassword).toMatch(/^[0-9a-f]{64}$/);
    const admins = await pg().json<Array<{ id: number; hashedpassword: string; salt: string }>>(
      'admins',
      "SELECT json_agg(json_build_object('id', id, 'hashedpassword', hashedpassword, 'salt', salt) ORDER BY id) FROM tc_users",
    );
    const printed = messages.slice(messages.findIndex((m) => m.startsWith('New administrator passwords')) + 1).filter((m) => m.startsWith('  '));
    for (const user of stored) {
      const row = admins.find((a) => a.id === user.id)!;
      if (!user.administrator) {
        expect(row).toEqual({ id: user.id, hashedpassword: user.hashedPassword, salt: user.salt });
        continue;
      }
      const line = printed.find((m) => m.trim().startsWith(`${user.email} `));
      expect(line, user.email).toBeDefined();
      const password = line!.trim().split(/\s+/)[1]!;
      expect(traccarPasswordHash(password, Buffer.from(row.salt, 'hex')).hash).toBe(row.hashedpassword);
      expect(row.salt).toMatch(/^[0-9a-f]{48}$/);
    }
    expect(stored.some((u) => u.administrator)).toBe(true);
  });

  it('streams: 100,000 positions to a slow output in 64 KB pieces, never more than one piece ahead of it', async () => {
    const dir = tempDir('athar-export-stream-');
    const db = openDatabase(dir);
    db.prepare("INSERT INTO devices (id, name, uniqueId) VALUES (1, 'Bulk', 'bulk-1')").run();
    const insert = db.prepare(
      `INSERT INTO positions (deviceId, protocol, serverTime, deviceTime, fixTime, valid, latitude, longitude, speed, attributes)
       VALUES (1, 'osmand', @t, @t, @t, 1, @lat, 46.7, 10, '{"batt":90,"motion":true}')`,
    );
    db.transaction(() => {
      for (let k = 0; k < 100_000; k++) insert.run({ t: clock + k * 1000, lat: 24 + k / 1e6 });
    })();
    let bytes = 0;
    let pieces = 0;
    let largest = 0;
    let mostBuffered = 0;
    const slow = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, done) {
        pieces++;
        bytes += chunk.length;
        largest = Math.max(largest, chunk.length);
        mostBuffered = Math.max(mostBuffered, this.writableLength);
        setImmediate(done);
      },
    });
    const summary = await exportTraccar(db, slow, { now: clock });
    slow.end();
    await once(slow, 'finish');
    db.close();
    rmSync(dir, { recursive: true, force: true });
    expect(summary.rows.tc_positions).toBe(100_000);
    expect(bytes).toBeGreaterThan(8 << 20);
    expect(pieces).toBeGreaterThan(100);
    // a piece is 64 KB and the rest of one row; a writer that ignored write()'s answer would have buffered megabytes
    expect(largest).toBeLessThan(70_000);
    expect(mostBuffered).toBeLessThan(70_000);
  }, 60_000);
});
