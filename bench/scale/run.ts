/**
 * bench:scale (issue 35): the embedded server on a fresh database and on one of 20 million positions
 * (1,000 devices over 30 days, with their events), side by side. Not part of `npm test`.
 *
 *   npm run bench:scale -- [--positions 20000000] [--devices 1000] [--days 30] [--data DIR] [--keep] [--build-only]
 *                          [--retention-days N]
 *
 * - The server is `server/main.ts` in a child process (as `npm start` runs it: demo admin, no simulator,
 *   loopback, random ports), on a fresh data directory and then on the built one (build.ts; `--data DIR`
 *   keeps it there, and a later run with the same DIR and figures reuses it).
 * - On each: OsmAnd ingest (the load of bench:server over the 1,000 devices, 32 requests in flight:
 *   positions/s, p50/p99), socket fan-out at 100 clients (1,000 positions/s), the route, trips, stops,
 *   summary and events reports for one device and one day and for 100 devices and one day, a 30-day
 *   summary for 100 devices (the time of each request on loopback, median of 3), the database's size on
 *   disk and the server's memory.
 * - At 20 M only: each report statement's query plan (server/reports/queries.ts REPORT_SQL); kill -9
 *   during ingest, then every acknowledged position looked for after a restart; ingest at 1,000/s while
 *   the retention purges the oldest day (athar.retentionDays = days - 1): its p50/p99/max.
 * - `--build-only`: builds (or finds) the database in `--data DIR` and stops, so that the measurements can run
 *   later, on a quieter machine, without the build before them.
 * - Writes bench/results/scale.json and scale.md. Bounded: stops by itself after 40 minutes.
 */
import Database from 'better-sqlite3';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPORT_SQL } from '../../server/reports/queries.ts';
import { type LoadResult, OsmandLoad, adminCookie, createDevices, percentiles, round, roundAll } from '../server/load.ts';
import { RawClient } from '../server/rawHttp.ts';
import { type FanoutResult, measureFanout, paced } from '../server/fanout.ts';
import { buildDatabase } from './build.ts';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const PASSWORD = 'bench-scale-password';
const CONCURRENCY = 32;
const WARMUP = 3_000;
const INGEST = 30_000;
const FANOUT_CLIENTS = 100;
const FANOUT_RATE = 1_000;
const FANOUT_SECONDS = 6;
const PURGE_RATE = 1_000;
const DAY = 86_400_000;

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}
function option(name: string): string | null {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? (process.argv[at + 1] ?? null) : null;
}
const POSITIONS = flag('positions', 20_000_000);
const DEVICES = flag('devices', 1_000);
const DAYS = flag('days', 30);
const log = (text: string): void => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);

// ---------------------------------------------------------------------------------------------------
// the server in a child process

interface Running {
  child: ChildProcess;
  url: string;
  osmandPort: number;
  output: () => string;
}

function launch(dataDir: string): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      OSMAND_PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: PASSWORD,
      SIMULATOR: '0',
      CLIENT_DIR: join(dataDir, 'no-client'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (data: Buffer) => {
    output += data.toString();
    if (output.length > 1_000_000) output = output.slice(-500_000);
  });
  child.stderr!.on('data', (data: Buffer) => (output += data.toString()));
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    const check = setInterval(() => {
      const web = /listening on http:\/\/[^:]+:(\d+)/.exec(output);
      const osm = /OsmAnd protocol on port (\d+)/.exec(output);
      if (web && osm) {
        clearTimeout(timer);
        clearInterval(check);
        resolvePromise({ child, url: `http://127.0.0.1:${web[1]}`, osmandPort: Number(osm[1]), output: () => output });
      }
    }, 50);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      clearInterval(check);
      reject(new Error(`server exited (${code ?? signal}):\n${output.slice(-4000)}`));
    });
  });
}

function stop(server: Running, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolvePromise) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolvePromise();
    server.child.removeAllListeners('exit');
    server.child.once('exit', () => resolvePromise());
    server.child.kill(signal);
  });
}

function memory(pid: number): { rssMb: number; peakRssMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string): number => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakRssMb: Math.round(kb('VmHWM') / 1024) };
}

