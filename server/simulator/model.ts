/**
 * Pure route/trip model of the simulator: a Manhattan-style street grid around Riyadh (blocks of
 * ~500 m, rotated slightly), and vehicles that drive trips along its streets between intersections,
 * turning at corners, accelerating and braking, waiting at lights, parking with the ignition off,
 * draining and charging a battery. No I/O and no clock: everything follows from the seed and the
 * times passed in, in whole one-second steps (so the track does not depend on how often it is sampled).
 */

import { KNOTS_TO_KMH, METERS_PER_DEGREE, knotsFromMps } from '../../contract/units.ts';

export interface LatLon {
  lat: number;
  lon: number;
}

/** An intersection: column i (along the grid's x axis), row j. */
export interface Node {
  i: number;
  j: number;
}

export const RIYADH: LatLon = { lat: 24.7136, lon: 46.6753 };

const METRES_PER_DEGREE = METERS_PER_DEGREE;
const RAD = Math.PI / 180;
export const KMH_PER_KNOT = KNOTS_TO_KMH;

export function kmhToMps(kmh: number): number {
  return kmh / 3.6;
}

export function mpsToKnots(mps: number): number {
  return knotsFromMps(mps);
}

// ---------------------------------------------------------------------------------------------
// Random numbers

/** A seedable PRNG (mulberry32 over an FNV-1a hash of the seed). */
export class Random {
  private state: number;

  constructor(seed: string | number) {
    let h = 0x811c9dc5;
    for (const c of String(seed)) {
      h ^= c.charCodeAt(0);
      h = Math.imul(h, 0x01000193);
    }
    this.state = h >>> 0;
  }

  /** [0, 1) */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  int(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
}

// ---------------------------------------------------------------------------------------------
// The street grid

export interface GridOptions {
  center: LatLon;
  /** metres between parallel streets */
  blockSize: number;
  /** counter-clockwise rotation of the grid, degrees */
  rotation: number;
  /** streets run from -extent to +extent blocks around the centre, both ways */
  extent: number;
  /** every n-th row and column is a highway */
  highwayEvery: number;
}

export const DEFAULT_GRID: GridOptions = { center: RIYADH, blockSize: 500, rotation: 12, extent: 16, highwayEvery: 8 };

export class CityGrid {
  readonly options: GridOptions;
  private readonly cos: number;
  private readonly sin: number;
  private readonly lonScale: number;

  constructor(options: Partial<GridOptions> = {}) {
    this.options = { ...DEFAULT_GRID, ...options };
    this.cos = Math.cos(this.options.rotation * RAD);
    this.sin = Math.sin(this.options.rotation * RAD);
    this.lonScale = METRES_PER_DEGREE * Math.cos(this.options.center.lat * RAD);
  }

  /** Grid coordinates (blocks, fractional) to latitude/longitude. */
  toLatLon(u: number, v: number): LatLon {
    const b = this.options.blockSize;
    const x = (u * this.cos - v * this.sin) * b;
    const y = (u * this.sin + v * this.cos) * b;
    return { lat: this.options.center.lat + y / METRES_PER_DEGREE, lon: this.options.center.lon + x / this.lonScale };
  }

  /** Latitude/longitude to grid coordinates (blocks, fractional). */
  fromLatLon(lat: number, lon: number): { u: number; v: number } {
    const b = this.options.blockSize;
    const x = (lon - this.options.center.lon) * this.lonScale;
    const y = (lat - this.options.center.lat) * METRES_PER_DEGREE;
    return { u: (x * this.cos + y * this.sin) / b, v: (-x * this.sin + y * this.cos) / b };
  }

  /** Metres from a point to the nearest street (grid line). */
  distanceToStreet(lat: number, lon: number): number {
    const { u, v } = this.fromLatLon(lat, lon);
    const e = this.options.extent;
    const du = Math.abs(u - Math.round(u));
    const dv = Math.abs(v - Math.round(v));
    const outside = Math.max(0, Math.abs(u) - e, Math.abs(v) - e);
    return (Math.min(du, dv) + outside) * this.options.blockSize;
  }

