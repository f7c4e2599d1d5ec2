import { resolve } from 'node:path';
import Fastify, { type FastifyError, type FastifyReply } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyWebsocket from '@fastify/websocket';
import { type AppContext, authenticate } from './auth/context.ts';
import { type RouteDeclaration, access, authorization } from './auth/authorize.ts';
import { type LoginRateLimitOptions, SignInLimiter } from './auth/rateLimit.ts';
import { type OpenIdOptions, OpenIdClient } from './auth/openid.ts';
import { TokenManager } from './auth/tokens.ts';
import { getSecret, openDatabase } from './db/database.ts';
import { resetStatuses } from './db/devices.ts';
import { purgeExpired } from './db/sessions.ts';
import { seedDemo } from './demo.ts';
import { HttpError } from './http/errors.ts';
import { Ingest, startStatusMonitor } from './ingest/processor.ts';
import { type OsmandServer, osmandWebRoute, startOsmandServer } from './ingest/routes.ts';
import { LiveHub } from './live.ts';
import { startDemoSimulator } from './simulator/demo.ts';
import type { Simulator } from './simulator/sender.ts';
import { accumulatorRoutes } from './routes/accumulators.ts';
import { announcementRoutes } from './routes/announcements.ts';
import { commandSendRoutes } from './routes/commandsSend.ts';
import { deviceRoutes } from './routes/devices.ts';
import { entityRoutes } from './routes/entities.ts';
import { eventRoutes } from './routes/events.ts';
import { exportRoutes } from './routes/exports.ts';
import { mediaRoutes } from './routes/media.ts';
import { openIdRoutes } from './routes/openid.ts';
import { passwordRoutes } from './routes/password.ts';
import { permissionRoutes } from './routes/permissions.ts';
import { positionRoutes } from './routes/positions.ts';
import { reportRoutes } from './routes/reports.ts';
import { serverRoutes } from './routes/server.ts';
import { sessionRoutes } from './routes/session.ts';
import { shareRoutes } from './routes/share.ts';
import { socketRoutes } from './routes/socket.ts';
import { statisticsRoutes } from './routes/statistics.ts';
import { userRoutes } from './routes/users.ts';
import { type StatisticsOptions, StatisticsCollector } from './stats.ts';
import { announcements, clientFiles, securityHeaders } from './static.ts';
import { corsPolicy } from './http/cors.ts';
import { getServerSettings, saveServerSettings } from './db/server.ts';
import { SOCKET_CLOSE } from '../contract/models.ts';
import type { Db } from './db/database.ts';
import { startCheckpointer } from './db/checkpointer.ts';
import { STORAGE_FULL, StorageHealth } from './storage/health.ts';
import { type RetentionOptions, Retention, startRetention } from './storage/retention.ts';
import { type BackupScheduleOptions, startBackupSchedule } from './storage/schedule.ts';

export interface ServerOptions {
  dataDir: string;
  /** 0 = a random free port */
  port?: number;
  /** default '0.0.0.0' */
  host?: string;
  demo?: boolean;
  adminPassword?: string;
  clientDir?: string | null;
  /** Traccar web.origin: '*' or a list of allowed CORS origins */
  webOrigin?: string;
  logger?: boolean;
  /** OsmAnd protocol port (Traccar 5055); 0 = random, null = off; default 5055, or random when `port` is 0 */
  osmandPort?: number | null;
  /** injectable clock (ms) for ingest and the status timeout */
  now?: () => number;
  /** failed sign-in limits, form and Basic (defaults: 10 per account and address with back-off, 30 per address in 10 minutes) */
  loginRateLimit?: LoginRateLimitOptions;
  /** statistics collector options (an injectable clock for tests) */
  statistics?: StatisticsOptions;
  /**
   * demo mode: simulate the demo devices through the own OsmAnd port (default off here; main.ts turns
   * it on unless SIMULATOR=0). An object sets the simulator's time scale or clock.
   */
  simulator?: boolean | { timeScale?: number; clock?: () => number; seed?: string | number };
  /**
   * The server's `map` attribute (the map style every user gets unless they chose another), set
   * on start: `offline` pins the basemap shipped with the client, so tests and benchmarks never
   * wait on the network (`MAP_STYLE` in `npm start`).
   */
  mapStyle?: string;
  /** OpenID sign-in (Traccar's `openid.*`; `OPENID_*` in `npm start`); off when absent */
  openId?: OpenIdOptions;
  /**
   * The server's public address (Traccar's `web.url`; `WEB_URL` in `npm start`) for the links it
   * mails; without one, the address it was started on.
   */
  webUrl?: string;
  /**
   * Restarts the server (`POST /api/server/reboot`, administrators), called once the answer is
   * sent: `main.ts` closes the server and exits with `REBOOT_EXIT_CODE`, and its supervisor
   * (`server/supervise.ts`, `npm run serve`) starts it again. Absent (a server without a
   * supervisor, the in-process tests): the route refuses with a 400 that says so.
   */
  reboot?: () => void;
  /**
   * The retention of positions and events (the server setting `athar.retentionDays`): how often it
   * runs (default every hour and once at start, on `now`), its batches' target time, and hooks
   * that see each batch and run (tests, measurements).
   */
  retention?: Omit<RetentionOptions, 'now'>;
  /**
   * Scheduled backups (`BACKUP_DIR`, `BACKUP_INTERVAL_HOURS`, `BACKUP_KEEP` in `npm start`): a
   * consistent copy of the database every interval into `dir`, the newest `keep` kept. Off when absent.
   */
  backups?: Omit<BackupScheduleOptions, 'dataDir' | 'now' | 'log'>;
  /** how often a full storage is probed for room again (default 5000 ms) */
  storageProbeMs?: number;
  /**
   * Called with the database once it is open (tests: `PRAGMA max_page_count`, which SQLite keeps
   * per connection, makes the database full at a chosen size).
   */
  onDatabase?: (db: Db) => void;
}

