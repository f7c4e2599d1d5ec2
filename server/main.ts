import { accessSync, constants, mkdirSync } from 'node:fs';
import { createServer } from './app.ts';
import { type OpenIdOptions, openIdOptionsFromEnv } from './auth/openid.ts';
import { REBOOT_EXIT_CODE, STANDBY_ENV, type SupervisorMessage, isSupervisorMessage } from './reboot.ts';

const env = process.env;
const port = env.PORT ? Number(env.PORT) : 8082;
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid PORT: ${env.PORT}`);
  process.exit(1);
}
const osmandPort = env.OSMAND_PORT === undefined || env.OSMAND_PORT === '' ? undefined
  : ['off', 'none', 'null', '-1'].includes(env.OSMAND_PORT.toLowerCase()) ? null : Number(env.OSMAND_PORT);
if (osmandPort !== undefined && osmandPort !== null && (!Number.isInteger(osmandPort) || osmandPort < 0 || osmandPort > 65535)) {
  console.error(`Invalid OSMAND_PORT: ${env.OSMAND_PORT}`);
  process.exit(1);
}
let openId: OpenIdOptions | undefined;
try {
  openId = openIdOptionsFromEnv(env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
/** A positive number from the environment, or the default when unset; stops the process when invalid. */
function positive(name: string, fallback: number, integer = false): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    console.error(`Invalid ${name}: ${text} (${integer ? 'a whole number' : 'a number'} above 0)`);
    process.exit(1);
  }
  return value;
}
// scheduled backups: every BACKUP_INTERVAL_HOURS (24) into BACKUP_DIR, the newest BACKUP_KEEP (7) kept
const backups = env.BACKUP_DIR
  ? { dir: env.BACKUP_DIR, intervalMs: positive('BACKUP_INTERVAL_HOURS', 24) * 3_600_000, keep: positive('BACKUP_KEEP', 7, true) }
  : undefined;
if (backups) {
  try {
    mkdirSync(backups.dir, { recursive: true });
    accessSync(backups.dir, constants.W_OK);
  } catch (error) {
    console.error(`Invalid BACKUP_DIR: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
const demo = env.DEMO !== '0' && env.DEMO?.toLowerCase() !== 'false';
const simulator = demo && env.SIMULATOR !== '0' && env.SIMULATOR?.toLowerCase() !== 'false';
// Forked by server/supervise.ts (an IPC channel): a reboot exits for the supervisor to start it again.
// Run on its own, nothing would, so the reboot route refuses.
const supervised = typeof process.send === 'function';
const tell = (message: SupervisorMessage): void => void process.send?.(message);
if (supervised && env[STANDBY_ENV] === '1') {
  // the next server of a reboot, forked while the old one closes: loaded, it waits for its turn
  await new Promise<void>((resolve) => {
    const onMessage = (message: unknown): void => {
      if (!isSupervisorMessage(message) || message.type !== 'start') return;
      process.off('message', onMessage);
      resolve();
    };
    process.on('message', onMessage);
  });
}

const server = await createServer({
  dataDir: env.DATA_DIR || './data',
  port,
  host: env.HOST || '0.0.0.0',
  demo,
  ...(env.ADMIN_PASSWORD ? { adminPassword: env.ADMIN_PASSWORD } : {}),
  clientDir: env.CLIENT_DIR || './dist',
  ...(env.WEB_ORIGIN ? { webOrigin: env.WEB_ORIGIN } : {}),
  ...(env.WEB_URL ? { webUrl: env.WEB_URL } : {}),
  ...(osmandPort !== undefined ? { osmandPort } : {}),
  simulator,
  ...(env.MAP_STYLE ? { mapStyle: env.MAP_STYLE } : {}),
  ...(openId ? { openId } : {}),
  ...(backups ? { backups } : {}),
  logger: true,
  ...(supervised
    ? {
        reboot: () => {
          tell({ type: 'rebooting' });
          void shutdown('Reboot requested', REBOOT_EXIT_CODE);
        },
      }
    : {}),
});

const shownHost = !env.HOST || env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
const publicUrl = `http://${shownHost}:${server.port}`;
console.log(`Athar server listening on ${publicUrl}`);
if (server.osmandPort !== null) console.log(`OsmAnd protocol on port ${server.osmandPort}`);
if (simulator && server.osmandPort !== null) console.log('Demo devices are simulated through the OsmAnd port (SIMULATOR=0 turns this off)');
if (server.demoPassword) console.log(`Sign in at ${publicUrl} as admin / ${server.demoPassword}`);
if (backups) console.log(`Backups every ${backups.intervalMs / 3_600_000} h into ${backups.dir} (the newest ${backups.keep} kept)`);
if (openId) console.log(`OpenID sign-in through ${openId.issuerUrl}${openId.force ? ' (only)' : ''}`);
if (!server.demoPassword && !demo) console.log('Demo mode off: if there are no users yet, the first account registered becomes the administrator.');

let stopping = false;
/** Closes the server (sockets told why, requests under way answered, the database closed), then exits with `code`. */
async function shutdown(reason: string, code = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  const restart = code === REBOOT_EXIT_CODE;
  console.log(restart ? `${reason}: closing, the supervisor starts the server again` : `${reason}: shutting down`);
  // a close that hangs (a request that never ends) still ends; a reboot still restarts (every
  // commit is whole: the database needs no close to be consistent)
  const timer = setTimeout(() => process.exit(restart ? REBOOT_EXIT_CODE : 1), 10_000);
  timer.unref();
  try {
    await server.close({ restart });
    process.exit(code);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT received'));
process.on('SIGTERM', () => void shutdown('SIGTERM received'));
if (supervised) {
  tell({ type: 'listening', port: server.port, osmandPort: server.osmandPort });
  // the supervisor is gone (killed): stop rather than run on unsupervised
  process.on('disconnect', () => void shutdown('Supervisor gone', 0));
}