  /** The nearest intersection within the grid. */
  snap(lat: number, lon: number): Node {
    const { u, v } = this.fromLatLon(lat, lon);
    return this.clamp({ i: Math.round(u), j: Math.round(v) });
  }

  clamp(node: Node): Node {
    const e = this.options.extent;
    return { i: Math.max(-e, Math.min(e, node.i)), j: Math.max(-e, Math.min(e, node.j)) };
  }

  contains(node: Node): boolean {
    const e = this.options.extent;
    return Math.abs(node.i) <= e && Math.abs(node.j) <= e;
  }

  /** Whether the street from a to b (neighbours) is a highway. */
  isHighway(a: Node, b: Node): boolean {
    const n = this.options.highwayEvery;
    return a.j === b.j ? mod(a.j, n) === 0 : mod(a.i, n) === 0;
  }

  /** Compass bearing (degrees from north, clockwise) of travel from a to b. */
  bearing(a: Node, b: Node): number {
    const du = b.i - a.i;
    const dv = b.j - a.j;
    const x = du * this.cos - dv * this.sin;
    const y = du * this.sin + dv * this.cos;
    return (Math.atan2(x, y) / RAD + 360) % 360;
  }

  /** Highway rows/columns (indices) within the grid. */
  highwayLines(): number[] {
    const n = this.options.highwayEvery;
    const e = this.options.extent;
    const lines: number[] = [];
    for (let k = -e; k <= e; k++) if (mod(k, n) === 0) lines.push(k);
    return lines;
  }
}

function mod(a: number, n: number): number {
  return ((a % n) + n) % n;
}

function sameNode(a: Node, b: Node): boolean {
  return a.i === b.i && a.j === b.j;
}

/** Appends unit steps from the last node of `path` straight to `to` (same row or column). */
function straight(path: Node[], to: Node): void {
  let at = path[path.length - 1]!;
  while (!sameNode(at, to)) {
    at = { i: at.i + Math.sign(to.i - at.i), j: at.j === to.j ? at.j : at.j + Math.sign(to.j - at.j) };
    if (at.i !== to.i && at.j !== to.j) throw new Error('straight() needs a common row or column');
    path.push(at);
  }
}

/**
 * A route between two intersections along streets, one node per intersection. Long trips go by the
 * nearest highway row or column; short ones zigzag through the blocks, preferring to keep straight.
 */
export function planRoute(grid: CityGrid, from: Node, to: Node, rng: Random): Node[] {
  const path: Node[] = [from];
  const distance = Math.abs(to.i - from.i) + Math.abs(to.j - from.j);
  if (distance >= grid.options.highwayEvery && rng.chance(0.85)) {
    const lines = grid.highwayLines();
    const byRow = Math.abs(to.i - from.i) >= Math.abs(to.j - from.j);
    const mid = byRow ? (from.j + to.j) / 2 : (from.i + to.i) / 2;
    const line = lines.reduce((best, k) => (Math.abs(k - mid) < Math.abs(best - mid) ? k : best), lines[0]!);
    if (byRow) {
      straight(path, { i: from.i, j: line });
      straight(path, { i: to.i, j: line });
    } else {
      straight(path, { i: line, j: from.j });
      straight(path, { i: line, j: to.j });
    }
    straight(path, to);
    return path;
  }
  let at = from;
  let along: 'i' | 'j' | null = null;
  while (!sameNode(at, to)) {
    const needI = to.i !== at.i;
    const needJ = to.j !== at.j;
    let axis: 'i' | 'j';
    if (needI && needJ) {
      if (along && rng.chance(0.7)) axis = along;
      else axis = rng.chance(Math.abs(to.i - at.i) / (Math.abs(to.i - at.i) + Math.abs(to.j - at.j))) ? 'i' : 'j';
    } else axis = needI ? 'i' : 'j';
    at = axis === 'i' ? { i: at.i + Math.sign(to.i - at.i), j: at.j } : { i: at.i, j: at.j + Math.sign(to.j - at.j) };
    along = axis;
    path.push(at);
  }
  return path;
}

// ---------------------------------------------------------------------------------------------
// Vehicles

export interface Profile {
  /** km/h */
  urban: [number, number];
  highway: [number, number];
  turn: [number, number];
  /** m/s² */
  accel: number;
  decel: number;
  /** reports an `ignition` attribute */
  ignition: boolean;
  /** probability of a red light at an urban intersection passed straight */
  lights: number;
}

export const PROFILES: Record<string, Profile> = {
  car: { urban: [25, 70], highway: [90, 120], turn: [15, 22], accel: 2.5, decel: 3, ignition: true, lights: 0.15 },
  truck: { urban: [20, 60], highway: [80, 105], turn: [10, 16], accel: 1.2, decel: 2, ignition: true, lights: 0.15 },
  motorcycle: { urban: [25, 70], highway: [90, 120], turn: [15, 25], accel: 3, decel: 3.5, ignition: true, lights: 0.1 },
  person: { urban: [3.5, 6], highway: [3.5, 6], turn: [3, 4], accel: 0.8, decel: 1, ignition: false, lights: 0.05 },
};

export function profileFor(category: string | null | undefined): Profile {
  switch (category) {
    case 'truck':
    case 'bus':
    case 'trolleybus':
    case 'tram':
      return PROFILES.truck!;
    case 'motorcycle':
    case 'scooter':
    case 'bicycle':
      return PROFILES.motorcycle!;
    case 'person':
      return PROFILES.person!;
    default:
      return PROFILES.car!;
  }
}

export interface VehicleOptions {
  seed: string | number;
  /** virtual ms of the first step */
  startTime: number;
  start?: Node;
  profile?: Profile;
  /** trip length, Manhattan blocks */
  tripBlocks?: [number, number];
  /** parking time at destinations, seconds */
  parking?: [number, number];
  /** parked time before the first trip, seconds */
  initialParking?: [number, number];
  /** favourite destinations (depot, district…), chosen half of the time */
  places?: Node[];
  /** % at start */
  battery?: number;
  /** GPS noise while moving, metres (max) */
  gpsNoise?: number;
  /** probability per report of an `alarm=sos` */
  alarmProbability?: number;
}

export type Phase = 'parked' | 'idling' | 'driving' | 'waiting' | 'arrived';

export interface Report {
  /** ms */
  time: number;
  lat: number;
  lon: number;
  /** knots */
  speed: number;
  /** degrees */
  course: number;
  altitude: number;
  accuracy: number;
  /** % */
  battery: number;
  charge: boolean;
  /** undefined for profiles without ignition */
  ignition?: boolean;
  alarm?: string;
  /** not sent: for tests and logs */
  phase: Phase;
}

interface Edge {
  from: Node;
  to: Node;
  length: number;
  /** m/s */
  cruise: number;
  highway: boolean;
}

const STEP_MS = 1000;
const LOOKAHEAD_M = 700;

export class Vehicle {
  readonly grid: CityGrid;
  readonly profile: Profile;
  private readonly rng: Random;
  private readonly gpsRng: Random;
  private readonly alarmRng: Random;
  private readonly options: Required<Omit<VehicleOptions, 'start' | 'profile' | 'places'>> & { places: Node[] };
  /** virtual ms of the current state */
  time: number;
  phase: Phase = 'parked';
  private phaseUntil: number;
  private node: Node;
  private edges: Edge[] = [];
  /** constraint speed (m/s) at the end node of each edge; stops (lights, destination) are 0 */
  private nodeSpeed: number[] = [];
  private lights = new Set<number>();
  private edgeIndex = 0;
  private offset = 0;
  /** m/s */
  speed = 0;
  private course = 0;
  battery: number;
  private charging = false;
  /** metres driven */
  odometer = 0;

