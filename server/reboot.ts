/**
 * The reboot handshake between the server (`main.ts`) and its supervisor (`supervise.ts`), who
 * talk over the IPC channel of `fork`:
 * - the server says where it listens (`ListeningMessage`), so that a restart binds the same ports
 *   (with `PORT=0` too: browsers reconnect to the address they know);
 * - `POST /api/server/reboot` makes the server close cleanly and exit with `REBOOT_EXIT_CODE`, which
 *   the supervisor answers by starting it again, with the same environment and data. Any other exit
 *   ends the supervisor with the same code.
 */

/** EX_TEMPFAIL (sysexits.h): "try again". Traccar's reboot exits too, and leaves the restart to its service manager. */
export const REBOOT_EXIT_CODE = 75;

export interface ListeningMessage {
  type: 'listening';
  port: number;
  /** null: the OsmAnd port is off */
  osmandPort: number | null;
}

export function isListeningMessage(value: unknown): value is ListeningMessage {
  const m = value as Partial<ListeningMessage> | null;
  return typeof m === 'object' && m !== null && m.type === 'listening' && typeof m.port === 'number';
}
