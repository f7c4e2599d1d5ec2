/**
 * Load generator: the simulator against any Traccar-compatible OsmAnd endpoint.
 *
 *   npm run simulate -- --url http://host:5055 --devices N --interval S [--prefix sim-] [--duration SEC] [--seed X]
 *                       [--time-scale K] [--alarm-rate P] [--post]
 *                       [--create --api http://host:8082 --user admin --password P]
 *
 * Devices must exist with uniqueIds <prefix>001…; --create adds the missing ones through the REST API (Basic auth).
 */
import { pathToFileURL } from 'node:url';
import { demoPlaces } from './model.ts';
import { Simulator, type SimulatedDevice } from './sender.ts';

export interface CliOptions {
  url: string;
  devices: number;
  /** seconds */
  interval: number;
  prefix: string;
  /** seconds; null: until interrupted */
  duration: number | null;
  seed: string;
  timeScale: number;
  alarmRate: number;
  post: boolean;
  create: { api: string; user: string; password: string } | null;
}

export class UsageError extends Error {}

export const USAGE = `Usage: npm run simulate -- --url http://host:5055 --devices N --interval S [options]
  --url URL          OsmAnd endpoint (http or https)
  --devices N        number of simulated devices (1-100000)
  --interval S       seconds between the reports of each device (> 0)
  --prefix P         uniqueId prefix (default sim-): devices P001, P002…
  --duration SEC     stop after SEC seconds (default: until Ctrl-C)
  --seed X           random seed (default: athar)
  --time-scale K     simulated seconds per real second (default 1)
  --alarm-rate P     probability of alarm=sos per report (default 0.0005)
  --post             send the parameters as a form POST instead of a GET query
  --create           create missing devices through the REST API, with:
  --api URL          Traccar web URL (e.g. http://host:8082)
  --user U           administrator e-mail or login
  --password P       its password`;

const VALUE_FLAGS = new Set(['url', 'devices', 'interval', 'prefix', 'duration', 'seed', 'time-scale', 'alarm-rate', 'api', 'user', 'password']);
const BOOLEAN_FLAGS = new Set(['create', 'post', 'help']);

