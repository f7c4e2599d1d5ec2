/**
 * Report chart benchmark (npm run bench:chart): the Reports' chart (src/features/reports/ReportChart.tsx,
 * uPlot on a canvas) beside a DOM-per-point SVG chart, both with the same 100,000 positions, in headless
 * Chromium.
 *
 *   npm run bench:chart -- [--runs 3] [--points 100000] [--zoom-ms 3000] [--note TEXT] [--profile DIR]
 *
 * - The page (bench/reports/chartPage.tsx) is built by Vite (production mode, the app's plugins: React,
 *   Lingui macros, vanilla-extract) into a temporary folder and served from a loopback HTTP server; the
 *   client's own build (dist/) is neither needed nor touched.
 * - Data: --points synthetic positions, one every 5 s (100,000: 5.8 days), speed (knots, shown in km/h)
 *   and altitude (m), parsed from JSON as a report response would be; charted: speed and altitude.
 * - Charts, each run a new page (a new document):
 *   a. `uplot`: ReportChart as the product renders it (1200 × 420 px plot). First draw: from the render call
 *      to uPlot's first draw (the `athar:chart-drawn` performance mark, which includes turning the positions
 *      into columns) and to the frame after it was on screen (two animation frames later). Zoom: for
 *      --zoom-ms, one press of Zoom in or Zoom out per animation frame (five in, ×2 each, then five out:
 *      100,000 → 3,125 points in view and back), each a uPlot setScale and a full redraw.
 *   b. `svg`: an SVG of the same size with one <circle> per point and series (200,000 elements for two
 *      series: what an SVG chart library such as Recharts, which the official Traccar client uses, renders
 *      with dots on, though with more wrappers per dot), rendered by React. First draw: from the render call
 *      to React's commit and to the frame after it was on screen. Zoom, two ways, each for --zoom-ms, one
 *      step per frame: `viewBox` (the SVG's viewBox changed, no React: the browser alone redraws the
 *      elements) and `rerender` (React renders every circle again with the new time domain, as a chart
 *      library's zoom does).
 *   Measured in each: frames counted by requestAnimationFrame → fps, the longest frame gap, long tasks
 *   (Long Tasks API: over 50 ms).
 * - Budget (the chart): first draw ≤ 300 ms, zoom ≥ 50 fps (judged on the worst run).
 * - Median and worst of the runs in bench/results/chart.json and chart.md.
 * - --profile DIR (diagnostic, nothing recorded): one run of the product's chart with a CPU profile of its
 *   first draw and of its zoom into DIR, and a summary of where the main thread's time goes.
 * Bounded (a global time limit), stops by itself, closes what it started.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { CHROMIUM_ARGS, chromiumPath } from '../../tests/e2e/harness.ts';
import { machineInfo, runMain, type Machine } from '../fleet.ts';
import { startProfile } from '../live/profile.ts';
import { awaitInPage, pageProbe, probeSlice, round, sleep, stat, tasks, type Stat, type Tasks } from '../probe.ts';

const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));
const repo = here('../../');
const ENTRY = 'bench/reports/chartPage.tsx';
const STEP_TIMEOUT_MS = 180_000;
const GLOBAL_TIMEOUT_MS = 30 * 60_000;
const BUDGET = { firstDrawMs: 300, zoomFps: 50 };

interface Options {
  runs: number;
  points: number;
  zoomMs: number;
  note: string | null;
  /** diagnostic: one run of the product's chart with CPU profiles of its first draw and zoom into this folder, nothing recorded */
  profile: string | null;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { runs: 3, points: 100_000, zoomMs: 3_000, note: null, profile: null };
  for (let k = 0; k < argv.length; k += 2) {
    const flag = argv[k]!;
    const value = argv[k + 1];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '--runs' && Number(value) > 0) options.runs = Math.round(Number(value));
    else if (flag === '--points' && Number(value) >= 2) options.points = Math.round(Number(value));
    else if (flag === '--zoom-ms' && Number(value) >= 500) options.zoomMs = Math.round(Number(value));
    else if (flag === '--note') options.note = value;
    else if (flag === '--profile') options.profile = value;
    else throw new Error(`Unknown option ${flag} ${value}`);
  }
  return options;
}

