/**
 * The embedded database as one SQL file for Traccar 6.14.5 on PostgreSQL (`npm run export:traccar`):
 * Traccar's schema (`traccarSchema.ts`), Liquibase's record of it (`traccarChangelog.ts`), and every row
 * Traccar has a place for, each with its id, as `COPY … FROM stdin` blocks that psql loads.
 *
 * It streams: each table is read with an iterator from one read transaction (a consistent snapshot while
 * the server keeps writing) and written in 64 KB pieces that wait for the output to drain, so twenty
 * million positions pass through without being held in memory. Keys, indexes and foreign keys are added
 * after the data, as loading into bare tables is faster; the sequences are then set past
 * the highest id Athar ever gave out.
 *
 * How Athar's storage becomes Traccar's:
 * - times (milliseconds) become `TIMESTAMP WITHOUT TIME ZONE` in UTC; Traccar reads them in its JVM's
 *   time zone (`QueryBuilder` uses `setTimestamp`/`getTimestamp` without a calendar), so it must run in UTC;
 * - 0/1 become booleans; attributes, a position's network and geofence ids stay the JSON text Traccar also
 *   writes; geofence areas stay WKT (latitude first, `CIRCLE`), which is Traccar's form; calendars' iCalendar
 *   bytes become `BYTEA`;
 * - passwords: Athar's scrypt hash and salt are copied as they are. Traccar checks a password with
 *   PBKDF2-HMAC-SHA1 (24-byte hash) over the stored salt, so no exported password can match (the 32-byte
 *   scrypt hash never equals a 24-byte result) and every user must be given a new one; with
 *   `newAdminPasswords`, each administrator gets a random one that Traccar accepts: its PBKDF2 hash goes
 *   into the SQL, the password itself only to the caller (the command prints it on stderr);
 * - text is COPY-escaped; U+0000, which PostgreSQL's text cannot hold, is dropped;
 * - a text longer than Traccar's column (a geofence of many vertices over `area VARCHAR(4096)`, long
 *   attributes) widens that column in the export, with a warning, instead of failing the load;
 * - what Traccar has no place for stays behind: sessions, tokens and their signing key, password-reset
 *   links, the ingest's cache version, device state Traccar keeps in columns Athar does not (motion and
 *   overspeed state get Traccar's defaults), scheduled reports without a calendar (Traccar requires one)
 *   and permission links whose object is gone or whose pair Traccar has no table for (both counted).
 */
import { once } from 'node:events';
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import type { Writable } from 'node:stream';
import type { Db } from '../db/database.ts';
import { isoDate } from '../db/convert.ts';
import { migrations } from '../db/migrations.ts';
import { randomPassword } from '../auth/password.ts';
import { type ColumnDef, type ColumnType, LIQUIBASE_VERSION, TRACCAR_COMMIT, TRACCAR_VERSION, constraintsSql, sqlType, table, tablesSql } from './traccarSchema.ts';
import { CHANGELOG_TABLES_SQL, changelogRowsSql } from './traccarChangelog.ts';

export interface ExportOptions {
  /** only the empty schema and its changelog rows, as Traccar would create them (with its default server row) */
  schemaOnly?: boolean;
  /** give every administrator a new random password that Traccar accepts (returned in the summary) */
  newAdminPasswords?: boolean;
  /** the export's time (milliseconds); the header and Liquibase's deployment id */
  now?: number;
  /** the database's file, for the header */
  source?: string;
  /** warnings (widened columns, rows left behind) and progress, as they happen */
  log?: (message: string) => void;
}

export interface ExportSummary {
  /** rows written per Traccar table */
  rows: Record<string, number>;
  /** columns made wider than Traccar's for a longer value */
  widened: Array<{ table: string; column: string; from: number; to: number }>;
  /** rows left behind, by reason */
  skipped: Record<string, number>;
  /** new administrator passwords (with `newAdminPasswords`) */
  adminPasswords: Array<{ id: number; email: string; password: string }>;
}

/** Traccar's password hash: PBKDF2-HMAC-SHA1, 1,000 iterations, 24-byte salt and hash, lower-case hex. */
export function traccarPasswordHash(password: string, salt: Buffer = randomBytes(24)): { hash: string; salt: string } {
  return { hash: pbkdf2Sync(password, salt, 1000, 24, 'sha1').toString('hex'), salt: salt.toString('hex') };
}