  constructor(grid: CityGrid, options: VehicleOptions) {
    this.grid = grid;
    this.profile = options.profile ?? PROFILES.car!;
    this.options = {
      seed: options.seed,
      startTime: options.startTime,
      tripBlocks: options.tripBlocks ?? (this.profile.ignition ? [4, 14] : [1, 4]),
      parking: options.parking ?? [120, 480],
      initialParking: options.initialParking ?? [5, 90],
      places: options.places ?? [],
      battery: options.battery ?? 80,
      gpsNoise: options.gpsNoise ?? 1.5,
      alarmProbability: options.alarmProbability ?? 0,
    };
    this.rng = new Random(`${options.seed}:route`);
    this.gpsRng = new Random(`${options.seed}:gps`);
    this.alarmRng = new Random(`${options.seed}:alarm`);
    this.node = grid.clamp(options.start ?? { i: this.rng.int(-4, 4), j: this.rng.int(-4, 4) });
    this.time = options.startTime;
    this.battery = this.options.battery;
    this.course = grid.bearing(this.node, { i: this.node.i + 1, j: this.node.j });
    const [min, max] = this.options.initialParking;
    this.phaseUntil = this.time + Math.round(this.rng.range(min, max)) * 1000;
  }

  get ignition(): boolean {
    return this.phase !== 'parked';
  }

