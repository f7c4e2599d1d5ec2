/**
 * `npm run serve`: runs the server (`main.ts`) in a child process and starts it again when it exits
 * for a reboot (`REBOOT_EXIT_CODE`, after `POST /api/server/reboot`), as Traccar's service manager
 * restarts Traccar. The child gets the same environment (so the same data folder) and the ports it
 * listened on (so `PORT=0` keeps its random port across a reboot). Signals are passed on; any other
 * exit of the child ends the supervisor with the child's code.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import { REBOOT_EXIT_CODE, isListeningMessage } from './reboot.ts';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const env: NodeJS.ProcessEnv = { ...process.env };
let child: ChildProcess | null = null;
let stopping = false;

function start(): void {
  // fork keeps this process's execArgv: the tsx loader that runs this file runs main.ts too
  const current = fork(main, process.argv.slice(2), { env, stdio: 'inherit' });
  child = current;
  current.on('message', (message) => {
    if (!isListeningMessage(message)) return;
    env.PORT = String(message.port);
    env.OSMAND_PORT = message.osmandPort === null ? 'off' : String(message.osmandPort);
  });
  current.on('exit', (code, signal) => {
    if (code === REBOOT_EXIT_CODE && !stopping) {
      console.log('Server exited for a reboot: starting it again');
      start();
      return;
    }
    // stopped by a signal while it was exiting for a reboot: that is a stop
    if (code === REBOOT_EXIT_CODE) process.exit(0);
    process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1));
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    stopping = true;
    child?.kill(signal);
  });
}

start();
