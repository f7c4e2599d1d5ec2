/**
 * A CPU profile of the page's main thread over the measured window (`--profile FILE`): the raw
 * `.cpuprofile` (open it in DevTools' Performance panel) and a text summary of where the time of
 * the long busy spans goes. Diagnostic only: profiling slows the page, so a profiled run's
 * figures are not recorded as results.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession } from 'playwright-core';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Spans of consecutive non-idle samples at least this long are reported one by one. */
const LONG_SPAN_MS = 50;
const IDLE = new Set(['(idle)', '(program)']);

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  const file = url ? url.slice(url.lastIndexOf('/') + 1) : '';
  return `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}:${columnNumber + 1}` : ''}`;
}

function top(map: Map<string, number>, count: number, totalMs: number): string[] {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => `  ${(us / 1000).toFixed(1).padStart(8)} ms ${((us / 1000 / totalMs) * 100).toFixed(0).padStart(3)} %  ${name}`);
}

/** Self and inclusive time per function over the given sample indices. */
function aggregate(profile: Profile, parents: Map<number, number>, byId: Map<number, ProfileNode>, indices: number[], deltas: number[]) {
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const k of indices) {
    const us = deltas[k]!;
    const leaf = byId.get(profile.samples[k]!)!;
    const leafName = frameName(leaf);
    self.set(leafName, (self.get(leafName) ?? 0) + us);
    const seen = new Set<string>();
    for (let id: number | undefined = leaf.id; id !== undefined; id = parents.get(id)) {
      const name = frameName(byId.get(id)!);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + us);
    }
  }
  return { self, inclusive };
}

export function summarizeProfile(profile: Profile): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parents.set(c, n.id);
  // timeDeltas[k] is the gap before sample k: charge sample k with the gap after it
  const deltas = profile.samples.map((_, k) => profile.timeDeltas[k + 1] ?? 0);
  const idle = (k: number): boolean => IDLE.has(byId.get(profile.samples[k]!)!.callFrame.functionName);
  const busy: number[] = [];
  const spans: Array<{ start: number; ms: number; indices: number[] }> = [];
  let t = profile.startTime;
  let current: { start: number; ms: number; indices: number[] } | null = null;
  for (let k = 0; k < profile.samples.length; k++) {
    t += profile.timeDeltas[k] ?? 0;
    if (idle(k)) {
      if (current) spans.push(current);
      current = null;
      continue;
    }
    busy.push(k);
    current ??= { start: t, ms: 0, indices: [] };
    current.ms += deltas[k]! / 1000;
    current.indices.push(k);
  }
  if (current) spans.push(current);
  const wallMs = (profile.endTime - profile.startTime) / 1000;
  const busyMs = busy.reduce((s, k) => s + deltas[k]!, 0) / 1000;
  const long = spans.filter((s) => s.ms >= LONG_SPAN_MS).sort((a, b) => b.ms - a.ms);
  const lines = [`profile: ${wallMs.toFixed(0)} ms wall, ${busyMs.toFixed(0)} ms in JS/GC samples; ${long.length} spans ≥ ${LONG_SPAN_MS} ms`];
  const all = aggregate(profile, parents, byId, busy, deltas);
  lines.push('self time, whole window:', ...top(all.self, 25, busyMs));
  lines.push('inclusive time, whole window:', ...top(all.inclusive, 40, busyMs));
  const longIndices = long.flatMap((s) => s.indices);
  const longMs = long.reduce((s, x) => s + x.ms, 0);
  const inLong = aggregate(profile, parents, byId, longIndices, deltas);
  lines.push(`long spans (${long.map((s) => s.ms.toFixed(0)).join(', ')} ms): self`, ...top(inLong.self, 25, longMs));
  lines.push('long spans: inclusive', ...top(inLong.inclusive, 50, longMs));
  for (const span of long.slice(0, 3)) {
    const one = aggregate(profile, parents, byId, span.indices, deltas);
    lines.push(`span of ${span.ms.toFixed(0)} ms at +${((span.start - profile.startTime) / 1000).toFixed(0)} ms: inclusive`, ...top(one.inclusive, 30, span.ms));
  }
  return lines.join('\n');
}

/** Starts the sampling profiler; the returned function stops it, writes `file` and returns the summary. */
export async function startProfile(cdp: CDPSession, file: string): Promise<() => Promise<string>> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    writeFileSync(file, JSON.stringify(profile));
    return summarizeProfile(profile);
  };
}

/**
 * `--profile DIR`: a function that runs a phase of a measurement under a CPU profile written to
 * `DIR/<phase>.cpuprofile`, printing its summary; without a DIR, the phase runs as it is.
 */
export function profiler(cdp: CDPSession, dir: string | null): <T>(phase: string, body: () => Promise<T>) => Promise<T> {
  return async (phase, body) => {
    if (!dir) return body();
    const stop = await startProfile(cdp, join(dir, `${phase}.cpuprofile`));
    const result = await body();
    console.log(`--- ${phase}\n${await stop()}`);
    return result;
  };
}

/** One event of Chromium's trace (the fields the benchmarks read). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/**
 * Starts Chromium's tracing with `categories` (reported as events); the returned function ends it and
 * resolves with every event (after Tracing.tracingComplete, or 30 s at most).
 */
export async function recordTrace(cdp: CDPSession, categories: string): Promise<() => Promise<TraceEvent[]>> {
  const events: TraceEvent[] = [];
  const onData = (payload: { value: object[] }): void => {
    for (const value of payload.value) events.push(value as TraceEvent);
  };
  cdp.on('Tracing.dataCollected', onData);
  await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
  return async () => {
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    cdp.off('Tracing.dataCollected', onData);
    return events;
  };
}