// ---------------------------------------------------------------------------------------------- the page

/** Builds the bench page into `outDir` and writes its index.html; returns nothing, throws on a build error. */
async function buildPage(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: repo,
    mode: 'production',
    logLevel: 'warn',
    publicDir: false,
    plugins: [
      react(),
      // the messages kept in the bundle: the page shows English without the extracted catalog
      babel({ plugins: [['@lingui/babel-plugin-lingui-macro', { stripMessageField: false }]] }),
      lingui(),
      vanillaExtractPlugin(),
    ],
    define: { __ATHAR_DEV__: 'false' },
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      modulePreload: false,
      sourcemap: false,
      chunkSizeWarningLimit: 5_000,
      rolldownOptions: { input: join(repo, ENTRY) },
    },
  });
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; css?: string[]; isEntry?: boolean }>;
  const entry = manifest[ENTRY] ?? Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error(`no entry for ${ENTRY} in the manifest`);
  const css = (entry.css ?? []).map((file) => `<link rel="stylesheet" href="/${file}">`).join('\n    ');
  writeFileSync(
    join(outDir, 'index.html'),
    `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <meta charset="utf-8">
    <title>Chart benchmark</title>
    ${css}
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/${entry.file}"></script>
  </body>
</html>
`,
  );
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.woff2': 'font/woff2', '.woff': 'font/woff', '.json': 'application/json' };

/** A static server of `dir` on a loopback port. */
function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dir) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'max-age=3600' });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    resolve({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
  }));
}

// ---------------------------------------------------------------------------------------------- one run

interface Drawn {
  start: number;
  drawn: number;
  shown: number;
  elements: number;
}

interface Zoomed {
  from: number;
  to: number;
  zooms: number;
}

interface FirstDraw {
  /** render call → uPlot's first draw (the mark) / React's commit of the SVG */
  drawnMs: number;
  /** render call → the frame after the chart was on screen */
  shownMs: number;
  longtasks: Tasks;
}

interface Zoom {
  durationMs: number;
  zooms: number;
  frames: number;
  fps: number;
  maxFrameGapMs: number;
  longtasks: Tasks;
}

interface UplotRun {
  first: FirstDraw;
  /** the same page with nothing asked of it, over the zoom's duration: the frame rate the machine gives */
  idle: { fps: number; maxFrameGapMs: number };
  zoom: Zoom;
  canvases: number;
}

interface SvgRun {
  first: FirstDraw;
  viewBox: Zoom;
  rerender: Zoom;
  elements: number;
}