function sizeOnDisk(dataDir: string): { databaseMb: number; walMb: number } {
  const size = (file: string): number => (existsSync(file) ? statSync(file).size : 0);
  return { databaseMb: Math.round(size(join(dataDir, 'athar.db')) / 1048576), walMb: Math.round(size(join(dataDir, 'athar.db-wal')) / 1048576) };
}

// ---------------------------------------------------------------------------------------------------
// the measurements

interface ReportTiming {
  name: string;
  devices: number;
  days: number;
  medianMs: number;
  runsMs: number[];
  bytes: number;
  items: number;
}

async function reports(server: Running, cookie: string, deviceIds: readonly number[], from: number): Promise<ReportTiming[]> {
  const plan: Array<{ name: string; kind: string; devices: number; days: number }> = [
    ...['route', 'trips', 'stops', 'summary', 'events'].map((kind) => ({ name: `${kind}, 1 device, 1 day`, kind, devices: 1, days: 1 })),
    ...['route', 'trips', 'stops', 'summary', 'events'].map((kind) => ({ name: `${kind}, 100 devices, 1 day`, kind, devices: 100, days: 1 })),
    { name: 'summary, 100 devices, 30 days', kind: 'summary', devices: 100, days: 30 },
  ];
  const results: ReportTiming[] = [];
  for (const item of plan) {
    const to = item.days === 1 ? from + DAY - 1 : from + item.days * DAY - 1;
    const start = item.days === 1 ? from : to + 1 - item.days * DAY;
    const params = new URLSearchParams({ from: new Date(start).toISOString(), to: new Date(to).toISOString() });
    for (const id of deviceIds.slice(0, item.devices)) params.append('deviceId', String(id));
    const runs: number[] = [];
    let bytes = 0;
    let items = 0;
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      const response = await fetch(`${server.url}/api/reports/${item.kind}?${params}`, { headers: { Cookie: cookie, Accept: 'application/json' } });
      const text = await response.text();
      runs.push(round(performance.now() - t, 1));
      if (!response.ok) throw new Error(`${item.name}: ${response.status} ${text.slice(0, 200)}`);
      bytes = text.length;
      items = (JSON.parse(text) as unknown[]).length;
    }
    const sorted = [...runs].sort((a, b) => a - b);
    results.push({ name: item.name, devices: item.devices, days: item.days, medianMs: sorted[1]!, runsMs: runs, bytes, items });
    log(`  ${item.name}: ${sorted[1]} ms (${items} items)`);
  }
  return results;
}

interface Suite {
  positionsInDatabase: number;
  ingest: LoadResult;
  fanout: FanoutResult;
  reports: ReportTiming[];
  memory: { rssMb: number; peakRssMb: number };
  disk: { databaseMb: number; walMb: number };
}

async function suite(server: Running, dataDir: string, deviceIds: readonly number[], load: OsmandLoad, reportDay: () => number): Promise<Suite> {
  const cookie = await adminCookie(server.url, PASSWORD);
  const pid = server.child.pid!;
  log('  ingest');
  await load.run(server.osmandPort, WARMUP, CONCURRENCY);
  const ingest = await load.measured(server.osmandPort, pid, INGEST, CONCURRENCY);
  log(`  ingest: ${ingest.positionsPerSecond}/s, p50 ${ingest.latencyMs.p50} ms, p99 ${ingest.latencyMs.p99} ms, server CPU ${ingest.serverCpuPercentOfOneCore} %`);
  log('  fan-out');
  const fan = await measureFanout({ url: server.url, cookie, osmandPort: server.osmandPort, serverPid: pid, load, clients: FANOUT_CLIENTS, rate: FANOUT_RATE, seconds: FANOUT_SECONDS });
  log(`  fan-out p99 ${fan.fanoutLatencyMs.p99} ms at ${fan.clients} clients`);
  log('  reports');
  const timed = await reports(server, cookie, deviceIds, reportDay());
  const db = new Database(join(dataDir, 'athar.db'), { readonly: true });
  const positionsInDatabase = db.prepare('SELECT MAX(id) FROM positions').pluck().get() as number;
  db.close();
  return { positionsInDatabase, ingest, fanout: fan, reports: timed, memory: memory(pid), disk: sizeOnDisk(dataDir) };
}

