/**
 * Server benchmark (npm run bench:server): the embedded server in a child process on loopback,
 *  (a) OsmAnd ingest throughput: 200 devices, keep-alive agents, 32 requests in flight, 30,000 positions;
 *  (b) socket fan-out: 10 and 100 WebSocket clients (one admin session) in another process, positions
 *      ingested at 1,000/s; latency = OsmAnd request sent → the matching {positions} frame received;
 *  (c) calendars (issue 32, calendar.ts): the hostile calendar refused, then /api/health latency while
 *      alarms whose notification is limited by a calendar are ingested at 200/s;
 *  (d) heavy context (issue 32, heavy.ts): the load of (a) again, with every device linked to 10 geofences of
 *      100,000 vertices and 50 notifications limited by calendars of 20 series.
 * Bounded, stops by itself; writes bench/results/server.json and server.md.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { closeConnections } from './http.ts';
import { type FanoutResult, measureFanout, nextMessage } from './fanout.ts';
import { OsmandLoad, adminCookie, createDevices, round } from './load.ts';
import { calendarMarkdown, legacyCalendar, runCalendar } from './calendar.ts';
import { type HeavyResult, heavyMarkdown, prepareHeavy } from './heavy.ts';

const DEVICES = 200;
const WARMUP = 2_000;
const POSITIONS = 30_000;
const CONCURRENCY = 32;
const FANOUT_RATE = 1_000;
const FANOUT_SECONDS = 6;
const FANOUT_CLIENTS = [10, 100];
const PASSWORD = 'bench-password';
const CALENDAR_ALARMS = 2_000;
const CALENDAR_RATE = 200;
/** positions of section (d) */
const HEAVY_POSITIONS = 30_000;

const NOTES = `## How the pushes are made

- The ingest commits the positions that arrive in one event-loop turn in one transaction and answers them; the
  socket pushes of that turn are buffered in \`LiveHub\` and sent on the next turn as one
  \`{devices, positions, events}\` frame per user, serialised once and written to every socket of that user. The
  cost per turn is one \`JSON.stringify\` per connected user plus one \`ws\` write per socket, not one per position
  and client.
- The machine has 2 cores shared by the server, the generator and the socket clients (which parse every frame):
  the figures are a lower bound, and they move with whatever else runs (see the load average in the first line).`;

const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));
const now = (): number => performance.timeOrigin + performance.now();

/**
 * `BENCH_SERVER_CPU_PROF=DIR` (diagnostic): the server writes a CPU profile of its whole run into DIR
 * when it stops (node --cpu-prof); the figures of such a run are slowed by the profiler.
 */
const SERVER_PROFILE_DIR = process.env.BENCH_SERVER_CPU_PROF;

