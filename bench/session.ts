/**
 * The frame of the browser benchmarks on the built client (bench/reports/route.ts, bench/replay/run.ts): the
 * time limit, the load average, Chromium, the server on a temporary data dir, and their clean-up.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/harness.ts';
import { type ServerHandle, freePort, killChildren, sourceState, startServer, stopServer } from './fleet.ts';

const repo = fileURLToPath(new URL('../', import.meta.url));

/** What a browser benchmark's run had around it: the Chromium version, the load average, the client's build. */
export interface BenchContext {
  chromium: string;
  loadAverage: { start: number; max: number; end: number };
  source: string;
}

/**
 * The frame of a browser benchmark on the built client: a time limit (killing the children when hit), the
 * 1-minute load average sampled every 5 s (`sampleLoad` for more), headless Chromium with the e2e harness's
 * arguments, the server on a temporary data dir serving dist/ with the demo admin's `password`; all of it
 * stopped and removed after `body`, whatever happens. What dist/ was (and whether it was rebuilt meanwhile).
 */
export async function benchSession<T>(
  options: { name: string; password: string; limitMs: number; /** another build than dist/ (relative to the repository) */ clientDir?: string },
  body: (bench: { url: string; osmandPort: number; dataDir: string; browser: Browser; started: number; sampleLoad: () => number }) => Promise<T>,
): Promise<{ result: T; context: BenchContext }> {
  const timer = setTimeout(() => {
    console.error(`benchmark timed out after ${Math.round(options.limitMs / 1000)} s`);
    killChildren();
    process.exit(1);
  }, options.limitMs);
  const loads: number[] = [];
  const sampleLoad = (): number => {
    const load = Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
    loads.push(load);
    return load;
  };
  const loadStart = sampleLoad();
  const loadTimer = setInterval(sampleLoad, 5_000);
  const clientDir = resolve(repo, options.clientDir ?? 'dist');
  const source = options.clientDir && options.clientDir !== 'dist' ? `the build in \`${options.clientDir}\`` : sourceState();
  const index = join(clientDir, 'index.html');
  const builtAt = statSync(index).mtimeMs;
  const dataDir = mkdtempSync(join(os.tmpdir(), `athar-bench-${options.name}-`));
  let server: ServerHandle | null = null;
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'] });
  const started = Date.now();
  let result: T;
  try {
    const osmandPort = await freePort();
    server = await startServer({
      BENCH_DATA_DIR: dataDir,
      BENCH_PORT: String(await freePort()),
      BENCH_OSMAND_PORT: String(osmandPort),
      BENCH_PASSWORD: options.password,
      BENCH_CLIENT_DIR: clientDir,
    });
    result = await body({ url: server.url, osmandPort, dataDir, browser, started, sampleLoad });
  } finally {
    clearTimeout(timer);
    clearInterval(loadTimer);
    await browser.close().catch(() => {});
    if (server) await stopServer(server);
    killChildren();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`done in ${Math.round((Date.now() - started) / 1000)} s`);
  const rebuilt = statSync(index).mtimeMs !== builtAt;
  if (rebuilt) console.warn('dist/ was rebuilt during the run: the runs may have loaded different builds');
  return {
    result,
    context: {
      chromium: browser.version(),
      loadAverage: { start: loadStart, max: Math.max(...loads), end: sampleLoad() },
      source: rebuilt ? `${source}; **dist/ was rebuilt during the run** (at ${statSync(index).mtime.toISOString().slice(11, 16)} UTC), so later page loads may have used the newer build` : source,
    },
  };
}
