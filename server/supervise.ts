/**
 * `npm run serve`: runs the server (`main.ts`) in a child process and starts it again when it exits
 * for a reboot (`REBOOT_EXIT_CODE`, after `POST /api/server/reboot`), as Traccar's service manager
 * restarts Traccar. The next server gets the same environment (so the same data folder) and the
 * ports the last one listened on (so `PORT=0` keeps its random port across a reboot); it is forked
 * as soon as the old one says it reboots, and starts once the old one has exited (`reboot.ts`).
 * Signals are passed on; any other exit of the server ends the supervisor with the server's code.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import { REBOOT_EXIT_CODE, STANDBY_ENV, type SupervisorMessage, isSupervisorMessage } from './reboot.ts';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const env: NodeJS.ProcessEnv = { ...process.env };
delete env[STANDBY_ENV];
let child: ChildProcess | null = null;
let standby: ChildProcess | null = null;
let stopping = false;

/** A server process; a standby loads and waits for `start`. fork keeps this process's execArgv: the tsx loader that runs this file runs main.ts too. */
function spawnServer(asStandby: boolean): ChildProcess {
  return fork(main, process.argv.slice(2), { env: asStandby ? { ...env, [STANDBY_ENV]: '1' } : env, stdio: 'inherit' });
}

function run(current: ChildProcess): void {
  child = current;
  current.on('message', (message) => {
    if (!isSupervisorMessage(message)) return;
    if (message.type === 'listening') {
      env.PORT = String(message.port);
      env.OSMAND_PORT = message.osmandPort === null ? 'off' : String(message.osmandPort);
    } else if (message.type === 'rebooting' && !standby && !stopping) {
      standby = spawnServer(true);
    }
  });
  current.on('exit', (code, signal) => {
    const next = standby;
    standby = null;
    if (code === REBOOT_EXIT_CODE && !stopping) {
      console.log('Server exited for a reboot: starting it again');
      if (next?.connected) {
        next.send({ type: 'start' } satisfies SupervisorMessage);
        run(next);
      } else {
        next?.kill();
        run(spawnServer(false));
      }
      return;
    }
    next?.kill();
    // stopped by a signal while it was exiting for a reboot: that is a stop
    if (code === REBOOT_EXIT_CODE) process.exit(0);
    process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1));
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    stopping = true;
    child?.kill(signal);
    standby?.kill(signal);
  });
}

run(spawnServer(false));
