/**
 * Processes and data shared by the browser benchmarks (bench/live, bench/settings): the embedded server
 * in a child process (bench/live/serve.ts, loopback only, demo admin), free loopback ports, devices created
 * through the REST API, the machine the figures were taken on. Every child started here is killed (by pid)
 * when the benchmark's process exits.
 */
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import net from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../', import.meta.url));

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export const children = new Set<ChildProcess>();

export function killChildren(): void {
  for (const child of children) {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
  }
}
process.on('exit', killChildren);

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolvePort(port));
    });
  });
}

export interface ServerHandle {
  child: ChildProcess;
  url: string;
}

/** Forks bench/live/serve.ts with `env` (BENCH_DATA_DIR, BENCH_PORT, BENCH_OSMAND_PORT, BENCH_PASSWORD, BENCH_CLIENT_DIR). */
export async function startServer(env: Record<string, string>): Promise<ServerHandle> {
  const child = fork(fileURLToPath(new URL('./live/serve.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  children.add(child);
  const url = await new Promise<string>((resolveUrl, reject) => {
    child.once('message', (message: { type?: string; url?: string }) => (message.url ? resolveUrl(message.url) : reject(new Error(JSON.stringify(message)))));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, url };
}

export async function stopServer(handle: ServerHandle): Promise<void> {
  const exited = new Promise<void>((r) => handle.child.once('exit', () => r()));
  handle.child.disconnect();
  await Promise.race([exited, sleep(5_000)]);
  if (handle.child.exitCode === null && handle.child.pid !== undefined) process.kill(handle.child.pid, 'SIGKILL');
  children.delete(handle.child);
}

/** Signs in through the REST API and returns the session cookie (`JSESSIONID=…`) for the next requests. */
export async function sessionCookie(url: string, admin: { email: string; password: string }): Promise<string> {
  const login = await fetch(`${url}/api/session`, { method: 'POST', body: new URLSearchParams(admin) });
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith('JSESSIONID='))?.split(';')[0];
  if (!cookie) throw new Error(`login failed: ${login.status}`);
  return cookie;
}

/**
 * Creates the devices through the REST API with one session cookie (Basic auth would hash the password on
 * every request: ~40 ms each), 16 requests in flight; each is linked to the admin like any POST /api/devices.
 */
export async function createDevices(url: string, admin: { email: string; password: string }, uniqueIds: string[]): Promise<void> {
  const cookie = await sessionCookie(url, admin);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < uniqueIds.length) {
      const uniqueId = uniqueIds[next++]!;
      const response = await fetch(`${url}/api/devices`, {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ name: `Simulated ${uniqueId}`, uniqueId, category: 'car' }),
      });
      if (!response.ok) throw new Error(`POST /api/devices ${uniqueId}: ${response.status} ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  node: string;
  platform: string;
  chromium: string;
}

export function machineInfo(chromiumVersion: string): Machine {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    chromium: `Chromium ${chromiumVersion}`,
  };
}

/** Runs a benchmark's main and exits with its outcome; a failure kills the children it started. */
export function runMain(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      killChildren();
      process.exit(1);
    },
  );
}

/** What dist/ is: when it was built, the commit that was HEAD then, and whether src/ or contract/ differ from HEAD now. */
export function sourceState(): string {
  try {
    const git = (...args: string[]): string => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
    const built = statSync(join(repo, 'dist/index.html')).mtime;
    const then = git('rev-list', '-1', `--before=${built.toISOString()}`, 'HEAD').slice(0, 7);
    const dirty = git('status', '--porcelain', '--', 'src', 'contract') !== '';
    return `\`dist/\` built ${built.toISOString().slice(0, 16).replace('T', ' ')} UTC (by hand; this benchmark builds nothing) when HEAD was ${then}${dirty ? '; src/ or contract/ had uncommitted changes at the run (in the build too, if they were there then)' : ''}`;
  } catch {
    return '`dist/` of an unknown commit';
  }
}

/** Writes bench/results/NAME.json and NAME.md and prints the markdown. */
export function writeResults(name: string, results: unknown, markdown: string): void {
  const dir = join(repo, 'bench/results/');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(results, null, 2) + '\n');
  writeFileSync(join(dir, `${name}.md`), markdown);
  console.log(markdown);
}

/** `--markdown-only`: bench/results/NAME.md written again from NAME.json (after its hand-written notes changed), with `note` stored in both. */
export function rewriteResults<R extends { note: string | null; date: string }>(name: string, note: string | null, markdown: (results: R) => string): void {
  const file = join(repo, `bench/results/${name}.json`);
  const saved = JSON.parse(readFileSync(file, 'utf8')) as R;
  if (note !== null) saved.note = note;
  writeFileSync(file, JSON.stringify(saved, null, 2) + '\n');
  writeFileSync(join(repo, `bench/results/${name}.md`), markdown(saved));
  console.log(`bench/results/${name}.md rewritten from ${name}.json (${saved.date})`);
}

/** Throws unless the client is built (dist/index.html): the browser benchmarks build nothing. */
export function requireDist(): void {
  if (!existsSync(join(repo, 'dist/index.html'))) throw new Error('dist/index.html is missing: build the client first (npm run routes && npm run build); this benchmark builds nothing');
}

/**
 * A benchmark's command line: `--markdown-only` alone, the rest `--flag value` pairs, each value given to
 * its flag's setter, which says whether it took it (an unknown flag or a refused value throws).
 */
export function parseFlags(argv: string[], setters: Record<string, (value: string) => boolean>): { markdownOnly: boolean } {
  const rest = argv.filter((a) => a !== '--markdown-only');
  for (let k = 0; k < rest.length; k += 2) {
    const flag = rest[k]!;
    const value = rest[k + 1];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (!setters[flag]?.(value)) throw new Error(`Unknown option ${flag} ${value}`);
  }
  return { markdownOnly: rest.length !== argv.length };
}