// ---------------------------------------------------------------------------------------------------
// at 20 M only: plans, kill -9, the purge

function queryPlans(file: string, deviceId: number, from: number): Array<{ name: string; sql: string; plan: string[] }> {
  const db = new Database(file, { readonly: true });
  const to = from + DAY - 1;
  const statements: Array<[string, string, unknown[]]> = [
    ['a route, trips or stops: positions of a device in a period', REPORT_SQL.positions, [deviceId, from, to]],
    ['the same, a page at a time (first page)', REPORT_SQL.firstPage, [deviceId, from, to, 10_000]],
    ['the same, the next page', REPORT_SQL.nextPage, [deviceId, from, to, from, from, 0, 10_000]],
    ['a summary: first position of the period', REPORT_SQL.firstPosition, [deviceId, from, to]],
    ['a summary: last position of the period', REPORT_SQL.lastPosition, [deviceId, from, to]],
    ['events of a device in a period', REPORT_SQL.events(0), [deviceId, from, to]],
    ['events of some types', REPORT_SQL.events(2), [deviceId, from, to, 'alarm', 'deviceOverspeed']],
    ['latest positions of devices', REPORT_SQL.latestPositions(3), [deviceId, deviceId + 1, deviceId + 2]],
  ];
  const plans = statements.map(([name, sql, params]) => ({
    name,
    sql: sql.replace(/\s+/g, ' '),
    plan: (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((row) => row.detail),
  }));
  db.close();
  return plans;
}

async function killDuringIngest(dataDir: string, load: OsmandLoad, idByUniqueId: Map<string, number>) {
  const server = await launch(dataDir);
  const client = new RawClient(server.osmandPort);
  const acknowledged: Array<{ deviceId: number; fixTime: number }> = [];
  let sent = 0;
  let killed = false;
  const killAt = performance.now() + 4000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (!killed) {
        const query = load.nextQuery();
        sent++;
        const status = await client.get(`/?${query}`);
        if (status === 200) {
          const params = new URLSearchParams(query);
          acknowledged.push({ deviceId: idByUniqueId.get(params.get('id')!)!, fixTime: Number(params.get('timestamp')) * 1000 });
        }
        if (!killed && performance.now() >= killAt) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      }
    }),
  );
  client.close();
  await stop(server, 'SIGKILL');
  const restarted = await launch(dataDir);
  const db = new Database(join(dataDir, 'athar.db'), { readonly: true });
  const find = db.prepare('SELECT COUNT(*) FROM positions WHERE deviceId = ? AND fixTime = ?').pluck();
  let missing = 0;
  for (const p of acknowledged) if (!(find.get(p.deviceId, p.fixTime) as number)) missing++;
  const integrity = db.pragma('quick_check', { simple: true }) as string;
  db.close();
  await stop(restarted);
  return { sent, acknowledged: acknowledged.length, missing, integrity };
}

async function ingestDuringPurge(dataDir: string, load: OsmandLoad, retentionDays: number) {
  // the retention is set through the API, then the server starts again: a run begins at start
  let server = await launch(dataDir);
  const cookie = await adminCookie(server.url, PASSWORD);
  const current = (await (await fetch(`${server.url}/api/server`, { headers: { Cookie: cookie } })).json()) as { attributes: Record<string, unknown> };
  const put = await fetch(`${server.url}/api/server`, {
    method: 'PUT',
    headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...current, attributes: { ...current.attributes, 'athar.retentionDays': retentionDays } }),
  });
  if (!put.ok) throw new Error(`retention not set: ${put.status} ${await put.text()}`);
  await stop(server);
  const db = new Database(join(dataDir, 'athar.db'), { readonly: true });
  const before = db.prepare('SELECT COUNT(*) FROM positions WHERE fixTime < ?').pluck().get(Date.now() - retentionDays * DAY) as number;
  db.close();
  server = await launch(dataDir);
  const done = (): boolean => /retention \(\d+ days\)/.test(server.output());
  const client = new RawClient(server.osmandPort);
  const began = performance.now();
  const run = await paced(client, load, PURGE_RATE, 300, { during: () => !done() });
  client.close();
  const line = /retention \((\d+) days\): (\d+) positions and (\d+) events deleted in (\d+) batches, (\d+) ms \(longest batch ([\d.]+) ms\)/.exec(server.output());
  await stop(server);
  return {
    retentionDays,
    positionsToPurge: before,
    purge: line
      ? { positions: Number(line[2]), events: Number(line[3]), batches: Number(line[4]), ms: Number(line[5]), longestBatchMs: Number(line[6]) }
      : null,
    ingestSeconds: round((performance.now() - began) / 1000, 1),
    positionsSent: run.sent,
    failures: run.failures,
    latencyMs: roundAll(percentiles(run.latencies)),
  };
}

