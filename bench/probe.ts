/**
 * In-page probes shared by the browser benchmarks: a requestAnimationFrame counter and a long-task
 * observer injected before the client's scripts, the slice of both between two page times, and a
 * programmatic scroll of an element from top to bottom, one step per frame.
 */
import type { Browser, BrowserContext, CDPSession, Locator, Page } from 'playwright-core';

/** Injected before the client's scripts (page.addInitScript): frame counter and long-task observer. */
export function pageProbe(): void {
  // `counting`: the frame counter asks for every frame, which makes the renderer run a frame (its
  // lifecycle, its compositing) at every vsync whether the page changed or not: a cost of the
  // measurement, not of the page. `setCounting(false)` stops it for a window that measures the
  // page's own main-thread time (bench/live), `setCounting(true)` starts it again.
  let counting = true;
  let asked = false;
  const probe = {
    frames: [] as number[],
    longtasks: [] as Array<{ start: number; duration: number }>,
    setCounting(on: boolean): void {
      counting = on;
      if (on && !asked) {
        asked = true;
        requestAnimationFrame(tick);
      }
    },
  };
  (window as unknown as { __bench: typeof probe }).__bench = probe;
  const tick = (t: number): void => {
    asked = false;
    if (!counting) return;
    probe.frames.push(t);
    if (probe.frames.length > 200_000) probe.frames.splice(0, 100_000);
    asked = true;
    requestAnimationFrame(tick);
  };
  asked = true;
  requestAnimationFrame(tick);
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.longtasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    /* no long-task API */
  }
}

/** Starts or stops the in-page frame counter (see `pageProbe`). */
export function setFrameCounting(page: Page, on: boolean): Promise<void> {
  return page.evaluate((value) => (window as unknown as { __bench: { setCounting(on: boolean): void } }).__bench.setCounting(value), on);
}

export interface ProbeSlice {
  frames: number;
  maxFrameGapMs: number;
  longtasks: number[];
}

/** Frames and long tasks between two page times (performance.now()). */
export function probeSlice(page: Page, from: number, to: number): Promise<ProbeSlice> {
  return page.evaluate(
    ([a, b]) => {
      const probe = (window as unknown as { __bench: { frames: number[]; longtasks: Array<{ start: number; duration: number }> } }).__bench;
      const frames = probe.frames.filter((t) => t >= a! && t <= b!);
      let maxGap = 0;
      for (let k = 1; k < frames.length; k++) maxGap = Math.max(maxGap, frames[k]! - frames[k - 1]!);
      const longtasks = probe.longtasks.filter((e) => e.start + e.duration >= a! && e.start <= b!).map((e) => e.duration);
      return { frames: frames.length, maxFrameGapMs: maxGap, longtasks };
    },
    [from, to],
  );
}

/** Scrolls the element from its top to its bottom over `durationMs`, one step per frame; page times of the start and end. */
export function scrollThrough(element: Locator, durationMs: number): Promise<{ from: number; to: number; height: number }> {
  return element.evaluate(
    (node, duration) =>
      new Promise<{ from: number; to: number; height: number }>((done) => {
        const from = performance.now();
        const height = node.scrollHeight - node.clientHeight;
        const step = (now: number): void => {
          const progress = Math.min(1, (now - from) / duration);
          node.scrollTop = progress * height;
          if (progress < 1) requestAnimationFrame(step);
          else done({ from, to: performance.now(), height: node.scrollHeight });
        };
        requestAnimationFrame(step);
      }),
    durationMs,
  );
}

// ---------------------------------------------------------------------------------------------- shared by the page benchmarks

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
export const round = (value: number, digits = 1): number => Math.round(value * 10 ** digits) / 10 ** digits;

/** Long tasks of a window: how many, the longest, the total. */
export interface Tasks {
  count: number;
  maxMs: number;
  totalMs: number;
}

export function tasks(durations: number[]): Tasks {
  return { count: durations.length, maxMs: round(Math.max(0, ...durations)), totalMs: Math.round(durations.reduce((a, b) => a + b, 0)) };
}