async function openPage(browser: Browser, url: string, mode: 'uplot' | 'svg', points: number, profile: string | null = null): Promise<{ page: Page; first: FirstDraw; elements: number }> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  // tsx (esbuild keepNames) wraps named functions in __name(): give the page a no-op one
  await context.addInitScript('window.__name = (f) => f;');
  await context.addInitScript(pageProbe);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[page error ${mode}]`, error.message));
  const stop = profile ? await startProfile(await context.newCDPSession(page), join(profile, `${mode}-first-draw.cpuprofile`)) : null;
  await page.goto(`${url}/?mode=${mode}&points=${points}`, { waitUntil: 'domcontentloaded', timeout: STEP_TIMEOUT_MS });
  const drawn = await awaitInPage<Drawn>(page, '__benchDraw', `${mode} first draw`, STEP_TIMEOUT_MS);
  if (stop) console.log(`--- ${mode} first draw\n${await stop()}`);
  const slice = await probeSlice(page, drawn.start, drawn.shown);
  return {
    page,
    elements: drawn.elements,
    first: { drawnMs: round(drawn.drawn - drawn.start), shownMs: round(drawn.shown - drawn.start), longtasks: tasks(slice.longtasks) },
  };
}

async function zoom(page: Page, kind: 'uplot' | 'viewBox' | 'rerender', durationMs: number): Promise<Zoom> {
  await sleep(500);
  const zoomed = (await Promise.race([
    page.evaluate(([k, ms]) => (window as unknown as { __benchZoom: (kind: string, ms: number) => Promise<Zoomed> }).__benchZoom(k as string, ms as number), [kind, durationMs] as const),
    sleep(STEP_TIMEOUT_MS).then(() => {
      throw new Error(`${kind} zoom: not done within ${STEP_TIMEOUT_MS / 1000} s`);
    }),
  ])) as Zoomed;
  const slice = await probeSlice(page, zoomed.from, zoomed.to);
  const seconds = (zoomed.to - zoomed.from) / 1000;
  return {
    durationMs: Math.round(zoomed.to - zoomed.from),
    zooms: zoomed.zooms,
    frames: slice.frames,
    fps: round(slice.frames / seconds),
    maxFrameGapMs: round(slice.maxFrameGapMs),
    longtasks: tasks(slice.longtasks),
  };
}

/** Frames of the page while nothing happens in it, for `durationMs` (a control for the zoom's fps). */
async function idleFrames(page: Page, durationMs: number): Promise<{ fps: number; maxFrameGapMs: number }> {
  await sleep(500);
  const from = await page.evaluate(() => performance.now());
  await sleep(durationMs);
  const to = await page.evaluate(() => performance.now());
  const slice = await probeSlice(page, from, to);
  return { fps: round(slice.frames / ((to - from) / 1000)), maxFrameGapMs: round(slice.maxFrameGapMs) };
}

async function runUplot(browser: Browser, url: string, options: Options): Promise<UplotRun> {
  const { page, first, elements } = await openPage(browser, url, 'uplot', options.points);
  try {
    const points = await page.locator('[data-points]').getAttribute('data-points');
    if (points !== String(options.points)) throw new Error(`the chart says data-points=${points}, ${options.points} expected`);
    const idle = await idleFrames(page, options.zoomMs);
    return { first, idle, zoom: await zoom(page, 'uplot', options.zoomMs), canvases: elements };
  } finally {
    await page.context().close().catch(() => {});
  }
}

async function runSvg(browser: Browser, url: string, options: Options): Promise<SvgRun> {
  const { page, first, elements } = await openPage(browser, url, 'svg', options.points);
  try {
    const viewBox = await zoom(page, 'viewBox', options.zoomMs);
    const rerender = await zoom(page, 'rerender', options.zoomMs);
    return { first, viewBox, rerender, elements };
  } finally {
    await page.context().close().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------- report

interface Result {
  date: string;
  machine: Machine;
  load: { start: number; max: number; end: number };
  note: string | null;
  points: number;
  series: string[];
  zoomMs: number;
  runs: number;
  budget: typeof BUDGET;
  summary: {
    uplot: Record<string, Stat>;
    svg: Record<string, Stat>;
  };
  verdicts: { firstDraw: boolean; zoomFps: boolean };
  uplot: UplotRun[];
  svg: SvgRun[];
}

function firstDrawStats(runs: FirstDraw[]): Record<string, Stat> {
  return {
    firstDrawMs: stat(runs.map((r) => r.drawnMs)),
    firstShownMs: stat(runs.map((r) => r.shownMs)),
    firstLongestTaskMs: stat(runs.map((r) => r.longtasks.maxMs)),
  };
}

function zoomStats(prefix: string, runs: Zoom[]): Record<string, Stat> {
  return {
    [`${prefix}Fps`]: stat(runs.map((r) => r.fps), true),
    [`${prefix}MaxFrameGapMs`]: stat(runs.map((r) => r.maxFrameGapMs)),
    [`${prefix}LongestTaskMs`]: stat(runs.map((r) => r.longtasks.maxMs)),
    [`${prefix}Zooms`]: stat(runs.map((r) => r.zooms), true),
  };
}

const ms = (value: number): string => `${value} ms`;
const fmt = (s: Stat | undefined, unit: (v: number) => string = ms): string => (s ? `${unit(s.median)} (worst ${unit(s.worst)})` : '—');
const plain = (v: number): string => String(v);

function markdown(result: Result): string {
  const u = result.summary.uplot;
  const s = result.summary.svg;
  const m = result.machine;
  const lines = [
    '# Report chart benchmark',
    '',
    `${result.date} UTC; ${m.cpus} × ${m.cpuModel.split(' ').slice(0, 2).join(' ')}, ${m.memoryGb} GB, ${m.platform}, Node ${m.node}, ${m.chromium} (headless, software rendering); load average (1 min) ${result.load.start} at the start, ${result.load.max} at most, ${result.load.end} at the end.`,
    `\`npm run bench:chart\`: ${result.points.toLocaleString('en')} positions (one every 5 s), series ${result.series.join(' and ')}; a 1200 × 420 px plot; ${result.runs} runs of each chart, each a new page; median (worst); raw figures in \`chart.json\`.`,
    ...(result.note ? ['', `Note: ${result.note}`] : []),
    '',
    '| measure | ReportChart (uPlot, canvas) | SVG, one `<circle>` per point |',
    '| --- | --- | --- |',
    `| elements drawn | ${result.uplot[0]?.canvases ?? '—'} canvas | ${result.svg[0]?.elements.toLocaleString('en') ?? '—'} circles |`,
    `| first draw: render call → drawn (uPlot's draw hook / React's commit) | ${fmt(u.firstDrawMs)} | ${fmt(s.firstDrawMs)} |`,
    `| first draw: render call → on screen (the frame after) | ${fmt(u.firstShownMs)} | ${fmt(s.firstShownMs)} |`,
    `| first draw: longest task | ${fmt(u.firstLongestTaskMs)} | ${fmt(s.firstLongestTaskMs)} |`,
    `| control: the chart's page with nothing to do, fps | ${fmt(u.idleFps, plain)} | |`,
    `| zoom in/out, one step per frame: fps | ${fmt(u.zoomFps, plain)} | viewBox: ${fmt(s.viewBoxFps, plain)}; re-render: ${fmt(s.rerenderFps, plain)} |`,
    `| zoom: zoom steps in ${result.zoomMs / 1000} s | ${fmt(u.zoomZooms, plain)} | viewBox: ${fmt(s.viewBoxZooms, plain)}; re-render: ${fmt(s.rerenderZooms, plain)} |`,
    `| zoom: longest frame gap | ${fmt(u.zoomMaxFrameGapMs)} | viewBox: ${fmt(s.viewBoxMaxFrameGapMs)}; re-render: ${fmt(s.rerenderMaxFrameGapMs)} |`,
    `| zoom: longest task | ${fmt(u.zoomLongestTaskMs)} | viewBox: ${fmt(s.viewBoxLongestTaskMs)}; re-render: ${fmt(s.rerenderLongestTaskMs)} |`,
    '',
    'A longest task of 0 ms means none over 50 ms (the Long Tasks API reports only those). Zoom fps counts the',
    'frames the page produced while one zoom step was asked for each frame; 60 is the display rate.',
    '',
    '## Budget (the product\'s chart, judged on the worst run)',
    '',
    'The machine is shared: when other work runs beside the benchmark, its runs get slower together (see the idle fps of each run below).',
    '',
    `- first draw ≤ ${BUDGET.firstDrawMs} ms: ${result.verdicts.firstDraw ? 'met' : '**not met**'} (drawn ${fmt(u.firstDrawMs)}; on screen ${fmt(u.firstShownMs)})`,
    `- zoom ≥ ${BUDGET.zoomFps} fps: ${result.verdicts.zoomFps ? 'met' : '**not met**'} (${fmt(u.zoomFps, plain)})`,
    '',
    '## Why uPlot',
    '',
    ...whyUplot(result),
    '',
    '## Runs',
    '',
    '| run | uPlot drawn | uPlot on screen | idle fps | uPlot zoom fps | uPlot zoom longest task | SVG committed | SVG on screen | SVG first longest task | SVG viewBox fps | SVG re-render fps | SVG re-render longest task |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...result.uplot.map((run, k) => {
      const svg = result.svg[k];
      return `| ${k + 1} | ${ms(run.first.drawnMs)} | ${ms(run.first.shownMs)} | ${run.idle.fps} | ${run.zoom.fps} | ${ms(run.zoom.longtasks.maxMs)} | ${svg ? ms(svg.first.drawnMs) : '—'} | ${svg ? ms(svg.first.shownMs) : '—'} | ${svg ? ms(svg.first.longtasks.maxMs) : '—'} | ${svg?.viewBox.fps ?? '—'} | ${svg?.rerender.fps ?? '—'} | ${svg ? ms(svg.rerender.longtasks.maxMs) : '—'} |`;
    }),
    '',
  ];
  return lines.join('\n');
}