  /** Advances in whole steps of one second up to `time` (virtual ms). */
  advanceTo(time: number): void {
    while (this.time + STEP_MS <= time) this.step();
  }

  /** The current state as a phone would report it (consumes the GPS/alarm streams, not the route). */
  report(): Report {
    const { u, v } = this.position();
    let lat: number;
    let lon: number;
    if (this.speed > 0.5 && this.options.gpsNoise > 0) {
      // noise along the street up to gpsNoise, across it up to half of that
      const n = this.options.gpsNoise / this.grid.options.blockSize;
      const along = this.gpsRng.range(-n, n);
      const across = this.gpsRng.range(-n, n) * 0.5;
      const iAxis = this.alongI();
      ({ lat, lon } = this.grid.toLatLon(u + (iAxis ? along : across), v + (iAxis ? across : along)));
    } else {
      ({ lat, lon } = this.grid.toLatLon(u, v));
    }
    const report: Report = {
      time: this.time,
      lat: round(lat, 6),
      lon: round(lon, 6),
      speed: round(mpsToKnots(this.speed), 2),
      course: round(this.course, 1),
      altitude: round(612 + 8 * Math.sin(u * 0.7) + 5 * Math.cos(v * 0.5), 1),
      accuracy: round(this.gpsRng.range(3, 9), 1),
      battery: Math.round(this.battery),
      charge: this.charging,
      phase: this.phase,
    };
    if (this.profile.ignition) report.ignition = this.ignition;
    if (this.options.alarmProbability > 0 && this.alarmRng.chance(this.options.alarmProbability)) report.alarm = 'sos';
    return report;
  }

  /** Grid coordinates of the current position. */
  position(): { u: number; v: number } {
    const edge = this.edges[this.edgeIndex];
    if (!edge || this.phase !== 'driving') return { u: this.node.i, v: this.node.j };
    const f = this.offset / edge.length;
    return { u: edge.from.i + (edge.to.i - edge.from.i) * f, v: edge.from.j + (edge.to.j - edge.from.j) * f };
  }

  private alongI(): boolean {
    const edge = this.edges[this.edgeIndex];
    return edge ? edge.from.j === edge.to.j : true;
  }

  private step(): void {
    const dt = STEP_MS / 1000;
    this.time += STEP_MS;
    switch (this.phase) {
      case 'parked':
        if (this.time >= this.phaseUntil) this.setPhase('idling', this.rng.range(5, 30));
        break;
      case 'idling':
        if (this.time >= this.phaseUntil) this.startTrip();
        break;
      case 'waiting':
        if (this.time >= this.phaseUntil) this.phase = 'driving';
        break;
      case 'arrived':
        if (this.time >= this.phaseUntil) this.setPhase('parked', this.rng.range(...this.options.parking));
        break;
      case 'driving':
        this.drive(dt);
        break;
    }
    this.updateBattery(dt);
  }

  private setPhase(phase: Phase, seconds: number): void {
    this.phase = phase;
    this.phaseUntil = this.time + Math.round(seconds) * 1000;
    this.speed = 0;
  }