/** Median and worst of the runs (worst = lowest when higher is better). */
export interface Stat {
  median: number;
  worst: number;
}

export function stat(values: number[], higherIsBetter = false): Stat {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor((sorted.length - 1) / 2)]!, worst: higherIsBetter ? sorted[0]! : sorted.at(-1)! };
}

/** Awaits a promise the page keeps at `window[key]` within `timeoutMs`, asked again when a navigation replaced the document. */
export async function awaitInPage<T>(page: Page, key: string, what: string, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = page.evaluate((name) => (window as unknown as Record<string, Promise<unknown>>)[name], key) as Promise<T>;
    const timeout = sleep(Math.max(0, deadline - Date.now())).then(() => {
      throw new Error(`${what}: not done within ${timeoutMs / 1000} s`);
    });
    try {
      return await Promise.race([result, timeout]);
    } catch (error) {
      if (!/context was destroyed/.test(String(error)) || Date.now() > deadline) throw error;
      await sleep(50);
    }
  }
}

/** Signs in through the login form (English) and waits for the map to be drawn. */
export async function signInToMap(page: Page, url: string, email: string, password: string, timeoutMs: number): Promise<void> {
  await page.goto(`${url}/login?locale=en`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.locator('[data-testid="map"][data-map-ready="true"]').waitFor({ state: 'attached', timeout: timeoutMs });
}

/** A measure of a run, for the summary's median and worst (higher: the worst is the lowest). */
export interface Measure<R> {
  key: string;
  label: string;
  unit: string;
  pick: (run: R) => number | undefined;
  higher?: boolean;
}

/** Median and worst of each measure that every run has. */
export function summarize<R>(measures: ReadonlyArray<Measure<R>>, runs: R[]): Record<string, Stat> {
  const summary: Record<string, Stat> = {};
  for (const { key, pick, higher } of measures) {
    const values = runs.map(pick);
    if (values.every((v): v is number => v !== undefined)) summary[key] = stat(values, higher);
  }
  return summary;
}

export interface Motion {
  durationMs: number;
  frames: number;
  fps: number;
  maxFrameGapMs: number;
  longtasks: Tasks;
}

/** Frames, fps, the longest frame gap and long tasks between two page times. */
export async function motion(page: Page, from: number, to: number): Promise<Motion> {
  const slice = await probeSlice(page, from, to);
  return { durationMs: Math.round(to - from), frames: slice.frames, fps: round(slice.frames / ((to - from) / 1000)), maxFrameGapMs: round(slice.maxFrameGapMs), longtasks: tasks(slice.longtasks) };
}

/** Page metrics from CDP: JS heap used and DOM nodes; with `gc`, after a forced garbage collection. */
export async function memory(cdp: CDPSession, page: Page, gc: boolean): Promise<{ heapMb: number; performanceMemoryMb: number | null; domNodes: number }> {
  if (gc) await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
  const metric = (name: string): number => metrics.find((m) => m.name === name)?.value ?? NaN;
  const used = await page.evaluate(() => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? null);
  return { heapMb: round(metric('JSHeapUsedSize') / 2 ** 20), performanceMemoryMb: used === null ? null : round(used / 2 ** 20), domNodes: metric('Nodes') };
}

/**
 * A browser context (en-US, 1280×800) with the probes before the page's scripts (a no-op `__name` for tsx's
 * keepNames, `pageProbe`, a large Resource Timing buffer, then `initScripts`), signed in once through the
 * login form.
 */
export async function signedInContext(browser: Browser, url: string, admin: { email: string; password: string }, timeoutMs: number, initScripts: Array<() => void> = []): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  // tsx (esbuild keepNames) wraps named functions in __name(): give the page a no-op one
  await context.addInitScript('window.__name = (f) => f;');
  await context.addInitScript(pageProbe);
  await context.addInitScript(() => performance.setResourceTimingBufferSize(2_000));
  for (const script of initScripts) await context.addInitScript(script);
  const login = await context.newPage();
  await signInToMap(login, url, admin.email, admin.password, timeoutMs);
  await login.close();
  return context;
}