type Value = string | number | bigint | Buffer | null;

/** One Traccar table filled from one query: its columns and, for each, the SQLite expression. */
interface Source {
  target: string;
  /** the SQLite table whose sqlite_sequence sets the identity's next value */
  sequenceOf?: string;
  /** FROM (and WHERE) of the query */
  from: string;
  columns: Array<[target: string, expression: string]>;
  /** changes a row (values in `columns` order) before it is written */
  transform?: (row: Value[]) => void;
}

/** Columns of Athar's table under Traccar's (lower-case) names, with expressions where they differ. */
function mapped(target: string, columns: string[], expressions: Record<string, string> = {}): Array<[string, string]> {
  const names = new Set(table(target).columns.map((c) => c.name));
  return columns.map((source) => {
    const name = source.toLowerCase();
    if (!names.has(name)) throw new Error(`${target} has no column ${name}`);
    return [name, expressions[name] ?? source];
  });
}

/** A reference kept only when its row exists (Traccar has a foreign key there; Athar's table has none). */
const existing = (column: string, of: string): string => `CASE WHEN ${column} IN (SELECT id FROM ${of}) THEN ${column} END`;

/** Scheduled reports Traccar can hold: its `tc_reports.calendarid` is NOT NULL. */
const REPORTS = 'reports WHERE calendarId IN (SELECT id FROM calendars)';

const OBJECTS: Record<string, { table: string; name: string }> = {
  geofence: { table: 'geofences', name: 'geofence' },
  notification: { table: 'notifications', name: 'notification' },
  calendar: { table: 'calendars', name: 'calendar' },
  attribute: { table: 'computed_attributes', name: 'attribute' },
  driver: { table: 'drivers', name: 'driver' },
  command: { table: 'commands', name: 'command' },
  maintenance: { table: 'maintenances', name: 'maintenance' },
  report: { table: REPORTS, name: 'report' },
  linkedDevice: { table: 'devices', name: 'device' },
};
const OWNERS: Record<string, string> = { user: 'users', device: 'devices', group: 'device_groups' };