  private updateBattery(dt: number): void {
    const perSecond = (percentPerMinute: number): number => (percentPerMinute * dt) / 60;
    if (this.profile.ignition) {
      this.charging = this.ignition && this.battery < 100;
      this.battery += this.charging ? perSecond(0.6) : -perSecond(0.25);
    } else {
      // a phone: drains while walking, charged while parked when low
      if (this.phase === 'parked' && this.battery < 30) this.charging = true;
      if (this.battery >= 95 || this.phase !== 'parked') this.charging = false;
      this.battery += this.charging ? perSecond(1.2) : -perSecond(this.phase === 'parked' ? 0.05 : 0.15);
    }
    this.battery = Math.max(5, Math.min(100, this.battery));
  }

  private pickDestination(): Node {
    const [min, max] = this.options.tripBlocks;
    const reach = 2 * max;
    const places = this.options.places.filter(
      (p) => !sameNode(p, this.node) && this.grid.contains(p) && Math.abs(p.i - this.node.i) + Math.abs(p.j - this.node.j) <= reach,
    );
    if (places.length && this.rng.chance(0.5)) return this.rng.pick(places);
    for (let attempt = 0; attempt < 50; attempt++) {
      const length = this.rng.int(min, max);
      const di = this.rng.int(-length, length);
      const dj = (length - Math.abs(di)) * (this.rng.chance(0.5) ? 1 : -1);
      const to = { i: this.node.i + di, j: this.node.j + dj };
      if (this.grid.contains(to) && !sameNode(to, this.node)) return to;
    }
    // near the border: head back towards the centre
    return this.grid.clamp({ i: Math.round(this.node.i / 2), j: Math.round(this.node.j / 2) + (this.node.j === 0 ? 1 : 0) });
  }

  private startTrip(): void {
    const to = this.pickDestination();
    const nodes = planRoute(this.grid, this.node, to, this.rng);
    const p = this.profile;
    const edges: Edge[] = [];
    let stretch = 0;
    let stretchHighway = false;
    for (let k = 1; k < nodes.length; k++) {
      const from = nodes[k - 1]!;
      const next = nodes[k]!;
      const highway = this.grid.isHighway(from, next);
      const previous = edges[edges.length - 1];
      const turned = previous ? this.grid.bearing(previous.from, previous.to) !== this.grid.bearing(from, next) : true;
      if (turned || highway !== stretchHighway) {
        const [min, max] = highway ? p.highway : p.urban;
        stretch = this.rng.range(min, max);
        stretchHighway = highway;
      }
      const [min, max] = highway ? p.highway : p.urban;
      const kmh = Math.max(min, Math.min(max, stretch * this.rng.range(0.88, 1.12)));
      edges.push({ from, to: next, length: this.grid.options.blockSize, cruise: kmhToMps(kmh), highway });
    }
    this.edges = edges;
    this.nodeSpeed = [];
    this.lights = new Set();
    for (let k = 0; k < edges.length; k++) {
      const edge = edges[k]!;
      const next = edges[k + 1];
      if (!next) {
        this.nodeSpeed.push(0);
        continue;
      }
      const turn = this.grid.bearing(edge.from, edge.to) !== this.grid.bearing(next.from, next.to);
      if (turn) this.nodeSpeed.push(kmhToMps(this.rng.range(...p.turn)));
      else if (!edge.highway && !next.highway && this.rng.chance(p.lights)) {
        this.nodeSpeed.push(0);
        this.lights.add(k);
      } else this.nodeSpeed.push(Math.min(edge.cruise, next.cruise));
    }
    this.edgeIndex = 0;
    this.offset = 0;
    this.speed = 0;
    this.phase = 'driving';
    if (edges[0]) this.course = this.grid.bearing(edges[0].from, edges[0].to);
  }

