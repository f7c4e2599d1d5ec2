/**
 * The simulator's sender: drives one `Vehicle` per device and reports it through the OsmAnd protocol
 * exactly as a phone would (an HTTP GET — or POST form — to the OsmAnd port, with the fix time), over
 * keep-alive connections. Time-scalable: with `timeScale` 60, one real second is a simulated minute.
 */
import http from 'node:http';
import https from 'node:https';
import { CityGrid, type Node, type Profile, type Report, Vehicle, type VehicleOptions, profileFor } from './model.ts';

export interface SimulatedDevice {
  uniqueId: string;
  /** Traccar category (car, truck, person…): chooses the driving profile */
  category?: string | null;
  /** start near this point (snapped to the nearest intersection) */
  start?: { lat: number; lon: number } | null;
  /** ms between reports (real time); default: the simulator's intervalMs */
  intervalMs?: number;
}

export interface SimulatorOptions {
  /** the OsmAnd endpoint, e.g. http://127.0.0.1:5055 */
  url: string;
  devices: SimulatedDevice[];
  /** ms between reports of each device (real time) */
  intervalMs: number;
  /** simulated seconds per real second (default 1) */
  timeScale?: number;
  /** the simulated clock (ms); default: now, running timeScale times faster from the start */
  clock?: () => number;
  seed?: string | number;
  /** probability per report of `alarm=sos` (default 0.0005) */
  alarmProbability?: number;
  method?: 'GET' | 'POST';
  grid?: CityGrid;
  /** trips, parking and favourite places of every vehicle */
  vehicle?: Partial<Pick<VehicleOptions, 'tripBlocks' | 'parking' | 'initialParking' | 'places' | 'gpsNoise'>>;
  /** ms before a request is abandoned (default 10 s) */
  timeoutMs?: number;
  /** parallel connections (default: one per device, at most 256) */
  maxSockets?: number;
  /** called after every answer (status 0: network error or timeout) */
  onResult?: (result: SendResult) => void;
}

export interface SendResult {
  uniqueId: string;
  status: number;
  /** ms */
  latency: number;
  report: Report;
  error?: string;
}

export interface SimulatorStats {
  sent: number;
  ok: number;
  failed: number;
  /** reports skipped because the previous one of the device was still in flight */
  skipped: number;
  byStatus: Record<string, number>;
}

/** A clock starting at `origin` (default now) that runs `scale` times faster than real time. */
export function scaledClock(scale: number, origin = Date.now()): () => number {
  const realStart = Date.now();
  return () => origin + (Date.now() - realStart) * scale;
}

/** The OsmAnd parameters of a report, in the order the OsmAnd app sends them. */
export function osmandParams(uniqueId: string, report: Report): URLSearchParams {
  const params = new URLSearchParams();
  params.set('id', uniqueId);
  params.set('timestamp', String(Math.floor(report.time / 1000)));
  params.set('lat', String(report.lat));
  params.set('lon', String(report.lon));
  params.set('speed', String(report.speed));
  params.set('bearing', String(report.course));
  params.set('altitude', String(report.altitude));
  params.set('accuracy', String(report.accuracy));
  params.set('batt', String(report.battery));
  params.set('charge', String(report.charge));
  if (report.ignition !== undefined) params.set('ignition', String(report.ignition));
  if (report.alarm) params.set('alarm', report.alarm);
  return params;
}

interface Running {
  spec: SimulatedDevice;
  vehicle: Vehicle;
  timer: NodeJS.Timeout | null;
  busy: boolean;
  intervalMs: number;
}

export class Simulator {
  readonly stats: SimulatorStats = { sent: 0, ok: 0, failed: 0, skipped: 0, byStatus: {} };
  readonly clock: () => number;
  private readonly options: SimulatorOptions;
  private readonly target: URL;
  private readonly agent: http.Agent;
  private readonly devices: Running[];
  private readonly inFlight = new Set<Promise<void>>();
  private running = false;