/** The explanation, from this run's figures. */
function whyUplot(result: Result): string[] {
  const u = result.summary.uplot;
  const s = result.summary.svg;
  const times = (a: number | undefined, b: number | undefined): string => (a && b ? `${Math.round(b / a)} times as long as` : 'far longer than');
  const median = (x: Stat | undefined, unit = ' ms'): string => (x ? `${x.median}${unit}` : '—');
  return [
    `A report over a few days of one device is tens of thousands of positions; ${result.points.toLocaleString('en')} is a week at one every 5 s.`,
    'uPlot draws them on one canvas: it reduces each pixel column to the lowest and highest value it covers and strokes one path per series,',
    'so a draw is one pass over the numbers (typed arrays, no object per point) and a few thousand line segments, however many positions there are.',
    `Here the chart was drawn ${median(u.firstDrawMs)} after the render call (median; that includes turning the positions into columns) and on screen`,
    `after ${median(u.firstShownMs)}; a zoom step is a whole redraw inside one frame, ${median(u.zoomFps, ' fps')} against ${median(u.idleFps, ' fps')} for the same page doing nothing.`,
    'The lines are 1 px wide on purpose: software rendering (this machine has no GPU, like many office machines in a remote desktop)',
    'strokes a hairline several times faster than a wider line; at 1.5 px the same zoom ran at 42–50 fps.',
    '',
    `An SVG chart makes an element per point, and the browser keeps, styles, lays out and paints each one: ${result.svg[0]?.elements.toLocaleString('en') ?? '—'} circles`,
    `were on screen after ${median(s.firstShownMs)}, ${times(u.firstShownMs?.median, s.firstShownMs?.median)} the canvas chart, with the page frozen in one task of ${median(s.firstLongestTaskMs)}.`,
    `Zooming does not get cheaper: changing only the viewBox (no script at all) still repaints every element, ${median(s.viewBoxFps, ' fps')}; rendering the`,
    `elements again for the new time range, as a chart library's zoom does, ${median(s.rerenderFps, ' fps')}, with tasks of ${median(s.rerenderLongestTaskMs)}.`,
    'Recharts (the official Traccar client draws its charts with it) wraps each dot in more elements than this bare SVG and lays it out in React,',
    'so it should do no better than this lower bound; and thinning the data first would drop the peaks a report is read for (a speeding spike is one point).',
    'Hence a canvas chart, and uPlot among them: small (51 KB minified, 22 KB gzip, no dependencies), made for time series, with drag-to-zoom,',
    "a cursor and scales built in; the product adds the keyboard's zoom buttons, the legend, the time zone and the accessible summary around it.",
  ];
}