export interface RunningServer {
  url: string;
  port: number;
  /** demo mode: the admin password (also in DATA_DIR/demo-credentials.txt) */
  demoPassword: string | null;
  /** the bound OsmAnd port, null when off */
  osmandPort: number | null;
  /** every route of the web port with its access declaration (the route table test reads it) */
  routes: readonly RouteDeclaration[];
  /**
   * Stops accepting positions, closes the sockets with a close frame (1001 going away, or 1012
   * with `restart`), waits for the requests under way (an acknowledged position is committed
   * before its answer) and closes the database.
   */
  close(options?: { restart?: boolean }): Promise<void>;
}

const BODY_LIMIT = 1024 * 1024;
const TEXT = 'text/plain; charset=utf-8';

function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

export async function createServer(options: ServerOptions): Promise<RunningServer> {
  const dataDir = resolve(options.dataDir);
  const db = openDatabase(dataDir);
  options.onDatabase?.(db);
  const checkpointer = startCheckpointer(db);
  purgeExpired(db);
  resetStatuses(db);
  const demoPassword = options.demo ? await seedDemo(db, dataDir, options.adminPassword) : null;
  if (options.mapStyle !== undefined) {
    const settings = getServerSettings(db);
    saveServerSettings(db, { ...settings, attributes: { ...settings.attributes, map: options.mapStyle } });
  }

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    // Router-level refusals (a malformed %-escape in the path, a path parameter over the router's
    // 100-character limit) as plain-text 400s like every other error, not Fastify's JSON 400/414.
    frameworkErrors: (error, _request, reply) => {
      const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'Path parameter too long' : 'Malformed URL';
      void (reply as unknown as FastifyReply).code(400).type(TEXT).send(message);
    },
  });
  let startedUrl = '';
  const live = new LiveHub(db);
  const storage = new StorageHealth(db, dataDir, {
    ...(options.storageProbeMs !== undefined ? { probeMs: options.storageProbeMs } : {}),
    ...(options.now ? { now: options.now } : {}),
    log: app.log,
  });
  const ingest = new Ingest(db, live, { ...(options.now ? { now: options.now } : {}), storage });
  const stats = new StatisticsCollector(db, options.statistics ?? (options.now ? { now: options.now } : {}));
  const ctx: AppContext = {
    db,
    dataDir,
    tokens: new TokenManager(db, getSecret(db, 'token')),
    live,
    log: app.log,
    signIn: new SignInLimiter(options.loginRateLimit),
    publicUrl: () => (options.webUrl ?? startedUrl).replace(/\/+$/, ''),
    storage,
  };

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: BODY_LIMIT });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });

  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'OPTIONS' && isApi(request.url)) request.auth = await authenticate(ctx, request);
  });
  // every route declares its access (checked at startup), one gate checks it on every request
  const routeAccess = authorization(app, ctx);

  // CORS as Traccar's CorsResponseFilter (REST responses only), never a wildcard with credentials
  const cors = corsPolicy(options.webOrigin);
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isApi(request.url)) return payload;
    reply.headers(cors(request.headers.origin));
    return payload;
  });
  securityHeaders(app);
  statisticsRoutes(app, stats);

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).type(TEXT).send(error.message);
    }
    // a write that found the disk (or the database's page limit) full: nothing of it was stored
    if (storage.failed(error)) return reply.code(503).type(TEXT).send(STORAGE_FULL);
    const status = error.statusCode ?? 500;
    if (error.validation || (status >= 400 && status < 500)) {
      return reply.code(error.validation ? 400 : status).type(TEXT).send(error.message || 'Bad request');
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).type(TEXT).send('Internal server error');
  });

  app.options('/api/*', access('public'), async (_request, reply) => reply.code(200).send());
  sessionRoutes(app, ctx);
  openIdRoutes(app, ctx, options.openId ? new OpenIdClient(options.openId) : null);
  serverRoutes(app, ctx, { openIdEnabled: !!options.openId, openIdForce: !!options.openId?.force }, options.reboot ?? null);
  userRoutes(app, ctx);
  passwordRoutes(app, ctx);
  deviceRoutes(app, ctx);
  positionRoutes(app, ctx);
  reportRoutes(app, ctx);
  permissionRoutes(app, ctx);
  entityRoutes(app, ctx);
  socketRoutes(app, ctx);
  await osmandWebRoute(app, ingest);
  exportRoutes(app, ctx);
  mediaRoutes(app, ctx);
  accumulatorRoutes(app, ctx);
  shareRoutes(app, ctx);
  commandSendRoutes(app, ctx);
  eventRoutes(app, ctx);
  announcements(app, dataDir);
  announcementRoutes(app, ctx);
  const clientDir = options.clientDir === undefined ? null : options.clientDir;
  app.setNotFoundHandler(await clientFiles(app, clientDir ? resolve(clientDir) : null, routeAccess));

  const host = options.host ?? '0.0.0.0';
  try {
    await app.listen({ port: options.port ?? 8082, host });
  } catch (error) {
    live.close();
    stats.close();
    storage.close();
    await checkpointer.close();
    db.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 8082);
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  startedUrl = `http://${urlHost}:${port}`;
  const osmandPort = options.osmandPort === undefined ? (options.port === 0 ? 0 : 5055) : options.osmandPort;
  let osmand: OsmandServer | null = null;
  try {
    if (osmandPort !== null) osmand = await startOsmandServer(ingest, osmandPort, host, options.logger ?? false);
  } catch (error) {
    live.close();
    stats.close();
    storage.close();
    await app.close();
    await checkpointer.close();
    db.close();
    throw error;
  }
  const stopStatus = startStatusMonitor(ingest);
  const stopRetention = startRetention(new Retention(db, { ...options.retention, ...(options.now ? { now: options.now } : {}) }), {
    ...options.retention,
    ...(options.now ? { now: options.now } : {}),
    onRun: (run) => {
      const what = `retention (${run.days} days): ${run.positions} positions and ${run.events} events deleted in ${run.batches} batches, ${Math.round(run.ms)} ms (longest batch ${run.longestMs.toFixed(1)} ms)`;
      if (run.error) app.log.error(`${what}; stopped: ${run.error}`);
      else app.log.info(what);
      options.retention?.onRun?.(run);
    },
  });
  const stopBackups = options.backups
    ? startBackupSchedule({ ...options.backups, dataDir, ...(options.now ? { now: options.now } : {}), log: app.log })
    : null;
  let simulator: Simulator | null = null;
  if (options.demo && options.simulator && osmand) {
    simulator = startDemoSimulator(db, {
      url: `http://${urlHost}:${osmand.port}`,
      ...(typeof options.simulator === 'object' ? options.simulator : {}),
    });
  }

  let closed = false;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    demoPassword,
    osmandPort: osmand?.port ?? null,
    routes: routeAccess.routes,
    async close(closeOptions = {}) {
      if (closed) return;
      closed = true;
      stopStatus();
      stopRetention();
      await stopBackups?.();
      storage.close();
      await simulator?.stop();
      await osmand?.close();
      await live.shutdown(closeOptions.restart ? SOCKET_CLOSE.serviceRestart : SOCKET_CLOSE.goingAway);
      // Fastify closes the connections idle at this moment; one busy then (a service worker
      // precaching the client) would stay open for the keep-alive timeout (72 s) once its response
      // ends, and the close with it: close each as soon as it goes idle.
      const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
      try {
        await app.close();
      } finally {
        clearInterval(sweep);
      }
      stats.close();
      ingest.close();
      await checkpointer.close();
      db.close();
    },
  };
}
