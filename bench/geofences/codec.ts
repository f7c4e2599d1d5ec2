/**
 * Geofence area codec micro-benchmark: parse + check + format + geometryToGeoJSON of a
 * 100,000-vertex polygon (a circle-like ring), median of 5 after one warm-up run.
 * `npx tsx bench/geofences/codec.ts` writes bench/results/geofences-codec.md.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { checkGeometry, formatArea, type LatLon, parseArea } from '../../contract/wkt.ts';
import { geometryToGeoJSON } from '../../src/domain/geofence.ts';

const VERTICES = 100_000;
const RUNS = 5;

const ring: LatLon[] = [];
for (let i = 0; i < VERTICES; i++) {
  const a = (2 * Math.PI * i) / VERTICES;
  ring.push([Number((24.7 + 0.05 * Math.sin(a)).toFixed(7)), Number((46.6 + 0.05 * Math.cos(a)).toFixed(7))]);
}
const text = formatArea({ type: 'polygon', points: ring });

type Step = 'parse' | 'check' | 'format' | 'geoJSON' | 'total';
const times: Record<Step, number[]> = { parse: [], check: [], format: [], geoJSON: [], total: [] };

const load0 = os.loadavg()[0] ?? 0;
for (let run = 0; run <= RUNS; run++) {
  const t0 = performance.now();
  const g = parseArea(text, { check: false });
  const t1 = performance.now();
  const problem = checkGeometry(g);
  const t2 = performance.now();
  const out = formatArea(g);
  const t3 = performance.now();
  const json = geometryToGeoJSON(g);
  const t4 = performance.now();
  if (problem || out !== text || json.type !== 'Polygon') throw new Error('codec round trip failed');
  if (run === 0) continue; // warm-up
  times.parse.push(t1 - t0);
  times.check.push(t2 - t1);
  times.format.push(t3 - t2);
  times.geoJSON.push(t4 - t3);
  times.total.push(t4 - t0);
}
const load1 = os.loadavg()[0] ?? 0;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const worst = (xs: number[]): number => Math.max(...xs);
const ms = (x: number): string => `${x.toFixed(1)} ms`;
const cpus = os.cpus();
const date = new Date().toISOString();
const lines = [
  '# Geofence area codec benchmark',
  '',
  `${date.slice(0, 16).replace('T', ' ')} UTC; ${cpus.length} × ${cpus[0]?.model ?? 'unknown'}, ${Math.round((os.totalmem() / 2 ** 30) * 10) / 10} GB, ${os.platform()} ${os.release()}, Node ${process.version}; load average ${load0.toFixed(2)} → ${load1.toFixed(2)}.`,
  `\`npx tsx bench/geofences/codec.ts\`: a ${VERTICES.toLocaleString('en')}-vertex polygon (a circle-like ring, 7 decimals, ${(text.length / 1e6).toFixed(2)} M characters of WKT), one warm-up then ${RUNS} runs, median and worst.`,
  '',
  '| step | median | worst |',
  '| --- | --- | --- |',
  ...(['parse', 'check', 'format', 'geoJSON', 'total'] as const).map(
    (step) => `| ${{ parse: 'parseArea (no check)', check: 'checkGeometry (incl. self-intersection)', format: 'formatArea', geoJSON: 'geometryToGeoJSON', total: '**total**' }[step]} | ${ms(median(times[step]))} | ${ms(worst(times[step]))} |`,
  ),
  '',
  'The machine is shared (see the load average); figures move with it.',
  '',
];
const file = fileURLToPath(new URL('../results/geofences-codec.md', import.meta.url));
writeFileSync(file, lines.join('\n'));
console.log(lines.join('\n'));