function objectSources(newAdminPasswords: boolean, adminPasswords: ExportSummary['adminPasswords']): Source[] {
  const userColumns = [
    'id', 'name', 'email', 'hashedPassword', 'salt', 'readonly', 'administrator', 'map', 'latitude', 'longitude', 'zoom',
    'attributes', 'coordinateFormat', 'disabled', 'expirationTime', 'deviceLimit', 'userLimit', 'deviceReadonly', 'phone',
    'limitCommands', 'login', 'poiLayer', 'disableReports', 'fixedEmail', 'totpKey', 'temporary',
  ];
  const [ADMINISTRATOR, HASH, SALT, EMAIL] = ['administrator', 'hashedPassword', 'salt', 'email'].map((c) => userColumns.indexOf(c)) as [number, number, number, number];
  return [
    {
      target: 'tc_servers',
      from: 'server',
      columns: mapped('tc_servers', [
        'id', 'registration', 'latitude', 'longitude', 'zoom', 'map', 'bingKey', 'mapUrl', 'readonly', 'attributes', 'forceSettings',
        'coordinateFormat', 'deviceReadonly', 'limitCommands', 'poiLayer', 'announcement', 'disableReports', 'overlayUrl', 'fixedEmail',
      ]),
    },
    {
      target: 'tc_users',
      sequenceOf: 'users',
      from: 'users',
      columns: mapped('tc_users', userColumns),
      ...(newAdminPasswords
        ? {
            transform(row: Value[]) {
              if (row[ADMINISTRATOR] !== 1) return;
              const password = randomPassword(16);
              const hashed = traccarPasswordHash(password);
              row[HASH] = hashed.hash;
              row[SALT] = hashed.salt;
              adminPasswords.push({ id: Number(row[0]), email: String(row[EMAIL]), password });
            },
          }
        : {}),
    },
    { target: 'tc_groups', sequenceOf: 'device_groups', from: 'device_groups', columns: mapped('tc_groups', ['id', 'name', 'groupId', 'attributes']) },
    { target: 'tc_calendars', sequenceOf: 'calendars', from: 'calendars', columns: mapped('tc_calendars', ['id', 'name', 'data', 'attributes']) },
    {
      target: 'tc_devices',
      sequenceOf: 'devices',
      from: 'devices',
      columns: mapped(
        'tc_devices',
        ['id', 'name', 'uniqueId', 'lastUpdate', 'positionId', 'groupId', 'attributes', 'phone', 'model', 'contact', 'category', 'disabled', 'status', 'expirationTime', 'calendarId'],
        { calendarid: existing('calendarId', 'calendars') },
      ),
    },
    {
      target: 'tc_geofences',
      sequenceOf: 'geofences',
      from: 'geofences',
      columns: mapped('tc_geofences', ['id', 'name', 'description', 'area', 'attributes', 'calendarId'], { calendarid: existing('calendarId', 'calendars') }),
    },
    { target: 'tc_drivers', sequenceOf: 'drivers', from: 'drivers', columns: mapped('tc_drivers', ['id', 'name', 'uniqueId', 'attributes']) },
    {
      target: 'tc_maintenances',
      sequenceOf: 'maintenances',
      from: 'maintenances',
      columns: mapped('tc_maintenances', ['id', 'name', 'type', 'start', 'period', 'attributes']),
    },
    {
      target: 'tc_attributes',
      sequenceOf: 'computed_attributes',
      from: 'computed_attributes',
      columns: mapped('tc_attributes', ['id', 'description', 'type', 'attribute', 'expression', 'priority']),
    },
    {
      target: 'tc_commands',
      sequenceOf: 'commands',
      from: 'commands',
      // a saved command's deviceId is not stored by Traccar either (it is the device a command is sent to)
      columns: mapped('tc_commands', ['id', 'description', 'type', 'textChannel', 'attributes'], { description: "COALESCE(description, '')" }),
    },
    {
      target: 'tc_notifications',
      sequenceOf: 'notifications',
      from: 'notifications',
      columns: mapped('tc_notifications', ['id', 'type', 'attributes', 'always', 'calendarId', 'notificators', 'commandId', 'description'], {
        calendarid: existing('calendarId', 'calendars'),
        commandid: existing('commandId', 'commands'),
      }),
    },
    {
      target: 'tc_reports',
      sequenceOf: 'reports',
      from: REPORTS,
      columns: mapped('tc_reports', ['id', 'type', 'description', 'calendarId', 'attributes'], { description: "COALESCE(description, '')" }),
    },
    {
      target: 'tc_commands_queue',
      sequenceOf: 'queued_commands',
      from: 'queued_commands',
      columns: mapped('tc_commands_queue', ['id', 'deviceId', 'type', 'textChannel', 'attributes']),
    },
  ];
}

/** The permission tables: Athar's three of its own, and each pair of its generic `links` that Traccar has a table for. */
function linkSources(db: Db, log: (message: string) => void, skipped: Record<string, number>): Source[] {
  const sources: Source[] = [
    { target: 'tc_user_device', from: 'user_device', columns: [['userid', 'userId'], ['deviceid', 'deviceId']] },
    { target: 'tc_user_group', from: 'user_group', columns: [['userid', 'userId'], ['groupid', 'groupId']] },
    { target: 'tc_user_user', from: 'user_user', columns: [['userid', 'userId'], ['manageduserid', 'managedUserId']] },
  ];
  const pairs = db.prepare('SELECT ownerType, propertyType, COUNT(*) AS count FROM links GROUP BY ownerType, propertyType ORDER BY 1, 2').all() as Array<{
    ownerType: string;
    propertyType: string;
    count: number;
  }>;
  for (const pair of pairs) {
    const owner = OWNERS[pair.ownerType];
    // a linked device is a device's only (tc_device_device)
    const object = pair.propertyType === 'linkedDevice' && pair.ownerType !== 'device' ? undefined : OBJECTS[pair.propertyType];
    const target = object ? `tc_${pair.ownerType}_${object.name}` : '';
    const def = owner && object ? tryTable(target) : undefined;
    if (!owner || !object || !def) {
      skipped[`links ${pair.ownerType}-${pair.propertyType} (no Traccar table)`] = pair.count;
      log(`Left behind: ${pair.count} ${pair.ownerType}-${pair.propertyType} links (Traccar has no table for that pair)`);
      continue;
    }
    const [ownerColumn, propertyColumn] = def.columns.map((c) => c.name) as [string, string];
    const where =
      `ownerType = '${pair.ownerType}' AND propertyType = '${pair.propertyType}'` +
      ` AND ownerId IN (SELECT id FROM ${owner}) AND propertyId IN (SELECT id FROM ${object.table})`;
    const kept = (db.prepare(`SELECT COUNT(*) AS count FROM links WHERE ${where}`).get() as { count: number }).count;
    if (kept < pair.count) {
      skipped[`links ${pair.ownerType}-${pair.propertyType} (object gone)`] = pair.count - kept;
      log(`Left behind: ${pair.count - kept} ${pair.ownerType}-${pair.propertyType} links to objects that are gone or that Traccar cannot hold`);
    }
    sources.push({ target, from: `links WHERE ${where}`, columns: [[ownerColumn, 'ownerId'], [propertyColumn, 'propertyId']] });
  }
  return sources;
}

