/**
 * The reboot handshake between the server (`main.ts`) and its supervisor (`supervise.ts`), who
 * talk over the IPC channel of `fork`:
 * - the server says where it listens (`listening`), so that a restart binds the same ports (with
 *   `PORT=0` too: browsers reconnect to the address they know);
 * - `POST /api/server/reboot` makes the server say `rebooting`, close cleanly and exit with
 *   `REBOOT_EXIT_CODE`. On `rebooting` the supervisor forks the next server at once, as a standby
 *   (`ATHAR_STANDBY=1`): it loads its code while the old one closes, then waits; when the old one has
 *   exited with the reboot code, `start` lets it open the database and listen. The server is away
 *   for its close and its start, not for loading Node and its code. Any other exit ends the
 *   supervisor with the same code.
 */

/** EX_TEMPFAIL (sysexits.h): "try again". Traccar's reboot exits too, and leaves the restart to its service manager. */
export const REBOOT_EXIT_CODE = 75;

/** The environment variable that makes a forked server a standby, waiting for `start`. */
export const STANDBY_ENV = 'ATHAR_STANDBY';

export type SupervisorMessage =
  | { type: 'listening'; port: number; /** null: the OsmAnd port is off */ osmandPort: number | null }
  | { type: 'rebooting' }
  | { type: 'start' };

export function isSupervisorMessage(value: unknown): value is SupervisorMessage {
  const m = value as Partial<SupervisorMessage> | null;
  if (typeof m !== 'object' || m === null) return false;
  if (m.type === 'listening') return typeof (m as { port?: unknown }).port === 'number';
  return m.type === 'rebooting' || m.type === 'start';
}
