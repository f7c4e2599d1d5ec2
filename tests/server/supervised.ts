/**
 * The server as `npm run serve` runs it: `server/supervise.ts` in a child process (tsx in the same
 * process, `node --import tsx`), which forks `server/main.ts` and starts it again after a reboot.
 * Shared by the reboot test and the reboot e2e.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

export interface Supervised {
  /** the web address (the same after every restart) */
  url: string;
  supervisor: ChildProcess;
  /** the process id of each server the supervisor started, in order */
  readonly servers: readonly number[];
  /** Resolves once the supervisor has started server number `count` (1 = the first) and it listens. */
  started(count: number, timeoutMs?: number): Promise<void>;
  /** everything both printed */
  output(): string;
  /** SIGTERM to the supervisor; resolves with its exit code. */
  stop(): Promise<number | null>;
}

/** `env`: DATA_DIR and the rest (PORT 0, HOST 127.0.0.1, SIMULATOR off unless given). */
export async function startSupervised(env: Record<string, string>, timeoutMs = 20_000): Promise<Supervised> {
  const supervisor = spawn(process.execPath, ['--import', 'tsx', 'server/supervise.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SIMULATOR: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const servers: number[] = [];
  let url = '';
  const waiters = new Set<() => void>();
  const read = (data: Buffer): void => {
    text += data.toString();
    for (const line of text.split('\n')) {
      // pino's line "Server listening at …" carries the pid of the server that printed it
      const listening = /^\{.*"pid":(\d+).*"msg":"Server listening at (http:\/\/[^"]+)"/.exec(line);
      if (listening && !servers.includes(Number(listening[1]))) servers.push(Number(listening[1]));
      const shown = /^Athar server listening on (http:\/\/\S+)/.exec(line);
      if (shown && !url) url = shown[1]!;
    }
    for (const wake of [...waiters]) wake();
  };
  supervisor.stdout!.on('data', read);
  supervisor.stderr!.on('data', read);
  let exited = false;
  const exit = new Promise<number | null>((done) =>
    supervisor.once('exit', (code) => {
      exited = true;
      for (const wake of [...waiters]) wake();
      done(code);
    }),
  );

  const until = (test: () => boolean, what: string, ms: number): Promise<void> =>
    new Promise((done, fail) => {
      const check = (): void => {
        if (test()) {
          finish();
          done();
        } else if (exited) {
          finish();
          fail(new Error(`the supervisor exited before ${what}:\n${text}`));
        }
      };
      const timer = setTimeout(() => {
        finish();
        fail(new Error(`no ${what} after ${ms} ms:\n${text}`));
      }, ms);
      const finish = (): void => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  const supervised: Supervised = {
    get url() {
      return url;
    },
    supervisor,
    servers,
    started: (count, ms = timeoutMs) =>
      // the web line comes after the server's own "listening" lines: both ports are bound
      until(() => servers.length >= count && text.split('Athar server listening on').length - 1 >= count, `server ${count}`, ms),
    output: () => text,
    async stop() {
      if (!exited) supervisor.kill('SIGTERM');
      return exit;
    },
  };
  await supervised.started(1);
  return supervised;
}

/** Whether a process is still running. */
export function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