  constructor(options: SimulatorOptions) {
    if (!(options.intervalMs > 0)) throw new Error('intervalMs must be positive');
    this.options = options;
    this.target = new URL(options.url);
    if (this.target.protocol !== 'http:' && this.target.protocol !== 'https:') throw new Error(`Unsupported URL: ${options.url}`);
    this.clock = options.clock ?? scaledClock(options.timeScale ?? 1);
    const maxSockets = options.maxSockets ?? Math.min(256, Math.max(1, options.devices.length));
    const Agent = this.target.protocol === 'https:' ? https.Agent : http.Agent;
    this.agent = new Agent({ keepAlive: true, maxSockets });
    const grid = options.grid ?? new CityGrid();
    const startTime = Math.floor(this.clock() / 1000) * 1000;
    const seed = options.seed ?? 'athar';
    this.devices = options.devices.map((spec) => {
      const profile: Profile = profileFor(spec.category);
      const start: Node | undefined = spec.start ? grid.snap(spec.start.lat, spec.start.lon) : undefined;
      const vehicle = new Vehicle(grid, {
        seed: `${seed}:${spec.uniqueId}`,
        startTime,
        profile,
        alarmProbability: options.alarmProbability ?? 0.0005,
        ...options.vehicle,
        ...(start ? { start } : {}),
      });
      return { spec, vehicle, timer: null, busy: false, intervalMs: spec.intervalMs ?? options.intervalMs };
    });
  }

  get size(): number {
    return this.devices.length;
  }

  /** Starts reporting; devices are staggered over their interval. */
  start(): void {
    if (this.running) return;
    this.running = true;
    const n = this.devices.length;
    this.devices.forEach((device, index) => {
      this.schedule(device, Math.round((index * device.intervalMs) / Math.max(1, n)));
    });
  }

  /** Stops reporting and waits for the requests in flight. */
  async stop(): Promise<void> {
    this.running = false;
    for (const device of this.devices) {
      if (device.timer) clearTimeout(device.timer);
      device.timer = null;
    }
    await Promise.allSettled([...this.inFlight]);
    this.agent.destroy();
  }

  private schedule(device: Running, delay: number): void {
    if (!this.running) return;
    device.timer = setTimeout(() => {
      device.timer = null;
      this.tick(device);
      this.schedule(device, device.intervalMs);
    }, delay);
  }

  private tick(device: Running): void {
    if (device.busy) {
      this.stats.skipped++;
      return;
    }
    device.vehicle.advanceTo(this.clock());
    const report = device.vehicle.report();
    device.busy = true;
    const promise = this.send(device.spec.uniqueId, report).finally(() => {
      device.busy = false;
      this.inFlight.delete(promise);
    });
    this.inFlight.add(promise);
  }

  private send(uniqueId: string, report: Report): Promise<void> {
    const params = osmandParams(uniqueId, report).toString();
    const post = this.options.method === 'POST';
    const path = (this.target.pathname || '/') + (post ? '' : `?${params}`);
    const started = performance.now();
    this.stats.sent++;
    return new Promise<void>((resolve) => {
      let finished = false;
      const done = (status: number, error?: string): void => {
        if (finished) return;
        finished = true;
        if (status === 200) this.stats.ok++;
        else this.stats.failed++;
        const key = status ? String(status) : 'error';
        this.stats.byStatus[key] = (this.stats.byStatus[key] ?? 0) + 1;
        const result: SendResult = { uniqueId, status, latency: performance.now() - started, report };
        if (error) result.error = error;
        try {
          this.options.onResult?.(result);
        } finally {
          resolve();
        }
      };
      const request = (this.target.protocol === 'https:' ? https : http).request(
        {
          hostname: this.target.hostname,
          port: this.target.port || undefined,
          path,
          method: post ? 'POST' : 'GET',
          agent: this.agent,
          timeout: this.options.timeoutMs ?? 10_000,
          headers: post ? { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(params) } : {},
        },
        (response) => {
          response.resume();
          response.on('end', () => done(response.statusCode ?? 0));
          response.on('error', (error) => done(0, error.message));
        },
      );
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', (error) => done(0, error.message));
      request.end(post ? params : undefined);
    });
  }
}