function httpUrl(value: string, flag: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--${flag}: not a URL: ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--${flag}: http or https URL expected: ${value}`);
  return url.toString();
}

function positiveNumber(value: string, flag: string, integer: boolean, max = Infinity): number {
  const number = /^\s*[0-9]*\.?[0-9]+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(number) || number <= 0 || (integer && !Number.isInteger(number)) || number > max) {
    throw new UsageError(`--${flag}: ${integer ? 'a positive integer' : 'a positive number'}${max < Infinity ? ` up to ${max}` : ''} expected, got "${value}"`);
  }
  return number;
}

/** Parses the command line (without node and the script); throws UsageError with a clear message. */
export function parseArgs(argv: string[]): CliOptions | 'help' {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let k = 0; k < argv.length; k++) {
    const arg = argv[k]!;
    if (!arg.startsWith('--')) throw new UsageError(`Unexpected argument: ${arg}`);
    let name = arg.slice(2);
    let value: string | undefined;
    const eq = name.indexOf('=');
    if (eq >= 0) {
      value = name.slice(eq + 1);
      name = name.slice(0, eq);
    }
    if (BOOLEAN_FLAGS.has(name)) {
      if (value !== undefined) throw new UsageError(`--${name} takes no value`);
      flags.add(name);
    } else if (VALUE_FLAGS.has(name)) {
      if (value === undefined) {
        value = argv[++k];
        if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
      }
      if (values.has(name)) throw new UsageError(`--${name} given twice`);
      values.set(name, value);
    } else throw new UsageError(`Unknown option: --${name}`);
  }
  if (flags.has('help')) return 'help';
  const required = (name: string): string => {
    const value = values.get(name);
    if (value === undefined || value === '') throw new UsageError(`--${name} is required`);
    return value;
  };
  const prefix = values.get('prefix') ?? 'sim-';
  if (!/^[A-Za-z0-9_.:-]*$/.test(prefix)) throw new UsageError(`--prefix: letters, digits and _ . : - only, got "${prefix}"`);
  const create = flags.has('create');
  for (const name of ['api', 'user', 'password']) {
    if (!create && values.has(name)) throw new UsageError(`--${name} is only used with --create`);
  }
  const alarm = values.get('alarm-rate');
  const alarmRate = alarm === undefined ? 0.0005 : Number(alarm);
  if (alarm !== undefined && (!/^\s*[0-9]*\.?[0-9]+\s*$/.test(alarm) || !(alarmRate >= 0 && alarmRate <= 1))) {
    throw new UsageError(`--alarm-rate: a probability between 0 and 1 expected, got "${alarm}"`);
  }
  const duration = values.get('duration');
  const timeScale = values.get('time-scale');
  return {
    url: httpUrl(required('url'), 'url'),
    devices: positiveNumber(required('devices'), 'devices', true, 100_000),
    interval: positiveNumber(required('interval'), 'interval', false, 86_400),
    prefix,
    duration: duration === undefined ? null : positiveNumber(duration, 'duration', false),
    seed: values.get('seed') ?? 'athar',
    timeScale: timeScale === undefined ? 1 : positiveNumber(timeScale, 'time-scale', false, 10_000),
    alarmRate,
    post: flags.has('post'),
    create: create ? { api: httpUrl(required('api'), 'api'), user: required('user'), password: required('password') } : null,
  };
}

/** uniqueIds <prefix>001…, zero-padded to at least three digits. */
export function deviceIds(prefix: string, count: number): string[] {
  const width = Math.max(3, String(count).length);
  return Array.from({ length: count }, (_, k) => `${prefix}${String(k + 1).padStart(width, '0')}`);
}

/** Creates the devices missing on the server through its REST API (Basic auth). Returns how many were created. */
export async function createMissingDevices(api: string, user: string, password: string, uniqueIds: string[]): Promise<number> {
  const base = api.replace(/\/+$/, '');
  const authorization = 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64');
  const listed = await fetch(`${base}/api/devices?all=true`, { headers: { Authorization: authorization, Accept: 'application/json' } });
  if (!listed.ok) throw new Error(`GET /api/devices: HTTP ${listed.status} ${(await listed.text()).slice(0, 200)}`);
  const existing = new Set(((await listed.json()) as Array<{ uniqueId: string }>).map((d) => d.uniqueId));
  const missing = uniqueIds.filter((id) => !existing.has(id));
  let created = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < missing.length) {
      const uniqueId = missing[next++]!;
      const response = await fetch(`${base}/api/devices`, {
        method: 'POST',
        headers: { Authorization: authorization, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ name: `Simulated ${uniqueId}`, uniqueId, category: 'car' }),
      });
      if (!response.ok) throw new Error(`POST /api/devices ${uniqueId}: HTTP ${response.status} ${(await response.text()).slice(0, 200)}`);
      created++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, missing.length) }, worker));
  return created;
}

export async function main(argv: string[]): Promise<number> {
  let options: CliOptions | 'help';
  try {
    options = parseArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`Error: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
  if (options === 'help') {
    console.log(USAGE);
    return 0;
  }
  const ids = deviceIds(options.prefix, options.devices);
  if (options.create) {
    const created = await createMissingDevices(options.create.api, options.create.user, options.create.password, ids);
    console.log(`Devices: ${created} created, ${ids.length - created} already there`);
  }
  const devices: SimulatedDevice[] = ids.map((uniqueId) => ({ uniqueId, category: 'car' }));
  let windowOk = 0;
  const lastErrors = new Map<string, string>();
  const simulator = new Simulator({
    url: options.url,
    devices,
    intervalMs: options.interval * 1000,
    timeScale: options.timeScale,
    seed: options.seed,
    alarmProbability: options.alarmRate,
    method: options.post ? 'POST' : 'GET',
    vehicle: { places: demoPlaces().places },
    onResult: (result) => {
      if (result.status === 200) windowOk++;
      else lastErrors.set(String(result.status || result.error), result.uniqueId);
    },
  });
  const started = Date.now();
  let windowStart = started;
  const line = (): string => {
    const s = simulator.stats;
    const elapsed = (Date.now() - started) / 1000;
    const rate = windowOk / Math.max(0.001, (Date.now() - windowStart) / 1000);
    const other = Object.entries(s.byStatus)
      .filter(([status]) => status !== '200')
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
    return `[${elapsed.toFixed(0)} s] sent ${s.sent}, 200: ${s.ok} (${rate.toFixed(1)}/s)${other ? `, other ${other}` : ''}${s.skipped ? `, skipped ${s.skipped}` : ''}`;
  };
  console.log(`Simulating ${ids.length} devices (${ids[0]}…${ids[ids.length - 1]}) every ${options.interval} s against ${options.url}`);
  simulator.start();
  const progress = setInterval(() => {
    console.log(line());
    for (const [status, uniqueId] of lastErrors) console.log(`  answer ${status} (e.g. ${uniqueId})`);
    lastErrors.clear();
    windowOk = 0;
    windowStart = Date.now();
  }, 5000);
  await new Promise<void>((resolve) => {
    const stop = (): void => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    if (options.duration !== null) setTimeout(stop, options.duration * 1000).unref();
  });
  clearInterval(progress);
  await simulator.stop();
  const s = simulator.stats;
  const seconds = (Date.now() - started) / 1000;
  console.log(`Done: ${s.sent} sent in ${seconds.toFixed(1)} s, ${s.ok} answered 200 (${(s.ok / seconds).toFixed(1)}/s), ${s.failed} failed`);
  return s.ok > 0 || s.sent === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