function forkTs(file: string, env: Record<string, string> = {}, profileDir?: string): ChildProcess {
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  return fork(here(file), [], { execArgv: ['--import', 'tsx', ...profile], env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}



async function main(): Promise<void> {
  const started = Date.now();
  const loadAtStart = os.loadavg()[0] ?? 0;
  const server = forkTs('./serve.ts', { BENCH_PASSWORD: PASSWORD }, SERVER_PROFILE_DIR);
  const timeout = setTimeout(() => {
    console.error('benchmark timed out');
    server.kill('SIGKILL');
    process.exit(1);
  }, 480_000);
  let load: OsmandLoad | null = null;
  try {
    const { url, osmandPort } = await nextMessage<{ url: string; osmandPort: number }>(server);
    const serverPid = server.pid!;

    // Session and devices through the REST API
    const cookie = await adminCookie(url, PASSWORD);
    const ids = Array.from({ length: DEVICES }, (_, k) => `bench-${String(k + 1).padStart(3, '0')}`);
    await createDevices(url, cookie, ids);

    // Positions from the simulator's model, prepared before the clock starts (2 s apart, in the past)
    const perDevice = Math.ceil((WARMUP * 1.25 + POSITIONS + HEAVY_POSITIONS + FANOUT_RATE * FANOUT_SECONDS * FANOUT_CLIENTS.length) / DEVICES) + 2;
    const prepared = new OsmandLoad(ids, perDevice);
    load = prepared;
    const runLoad = (count: number) => prepared.run(osmandPort, count, CONCURRENCY);
    const measuredLoad = (count: number) => prepared.measured(osmandPort, serverPid, count, CONCURRENCY);

    // (a) throughput
    await runLoad(WARMUP);
    const ingest = { devices: DEVICES, concurrency: CONCURRENCY, ...(await measuredLoad(POSITIONS)) };
    console.log('ingest', ingest);

    // (b) fan-out
    const fanout: FanoutResult[] = [];
    for (const clients of FANOUT_CLIENTS) {
      const result = await measureFanout({ url, cookie, osmandPort, serverPid, load: prepared, clients, rate: FANOUT_RATE, seconds: FANOUT_SECONDS });
      console.log('fanout', result);
      fanout.push(result);
    }

    // (c) calendars
    const calendar = await runCalendar({
      url,
      osmandPort,
      cookie,
      uniqueIds: ids,
      alarms: CALENDAR_ALARMS,
      rate: CALENDAR_RATE,
      insertLegacy: (text) => legacyCalendar(server, text),
    });
    console.log('calendar', calendar);

    // (d) heavy context: the positions still to send decide where the geofences lie
    const ahead: Array<[number, number]> = [];
    for (let d = 0; d < DEVICES; d++) {
      for (const query of prepared.remaining(d).slice(0, Math.ceil(HEAVY_POSITIONS / DEVICES))) {
        const params = new URLSearchParams(query);
        ahead.push([Number(params.get('lat')), Number(params.get('lon'))]);
      }
    }
    const made = await prepareHeavy({ url, cookie, positions: ahead });
    await runLoad(WARMUP / 4); // the first positions build each device's context (the areas once)
    const heavy: HeavyResult = { ...made, ...(await measuredLoad(HEAVY_POSITIONS)) };
    console.log('heavy', heavy);

    const results = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', node: process.version, platform: `${os.platform()} ${os.release()}` },
      /** 1-minute load average at the start and the end: other work on the machine skews every figure. */
      loadAverage: { start: round(loadAtStart, 2), end: round(os.loadavg()[0] ?? 0, 2) },
      aim: { positionsPerSecond: 3000, fanoutP99Ms: 100 },
      ingest,
      fanout,
      calendar,
      heavy,
      totalSeconds: round((Date.now() - started) / 1000, 1),
    };
    const dir = here('../results/');
    mkdirSync(dir, { recursive: true });
    writeFileSync(dir + 'server.json', JSON.stringify(results, null, 2) + '\n');
    const ms = (v: number): string => `${v.toFixed(1)} ms`;
    const md = [
      '# Server benchmark',
      '',
      `${results.date}, ${results.machine.cpus} × ${results.machine.cpuModel}, Node ${results.machine.node}, load average ${results.loadAverage.start} → ${results.loadAverage.end}. \`npm run bench:server\`; raw figures in \`server.json\`.`,
      'Server in a child process on loopback (fresh data dir, demo admin, 3 demo geofences and 8 web notifications); generator and socket clients in other processes on the same 2 cores.',
      '',
      '## OsmAnd ingest',
      '',
      `| devices | in flight | positions | positions/s | p50 | p99 | server CPU | generator CPU |`,
      `| --- | --- | --- | --- | --- | --- | --- | --- |`,
      `| ${DEVICES} | ${CONCURRENCY} | ${POSITIONS} | **${ingest.positionsPerSecond}** | ${ms(ingest.latencyMs.p50)} | ${ms(ingest.latencyMs.p99)} | ${ingest.serverCpuPercentOfOneCore ?? '?'} % | ${ingest.generatorCpuPercentOfOneCore} % |`,
      '',
      `Aim ≥ 3,000 positions/s: ${ingest.positionsPerSecond >= 3000 ? 'met' : 'missed'}.`,
      '',
      '## Socket fan-out at 1,000 positions/s',
      '',
      '| clients | achieved rate | frames received | fan-out p50 | fan-out p99 | max | OsmAnd answer p99 | server CPU |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      ...fanout.map(
        (f) =>
          `| ${f.clients} | ${f.achievedRate}/s | ${f.framesReceived} / ${f.framesExpected} | ${ms(f.fanoutLatencyMs.p50)} | **${ms(f.fanoutLatencyMs.p99)}** | ${ms(f.fanoutLatencyMs.max)} | ${ms(f.ingestLatencyMs.p99)} | ${f.serverCpuPercentOfOneCore ?? '?'} % |`,
      ),
      '',
      ...fanout.map((f) => `Aim p99 < 100 ms with ${f.clients} clients: ${f.fanoutLatencyMs.p99 < 100 ? 'met' : 'missed'}.`),
      '',
      ...calendarMarkdown(calendar),
      '',
      ...heavyMarkdown(heavy),
      '',
      NOTES,
      '',
    ].join('\n');
    writeFileSync(dir + 'server.md', md);
    console.log(md);
  } finally {
    clearTimeout(timeout);
    load?.close();
    server.disconnect();
    closeConnections();
  }
}

await main();