// ---------------------------------------------------------------------------------------------- main

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const timer = setTimeout(() => {
    console.error(`bench:chart: over ${GLOBAL_TIMEOUT_MS / 60_000} min, stopping`);
    process.exit(2);
  }, GLOBAL_TIMEOUT_MS);
  timer.unref();
  const load = { start: round(os.loadavg()[0]!, 2), max: round(os.loadavg()[0]!, 2), end: 0 };
  const loadTimer = setInterval(() => (load.max = Math.max(load.max, round(os.loadavg()[0]!, 2))), 1_000);
  loadTimer.unref();

  const outDir = mkdtempSync(join(os.tmpdir(), 'athar-bench-chart-'));
  let browser: Browser | null = null;
  let server: Server | null = null;
  try {
    console.log('building the bench page…');
    await buildPage(outDir);
    const served = await serve(outDir);
    server = served.server;
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    if (options.profile) {
      mkdirSync(options.profile, { recursive: true });
      const { page } = await openPage(browser, served.url, 'uplot', options.points, options.profile);
      const stop = await startProfile(await page.context().newCDPSession(page), join(options.profile, 'uplot-zoom.cpuprofile'));
      const zoomed = await zoom(page, 'uplot', options.zoomMs);
      console.log(`--- uplot zoom: ${zoomed.fps} fps\n${await stop()}`);
      await page.context().close();
      return;
    }
    const uplot: UplotRun[] = [];
    const svg: SvgRun[] = [];
    for (let run = 1; run <= options.runs; run++) {
      const u = await runUplot(browser, served.url, options);
      uplot.push(u);
      console.log(`run ${run} uPlot: drawn ${u.first.drawnMs} ms, on screen ${u.first.shownMs} ms, idle ${u.idle.fps} fps, zoom ${u.zoom.fps} fps (${u.zoom.zooms} steps), longest task ${u.zoom.longtasks.maxMs} ms`);
      const s = await runSvg(browser, served.url, options);
      svg.push(s);
      console.log(
        `run ${run} SVG (${s.elements} circles): committed ${s.first.drawnMs} ms, on screen ${s.first.shownMs} ms (longest task ${s.first.longtasks.maxMs} ms), viewBox ${s.viewBox.fps} fps, re-render ${s.rerender.fps} fps (longest task ${s.rerender.longtasks.maxMs} ms)`,
      );
    }
    load.end = round(os.loadavg()[0]!, 2);
    const summary: Result['summary'] = {
      uplot: {
        ...firstDrawStats(uplot.map((r) => r.first)),
        idleFps: stat(uplot.map((r) => r.idle.fps), true),
        ...zoomStats('zoom', uplot.map((r) => r.zoom)),
      },
      svg: { ...firstDrawStats(svg.map((r) => r.first)), ...zoomStats('viewBox', svg.map((r) => r.viewBox)), ...zoomStats('rerender', svg.map((r) => r.rerender)) },
    };
    const result: Result = {
      date: new Date().toISOString().slice(0, 16).replace('T', ' '),
      machine: machineInfo(browser.version()),
      load,
      note: options.note,
      points: options.points,
      series: ['speed', 'altitude'],
      zoomMs: options.zoomMs,
      runs: options.runs,
      budget: BUDGET,
      summary,
      verdicts: {
        firstDraw: summary.uplot.firstDrawMs!.worst <= BUDGET.firstDrawMs,
        zoomFps: summary.uplot.zoomFps!.worst >= BUDGET.zoomFps,
      },
      uplot,
      svg,
    };
    const results = join(repo, 'bench/results');
    mkdirSync(results, { recursive: true });
    writeFileSync(join(results, 'chart.json'), `${JSON.stringify(result, null, 2)}\n`);
    writeFileSync(join(results, 'chart.md'), markdown(result));
    console.log(markdown(result));
  } finally {
    await browser?.close().catch(() => {});
    server?.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

runMain(main);