function tryTable(name: string): ReturnType<typeof table> | undefined {
  try {
    return table(name);
  } catch {
    return undefined;
  }
}

function historySources(): Source[] {
  return [
    {
      target: 'tc_positions',
      sequenceOf: 'positions',
      from: 'positions',
      columns: mapped('tc_positions', [
        'id', 'protocol', 'deviceId', 'serverTime', 'deviceTime', 'fixTime', 'valid', 'latitude', 'longitude', 'altitude', 'speed', 'course',
        'address', 'attributes', 'accuracy', 'network', 'geofenceIds',
      ]),
    },
    {
      target: 'tc_events',
      sequenceOf: 'events',
      from: 'events',
      columns: mapped('tc_events', ['id', 'type', 'eventTime', 'deviceId', 'positionId', 'geofenceId', 'attributes', 'maintenanceId']),
    },
    {
      target: 'tc_actions',
      sequenceOf: 'actions',
      from: 'actions',
      columns: mapped('tc_actions', ['id', 'actionTime', 'address', 'userId', 'actionType', 'objectType', 'objectId', 'attributes']),
    },
    {
      target: 'tc_statistics',
      sequenceOf: 'statistics',
      from: 'statistics',
      columns: mapped('tc_statistics', [
        'id', 'captureTime', 'activeUsers', 'activeDevices', 'requests', 'messagesReceived', 'messagesStored', 'attributes', 'mailSent',
        'smsSent', 'geocoderRequests', 'geolocationRequests', 'protocols',
      ]),
    },
  ];
}

// --- COPY's text format -------------------------------------------------------------------------

const NULL = '\\N';
// PostgreSQL's text cannot hold U+0000 at all: it is dropped (a JSON text holds it escaped, as \u0000)
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '' };
const SPECIAL = /[\\\t\n\r\0]/;
const SPECIALS = /[\\\t\n\r\0]/g;

function copyText(value: string): string {
  return SPECIAL.test(value) ? value.replace(SPECIALS, (c) => ESCAPES[c]!) : value;
}

function number(value: number | bigint): string {
  return typeof value === 'bigint' ? value.toString() : String(value);
}

/** A UTC wall time PostgreSQL reads as `TIMESTAMP WITHOUT TIME ZONE` (ISO 8601; an offset would be ignored). */
function timestamp(ms: number): string {
  const iso = isoDate(ms)!;
  return iso.length === 29 ? iso.slice(0, 23) : iso;
}

type Encoder = (value: Value) => string;

function encoder(type: ColumnType, where: string): Encoder {
  switch (type.kind) {
    case 'integer':
    case 'bigint':
      return (v) => (v === null ? NULL : typeof v === 'number' ? String(Number.isInteger(v) ? v : Math.round(v)) : typeof v === 'bigint' ? v.toString() : bad(where, v));
    case 'double':
      return (v) => (v === null ? NULL : typeof v === 'number' || typeof v === 'bigint' ? number(v) : bad(where, v));
    case 'boolean':
      return (v) => (v === null ? NULL : v ? 't' : 'f');
    case 'timestamp': {
      // a row's times are often equal, and neighbouring rows' too: the last one is kept
      let last = NaN;
      let text = '';
      return (v) => {
        if (v === null) return NULL;
        const ms = typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : bad(where, v);
        if (ms !== last) {
          last = ms;
          text = timestamp(ms);
        }
        return text;
      };
    }
    case 'bytea':
      return (v) => (v === null ? NULL : '\\\\x' + (Buffer.isBuffer(v) ? v : Buffer.from(String(v), 'utf8')).toString('hex'));
    case 'varchar':
    case 'char':
      return (v) => (v === null ? NULL : typeof v === 'string' ? copyText(v) : Buffer.isBuffer(v) ? copyText(v.toString('utf8')) : number(v));
  }
}