  private drive(dt: number): void {
    const edge = this.edges[this.edgeIndex];
    if (!edge) {
      this.arrive();
      return;
    }
    // the highest speed from which every node ahead can still be reached at its constraint speed
    let allowed = edge.cruise;
    let distance = edge.length - this.offset;
    for (let k = this.edgeIndex; k < this.edges.length; k++) {
      const limit = this.nodeSpeed[k]!;
      allowed = Math.min(allowed, Math.sqrt(limit * limit + 2 * this.profile.decel * distance));
      const following = this.edges[k + 1];
      if (!following || distance > LOOKAHEAD_M) break;
      allowed = Math.min(allowed, Math.sqrt(following.cruise ** 2 + 2 * this.profile.decel * distance));
      distance += following.length;
    }
    if (this.speed < allowed) this.speed = Math.min(allowed, this.speed + this.profile.accel * dt);
    else this.speed = Math.max(allowed, this.speed - 2 * this.profile.decel * dt);
    const remaining = edge.length - this.offset;
    const stopsHere = this.nodeSpeed[this.edgeIndex] === 0;
    let move = this.speed * dt;
    if (stopsHere && (move >= remaining || (remaining < 3 && this.speed < 1.5))) {
      this.odometer += remaining;
      this.offset = edge.length;
      this.speed = 0;
      if (this.lights.has(this.edgeIndex)) {
        this.enterEdge(this.edgeIndex + 1, 0);
        this.phase = 'waiting';
        this.phaseUntil = this.time + Math.round(this.rng.range(5, 45)) * 1000;
      } else this.arrive();
      return;
    }
    this.odometer += move;
    if (move < remaining) {
      this.offset += move;
      return;
    }
    move -= remaining;
    this.enterEdge(this.edgeIndex + 1, move);
  }

  private enterEdge(index: number, offset: number): void {
    const edge = this.edges[index];
    if (!edge) {
      this.arrive();
      return;
    }
    this.node = edge.from;
    this.edgeIndex = index;
    this.offset = Math.min(offset, edge.length);
    this.course = this.grid.bearing(edge.from, edge.to);
  }

  private arrive(): void {
    const last = this.edges[this.edges.length - 1];
    if (last) this.node = last.to;
    this.edges = [];
    this.edgeIndex = 0;
    this.offset = 0;
    this.setPhase('arrived', this.rng.range(5, 20));
  }
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

// ---------------------------------------------------------------------------------------------
// Demo geography

export interface DemoPlaces {
  depot: Node;
  district: Node;
  places: Node[];
}

/** Favourite destinations of the demo fleet: the depot, the district and a few others. */
export function demoPlaces(): DemoPlaces {
  const depot = { i: -3, j: -2 };
  const district = { i: 4, j: 4 };
  return { depot, district, places: [depot, depot, district, district, { i: 11, j: -5 }, { i: -9, j: 6 }, { i: 2, j: -10 }] };
}

export interface DemoGeofence {
  name: string;
  description: string;
  area: string;
  attributes: Record<string, number | string>;
}

function wktPoint(p: LatLon): string {
  return `${round(p.lat, 6)} ${round(p.lon, 6)}`;
}

/** The demo geofences in Traccar WKT (latitude first): a depot circle, a district polygon, a highway corridor. */
export function demoGeofences(grid: CityGrid = new CityGrid()): DemoGeofence[] {
  const { depot, district } = demoPlaces();
  const centre = grid.toLatLon(depot.i, depot.j);
  // corners between streets, so the boundary crosses streets instead of running along them
  const ring: Array<[number, number]> = [
    [district.i - 2.5, district.j - 2.5],
    [district.i + 2.5, district.j - 2.5],
    [district.i + 2.5, district.j + 1.5],
    [district.i + 0.5, district.j + 2.5],
    [district.i - 2.5, district.j + 2.5],
  ];
  const e = grid.options.extent;
  const corridor: Array<[number, number]> = [];
  for (let i = -e; i <= e; i += 4) corridor.push([i, 0]);
  return [
    {
      name: 'Depot',
      description: 'Fleet depot (simulator)',
      area: `CIRCLE (${wktPoint(centre)}, 300)`,
      attributes: {},
    },
    {
      name: 'Olaya District',
      description: 'Business district (simulator)',
      area: `POLYGON ((${ring.map(([u, v]) => wktPoint(grid.toLatLon(u, v))).join(', ')}))`,
      attributes: {},
    },
    {
      name: 'King Fahd Road corridor',
      description: 'Highway corridor (simulator)',
      area: `LINESTRING (${corridor.map(([u, v]) => wktPoint(grid.toLatLon(u, v))).join(', ')})`,
      attributes: { polylineDistance: 30 },
    },
  ];
}