// ---------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const started = Date.now();
  const loadAtStart = os.loadavg()[0] ?? 0;
  const deadline = setTimeout(() => {
    console.error('bench:scale timed out (40 minutes)');
    process.exit(1);
  }, 40 * 60_000);
  deadline.unref();
  const uniqueIds = Array.from({ length: DEVICES }, (_, k) => `scale-${String(k + 1).padStart(4, '0')}`);
  const keep = process.argv.includes('--keep');
  const dataOption = option('data');
  const bigDir = dataOption ? resolve(dataOption) : mkdtempSync(join(os.tmpdir(), 'athar-scale-'));
  const freshDir = mkdtempSync(join(os.tmpdir(), 'athar-scale-fresh-'));
  // the load: the positions after whatever the database holds (the built data ends 2 hours ago)
  const perDevice = Math.ceil((WARMUP + INGEST + FANOUT_RATE * FANOUT_SECONDS) / DEVICES) + 4;
  const loadEnd = Date.now() - 60_000;

  let server: Running;
  // the database at scale (built, or found from an earlier run)
  const marker = join(bigDir, 'scale-build.json');
  const wanted = { positions: POSITIONS, devices: DEVICES, days: DAYS };
  let build: { positions: number; events: number; seconds: number; indexSeconds: number; end: number; ids: number[] };
  const previous = existsSync(marker) ? (JSON.parse(readFileSync(marker, 'utf8')) as typeof build & typeof wanted) : null;
  if (previous && previous.positions >= POSITIONS && previous.devices === DEVICES && previous.days === DAYS && Date.now() - previous.end < DAY) {
    log(`reusing the database in ${bigDir} (${previous.positions} positions)`);
    build = previous;
  } else {
    if (existsSync(bigDir) && readdirSync(bigDir).length) rmSync(bigDir, { recursive: true, force: true });
    mkdirSync(bigDir, { recursive: true });
    log(`building ${POSITIONS} positions for ${DEVICES} devices over ${DAYS} days in ${bigDir}`);
    server = await launch(bigDir);
    const ids = await createDevices(server.url, await adminCookie(server.url, PASSWORD), uniqueIds);
    await stop(server);
    const end = Date.now() - 2 * 3_600_000;
    build = { ...buildDatabase(join(bigDir, 'athar.db'), { deviceIds: ids, positions: POSITIONS, days: DAYS, end, log }), end, ids };
    writeFileSync(marker, JSON.stringify({ ...wanted, ...build }));
    log(`built: ${build.positions} positions, ${build.events} events in ${build.seconds} s (indexes ${build.indexSeconds} s)`);
  }
  if (process.argv.includes('--build-only')) {
    log(`the database is in ${bigDir}`);
    clearTimeout(deadline);
    return;
  }

  // a fresh database
  log(`fresh database in ${freshDir}`);
  server = await launch(freshDir);
  const freshIds = await createDevices(server.url, await adminCookie(server.url, PASSWORD), uniqueIds);
  const freshLoad = new OsmandLoad(uniqueIds, perDevice, { seed: 'scale', startTime: loadEnd - perDevice * 2000 });
  const fresh = await suite(server, freshDir, freshIds, freshLoad, () => Date.now() - DAY + 60_000);
  freshLoad.close();
  await stop(server);
  rmSync(freshDir, { recursive: true, force: true });

  const idByUniqueId = new Map(uniqueIds.map((u, k) => [u, build.ids[k]!]));
  const midDay = Math.floor((build.end - Math.floor(DAYS / 2) * DAY) / DAY) * DAY;
  const plans = queryPlans(join(bigDir, 'athar.db'), build.ids[0]!, midDay);

  log('at scale');
  server = await launch(bigDir);
  const bigLoad = new OsmandLoad(uniqueIds, 500, { seed: "scale-big", startTime: loadEnd - 500 * 2000 });
  const atScale = await suite(server, bigDir, build.ids, bigLoad, () => midDay);
  await stop(server);
  log('kill -9 during ingest');
  const crash = await killDuringIngest(bigDir, bigLoad, idByUniqueId);
  log(`  ${crash.acknowledged} acknowledged, ${crash.missing} missing after the restart, quick_check ${crash.integrity}`);
  log('ingest during the purge');
  const purge = await ingestDuringPurge(bigDir, bigLoad, flag('retention-days', DAYS - 1));
  log(`  p99 ${purge.latencyMs.p99} ms during a purge of ${purge.purge?.positions ?? '?'} positions`);
  bigLoad.close();
  if (!keep && !dataOption) rmSync(bigDir, { recursive: true, force: true });

  const results = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', node: process.version, memoryGb: Math.round(os.totalmem() / 1073741824) },
    loadAverage: { start: round(loadAtStart), end: round(os.loadavg()[0] ?? 0) },
    parameters: { positions: POSITIONS, devices: DEVICES, days: DAYS, concurrency: CONCURRENCY, fanoutClients: FANOUT_CLIENTS, fanoutRate: FANOUT_RATE },
    build: { positions: build.positions, events: build.events, seconds: build.seconds, indexSeconds: build.indexSeconds },
    fresh,
    atScale,
    plans,
    crash,
    purge,
    totalMinutes: round((Date.now() - started) / 60_000, 1),
  };
  const dir = join(ROOT, 'bench/results');
  writeFileSync(join(dir, 'scale.json'), JSON.stringify(results, null, 2) + '\n');
  writeFileSync(join(dir, 'scale.md'), markdown(results));
  console.log(markdown(results));
  clearTimeout(deadline);
}