function bad(where: string, value: Value): never {
  throw new Error(`${where}: cannot export ${typeof value} ${String(value).slice(0, 40)}`);
}

// --- output ---------------------------------------------------------------------------------------

/** Text gathered into pieces of about 64 KB, each written when the output has room for it. */
class Output {
  private buffer = '';
  constructor(private readonly out: Writable) {}

  /** Adds text; true when a piece is full and `flush` should be awaited. */
  add(text: string): boolean {
    this.buffer += text;
    return this.buffer.length >= 65_536;
  }

  async flush(): Promise<void> {
    if (!this.buffer) return;
    const ok = this.out.write(this.buffer);
    this.buffer = '';
    if (!ok) await once(this.out, 'drain');
  }
}

function columnDef(target: string, name: string): ColumnDef {
  const def = table(target).columns.find((c) => c.name === name);
  if (!def) throw new Error(`${target} has no column ${name}`);
  return def;
}

function lengthLimit(type: ColumnType): number | null {
  return type.kind === 'varchar' || type.kind === 'char' ? type.length : null;
}

/** The latest migration: the export reads Athar's tables as that version leaves them. */
export const SCHEMA_VERSION = migrations[migrations.length - 1]!.version;

/** Writes the export to `out` (which it does not end). `db` may be null for the schema only. */
export async function exportTraccar(db: Db | null, out: Writable, options: ExportOptions = {}): Promise<ExportSummary> {
  const now = options.now ?? Date.now();
  const log = options.log ?? (() => {});
  const summary: ExportSummary = { rows: {}, widened: [], skipped: {}, adminPasswords: [] };
  const output = new Output(out);
  const write = async (text: string): Promise<void> => {
    output.add(text);
    await output.flush();
  };

  await write(
    [
      `-- Athar's embedded database as SQL for Traccar ${TRACCAR_VERSION} on PostgreSQL${options.schemaOnly ? ' (the schema only)' : ''}`,
      `-- Exported ${new Date(now).toISOString()}${options.source ? ` from ${options.source.replace(/[\r\n]/g, ' ')}` : ''}.`,
      `-- Schema: Traccar ${TRACCAR_VERSION}'s Liquibase changelogs (tag v${TRACCAR_VERSION}, commit ${TRACCAR_COMMIT}) as Liquibase`,
      `-- ${LIQUIBASE_VERSION} creates them on PostgreSQL, with the DATABASECHANGELOG rows that make Traccar's start-up migration find nothing to do.`,
      '-- Load it into a new, empty database:  psql -v ON_ERROR_STOP=1 -d traccar -f FILE',
      '-- Times are UTC: Traccar reads them in its JVM time zone, so run it in UTC (TZ=UTC or -Duser.timezone=UTC).',
      "-- Passwords: Athar's scrypt hashes never match Traccar's PBKDF2 check; users need a new password (see the README).",
      '',
      '\\set ON_ERROR_STOP on',
      "SET client_encoding = 'UTF8';",
      'SET standard_conforming_strings = on;',
      'BEGIN;',
      '',
      tablesSql(),
      CHANGELOG_TABLES_SQL,
      changelogRowsSql(now),
    ].join('\n'),
  );

  if (options.schemaOnly) {
    // the row changelog-4.0-clean inserts
    await write(`INSERT INTO tc_servers (registration, latitude, longitude, zoom) VALUES (FALSE, 0, 0, 0);\n\n${constraintsSql()}\nCOMMIT;\n`);
    return summary;
  }
  if (!db) throw new Error('No database to export');

  const version = (db.prepare('SELECT MAX(version) AS version FROM schema_version').get() as { version: number | null }).version;
  if (version !== SCHEMA_VERSION) {
    throw new Error(`The database is at schema version ${version ?? 'none'}, the export reads version ${SCHEMA_VERSION}: start the server on it once (it migrates), then export.`);
  }

  // one read transaction: every table from the same moment, while the server may keep writing
  db.exec('BEGIN');
  try {
    const sources = [
      ...objectSources(options.newAdminPasswords ?? false, summary.adminPasswords),
      ...linkSources(db, log, summary.skipped),
      ...historySources(),
    ];
    const reports = db.prepare('SELECT COUNT(*) AS count FROM reports WHERE calendarId IS NULL OR calendarId NOT IN (SELECT id FROM calendars)').get() as { count: number };
    if (reports.count) {
      summary.skipped['scheduled reports without a calendar'] = reports.count;
      log(`Left behind: ${reports.count} scheduled reports without a calendar (Traccar requires one) and their links`);
    }

    // the longest text of each limited column, and the row counts (progress)
    const counts = new Map<string, number>();
    const widenings: string[] = [];
    for (const source of sources) {
      const limited = source.columns.filter(([name]) => lengthLimit(columnDef(source.target, name).type) !== null);
      const select = ['COUNT(*)', ...limited.map(([, expression]) => `MAX(LENGTH(${expression}))`)].join(', ');
      const row = db.prepare(`SELECT ${select} FROM ${source.from}`).raw().get() as Array<number | null>;
      counts.set(source.target, row[0] ?? 0);
      limited.forEach(([name], k) => {
        const def = columnDef(source.target, name);
        const limit = lengthLimit(def.type)!;
        const longest = row[k + 1] ?? 0;
        if (longest > limit) {
          const type = sqlType({ kind: def.type.kind === 'char' ? 'char' : 'varchar', length: longest });
          summary.widened.push({ table: source.target, column: name, from: limit, to: longest });
          widenings.push(`ALTER TABLE ${source.target} ALTER COLUMN ${name} TYPE ${type};`);
          log(`Widened ${source.target}.${name} from ${limit} to ${longest} characters for its longest value (Traccar's column is ${sqlType(def.type)})`);
        }
      });
    }
    if (widenings.length) {
      await write(`-- Wider than Traccar's columns, for values longer than they hold:\n${widenings.join('\n')}\n\n`);
    }

    for (const source of sources) {
      const encoders = source.columns.map(([name]) => encoder(columnDef(source.target, name).type, `${source.target}.${name}`));
      const names = source.columns.map(([name]) => name);
      const omitted = table(source.target).columns.filter((c) => !names.includes(c.name)).map((c) => c.name);
      const total = counts.get(source.target) ?? 0;
      await write(
        (omitted.length ? `-- ${source.target}: Athar has no ${omitted.join(', ')} (Traccar's defaults apply)\n` : '') +
          `COPY ${source.target} (${names.join(', ')}) FROM stdin;\n`,
      );
      const statement = db.prepare(`SELECT ${source.columns.map(([, e]) => e).join(', ')} FROM ${source.from}${source.sequenceOf ? ' ORDER BY id' : ''}`).raw();
      let count = 0;
      const step = total >= 2_000_000 ? 1_000_000 : 0;
      for (const values of statement.iterate() as IterableIterator<Value[]>) {
        source.transform?.(values);
        let line = encoders[0]!(values[0]!);
        for (let k = 1; k < encoders.length; k++) line += '\t' + encoders[k]!(values[k]!);
        if (output.add(line + '\n')) await output.flush();
        count++;
        if (step && count % step === 0) log(`${source.target}: ${count.toLocaleString('en')} of ${total.toLocaleString('en')}`);
      }
      await write('\\.\n\n');
      summary.rows[source.target] = count;
    }

    // identities: past the highest id in the table and the highest Athar ever gave out (deleted rows' ids too)
    const sequence = db.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').pluck();
    const setvals = sources
      .filter((s) => table(s.target).columns.some((c) => c.identity))
      .map((s) => {
        const given = s.sequenceOf ? Number((sequence.get(s.sequenceOf) as number | undefined) ?? 0) : 0;
        return `  PERFORM setval(pg_get_serial_sequence('${s.target}', 'id'), GREATEST((SELECT COALESCE(MAX(id), 0) FROM ${s.target}), ${given}) + 1, false);`;
      });
    await write(`${constraintsSql()}\nDO $$\nBEGIN\n${setvals.join('\n')}\nEND\n$$;\n\nCOMMIT;\n\nANALYZE;\n`);
  } finally {
    db.exec('COMMIT');
  }
  return summary;
}
