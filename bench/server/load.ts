/**
 * The OsmAnd load shared by bench:server and bench:scale: devices created through the REST API, each
 * device's positions from the simulator's model (prepared before any clock starts, 2 s apart, in the past),
 * sent round-robin (never two requests of one device in flight) with `concurrency` requests in flight.
 */
import { RawClient } from './rawHttp.ts';
import { CityGrid, Vehicle, demoPlaces, profileFor } from '../../server/simulator/model.ts';
import { osmandParams } from '../../server/simulator/sender.ts';
import { cpuSeconds } from '../proc.ts';

export interface Percentiles {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { count: sorted.length, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1) };
}

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function roundAll(p: Percentiles): Percentiles {
  return { count: p.count, p50: round(p.p50), p90: round(p.p90), p99: round(p.p99), max: round(p.max) };
}

/** Signs the admin in through the REST API; the session cookie. */
export async function adminCookie(url: string, password: string, email = 'admin'): Promise<string> {
  const login = await fetch(`${url}/api/session`, { method: 'POST', body: new URLSearchParams({ email, password }) });
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith('JSESSIONID='))?.split(';')[0];
  if (!cookie) throw new Error(`login failed: ${login.status}`);
  return cookie;
}

/** Creates the devices (20 requests at a time); their ids. */
export async function createDevices(url: string, cookie: string, uniqueIds: readonly string[]): Promise<number[]> {
  const ids: number[] = [];
  for (let k = 0; k < uniqueIds.length; k += 20) {
    const made = await Promise.all(
      uniqueIds.slice(k, k + 20).map(async (uniqueId) => {
        const r = await fetch(`${url}/api/devices`, {
          method: 'POST',
          headers: { Cookie: cookie, 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: uniqueId, uniqueId, category: 'car' }),
        });
        if (!r.ok) throw new Error(`device ${uniqueId}: ${r.status} ${await r.text()}`);
        return ((await r.json()) as { id: number }).id;
      }),
    );
    ids.push(...made);
  }
  return ids;
}

export interface LoadResult {
  positions: number;
  failures: number;
  seconds: number;
  positionsPerSecond: number;
  latencyMs: Percentiles;
  serverCpuPercentOfOneCore: number | null;
  generatorCpuPercentOfOneCore: number;
}

export class OsmandLoad {
  private readonly sequences: string[][];
  private readonly cursor: number[];
  private turn = 0;
  private readonly clients = new Map<number, RawClient>();

  /**
   * `perDevice` positions for each unique id, 2 s apart, the last one `endBefore` ms before now
   * (fix times after what a database already holds keep the positions "latest").
   */
  constructor(
    readonly uniqueIds: readonly string[],
    perDevice: number,
    options: { seed?: string; startTime?: number } = {},
  ) {
    const grid = new CityGrid();
    const t0 = options.startTime ?? Math.floor(Date.now() / 1000) * 1000 - perDevice * 2000 - 60_000;
    this.sequences = uniqueIds.map((uniqueId) => {
      const vehicle = new Vehicle(grid, {
        seed: `${options.seed ?? 'bench'}:${uniqueId}`,
        startTime: t0,
        profile: profileFor('car'),
        places: demoPlaces().places,
        initialParking: [0, 5],
        parking: [30, 90],
      });
      return Array.from({ length: perDevice }, (_, k) => {
        vehicle.advanceTo(t0 + k * 2000);
        return osmandParams(uniqueId, vehicle.report()).toString();
      });
    });
    this.cursor = new Array<number>(uniqueIds.length).fill(0);
  }

  /** The next query, round-robin over the devices. */
  nextQuery(): string {
    const device = this.turn++ % this.sequences.length;
    const query = this.sequences[device]![this.cursor[device]!++];
    if (query === undefined) throw new Error('the load ran out of prepared positions');
    return query;
  }

  /** The positions each device still has. */
  remaining(device: number): string[] {
    return this.sequences[device]!.slice(this.cursor[device]!);
  }

  /** `count` positions as fast as `concurrency` requests in flight allow. */
  async run(
    osmandPort: number,
    count: number,
    concurrency: number,
    onAnswer?: (query: string, status: number, ms: number) => void,
  ): Promise<{ seconds: number; latencies: number[]; failures: number }> {
    const latencies: number[] = [];
    let failures = 0;
    let issued = 0;
    const begin = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (issued < count) {
          issued++;
          const query = this.nextQuery();
          const t = performance.now();
          const status = await this.client(osmandPort).get(`/?${query}`);
          const ms = performance.now() - t;
          latencies.push(ms);
          if (status !== 200) failures++;
          onAnswer?.(query, status, ms);
        }
      }),
    );
    return { seconds: (performance.now() - begin) / 1000, latencies, failures };
  }

  /** Closes the load's connections. */
  close(): void {
    for (const client of this.clients.values()) client.close();
    this.clients.clear();
  }

  private client(port: number): RawClient {
    let client = this.clients.get(port);
    if (!client) this.clients.set(port, (client = new RawClient(port)));
    return client;
  }

  /** `count` positions, measured: rate, answer times, the server's CPU and the generator's own. */
  async measured(osmandPort: number, serverPid: number, count: number, concurrency: number): Promise<LoadResult> {
    const cpuBefore = cpuSeconds(serverPid);
    const selfBefore = process.cpuUsage();
    const load = await this.run(osmandPort, count, concurrency);
    const cpuAfter = cpuSeconds(serverPid);
    const self = process.cpuUsage(selfBefore);
    return {
      positions: count,
      failures: load.failures,
      seconds: round(load.seconds, 3),
      positionsPerSecond: Math.round(count / load.seconds),
      latencyMs: roundAll(percentiles(load.latencies)),
      serverCpuPercentOfOneCore: cpuBefore !== null && cpuAfter !== null ? Math.round(((cpuAfter - cpuBefore) / load.seconds) * 100) : null,
      generatorCpuPercentOfOneCore: Math.round(((self.user + self.system) / 1e6 / load.seconds) * 100),
    };
  }
}