function markdown(r: {
  date: string;
  machine: { cpus: number; cpuModel: string; node: string; memoryGb: number };
  loadAverage: { start: number; end: number };
  build: { positions: number; events: number; seconds: number; indexSeconds: number };
  fresh: Suite;
  atScale: Suite;
  plans: Array<{ name: string; sql: string; plan: string[] }>;
  crash: { sent: number; acknowledged: number; missing: number; integrity: string };
  purge: Awaited<ReturnType<typeof ingestDuringPurge>>;
  totalMinutes: number;
}): string {
  const ms = (v: number): string => `${v.toFixed(1)} ms`;
  const aim = (ok: boolean): string => (ok ? 'met' : '**missed**');
  const side = (name: string, f: (s: Suite) => string): string => `| ${name} | ${f(r.fresh)} | ${f(r.atScale)} |`;
  const report = (s: Suite, name: string): ReportTiming => s.reports.find((x) => x.name === name)!;
  const route1 = report(r.atScale, 'route, 1 device, 1 day');
  const trips100 = report(r.atScale, 'trips, 100 devices, 1 day');
  return [
    '# Scale benchmark',
    '',
    `${r.date}, ${r.machine.cpus} × ${r.machine.cpuModel}, ${r.machine.memoryGb} GB, Node ${r.machine.node}, load average ${r.loadAverage.start} → ${r.loadAverage.end}; ${r.totalMinutes} minutes. \`npm run bench:scale\`; raw figures in \`scale.json\`.`,
    `The server is \`server/main.ts\` in a child process; the load generator, the socket clients and the server share the machine's cores.`,
    `The database at scale: ${r.build.positions.toLocaleString('en')} positions and ${r.build.events.toLocaleString('en')} events of 1,000 devices over 30 days, bulk-loaded in ${r.build.seconds} s (indexes built in ${r.build.indexSeconds} s; bench/scale/build.ts).`,
    '',
    '## Aims at 20 M positions',
    '',
    `- Ingest ≥ 12,000 positions/s: ${r.atScale.ingest.positionsPerSecond}/s, ${aim(r.atScale.ingest.positionsPerSecond >= 12_000)}.`,
    `- Fan-out p99 < 100 ms at 100 clients: ${ms(r.atScale.fanout.fanoutLatencyMs.p99)}, ${aim(r.atScale.fanout.fanoutLatencyMs.p99 < 100)}.`,
    `- A one-device, one-day route report ≤ 200 ms: ${ms(route1.medianMs)}, ${aim(route1.medianMs <= 200)}.`,
    `- A 100-device, one-day trips report ≤ 2 s: ${ms(trips100.medianMs)}, ${aim(trips100.medianMs <= 2000)}.`,
    `- kill -9 during ingest loses no acknowledged position: ${r.crash.acknowledged} acknowledged, ${r.crash.missing} missing after the restart (quick_check: ${r.crash.integrity}), ${aim(r.crash.missing === 0 && r.crash.integrity === 'ok')}.`,
    `- Ingest p99 ≤ 50 ms while the retention purges: ${ms(r.purge.latencyMs.p99)} at ${PURGE_RATE}/s over ${r.purge.ingestSeconds} s, ${aim(r.purge.latencyMs.p99 <= 50)}.`,
    '',
    '## Fresh and at scale, side by side',
    '',
    '| | fresh database | 20 M positions |',
    '| --- | --- | --- |',
    side('positions in the database', (s) => s.positionsInDatabase.toLocaleString('en')),
    side(`OsmAnd ingest (1,000 devices, ${CONCURRENCY} in flight)`, (s) => `**${s.ingest.positionsPerSecond}/s**, p50 ${ms(s.ingest.latencyMs.p50)}, p99 ${ms(s.ingest.latencyMs.p99)}, server CPU ${s.ingest.serverCpuPercentOfOneCore} %, generator CPU ${s.ingest.generatorCpuPercentOfOneCore} %`),
    side(`socket fan-out, ${FANOUT_CLIENTS} clients at ${FANOUT_RATE}/s`, (s) => `p50 ${ms(s.fanout.fanoutLatencyMs.p50)}, **p99 ${ms(s.fanout.fanoutLatencyMs.p99)}**, ${s.fanout.framesReceived}/${s.fanout.framesExpected} frames`),
    ...r.fresh.reports.map((f, i) => {
      const big = r.atScale.reports[i]!;
      return `| ${f.name} | ${ms(f.medianMs)} (${f.items} items) | **${ms(big.medianMs)}** (${big.items} items) |`;
    }),
    side('database on disk', (s) => `${s.disk.databaseMb} MB (+ WAL ${s.disk.walMb} MB)`),
    side("server's memory (RSS now / peak)", (s) => `${s.memory.rssMb} / ${s.memory.peakRssMb} MB`),
    '',
    'Report times are the request on loopback (JSON), median of three: the server\'s time plus a few milliseconds of transfer. The fresh',
    "database's reports cover the positions its own ingest stored (the last day), the big one's the 15th day of its 30.",
    '',
    '## Query plans at 20 M rows',
    '',
    'Every report reads positions and events by device and time (server/reports/queries.ts `REPORT_SQL`): each is a search of an index',
    'on (deviceId, time), never a scan, so its cost follows the rows of that device and period, not the size of the table.',
    '',
    ...r.plans.flatMap((p) => [`- ${p.name}: \`${p.sql.length > 160 ? p.sql.slice(0, 157) + '…' : p.sql}\``, ...p.plan.map((line) => `  - \`${line}\``)]),
    '',
    '## Retention under ingest',
    '',
    r.purge.purge
      ? `\`athar.retentionDays\` = ${r.purge.retentionDays}: the run at start deleted ${r.purge.purge.positions.toLocaleString('en')} positions and ${r.purge.purge.events.toLocaleString('en')} events in ${r.purge.purge.batches} batches over ${(r.purge.purge.ms / 1000).toFixed(1)} s (longest batch ${r.purge.purge.longestBatchMs} ms), while ${r.purge.positionsSent} positions arrived at ${PURGE_RATE}/s: answers p50 ${ms(r.purge.latencyMs.p50)}, p99 **${ms(r.purge.latencyMs.p99)}**, max ${ms(r.purge.latencyMs.max)}, ${r.purge.failures} failures.`
      : `The purge did not finish within the measurement (${r.purge.positionsToPurge} positions to delete).`,
    '',
  ].join('\n');
}

await main();
