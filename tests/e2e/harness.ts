/**
 * End-to-end harness: the real embedded server (on a temporary data folder, serving the built
 * client from dist/) and Debian's Chromium driven by playwright-core.
 */
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createServer, type RunningServer, type ServerOptions } from '../../server/app.ts';

export const ADMIN_PASSWORD = 'e2e-admin-pass';

/** The built client the server serves: `dist/`, or another build's folder (`E2E_CLIENT_DIR`, for a second working copy's build). */
export const CLIENT_DIR = process.env.E2E_CLIENT_DIR ?? 'dist';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) throw new Error(`Chromium not found at ${path}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  return path;
}

export interface Harness {
  server: RunningServer;
  browser: Browser;
  dataDir: string;
  newPage(options?: { locale?: string; viewport?: { width: number; height: number } }): Promise<{ context: BrowserContext; page: Page }>;
  restartServer(): Promise<void>;
  /** Stops the server (as a crash or a lost network would); `startServer` brings it back on the same port. */
  stopServer(): Promise<void>;
  startServer(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The worker's Chromium. The e2e files share their worker's module graph (`isolate: false` in
 * vitest.config.ts), and with it one browser: each file has contexts of its own, closed with its
 * harness, and a server of its own. Launched again if it went away; playwright closes it when the
 * worker exits.
 */
let workerBrowser: Promise<Browser> | undefined;

async function sharedBrowser(): Promise<Browser> {
  const running = await workerBrowser?.catch(() => undefined);
  if (running?.isConnected()) return running;
  workerBrowser = chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  return workerBrowser;
}

/** The map style is pinned to the offline basemap (the server's `map` attribute) unless a test says otherwise. */
/** `clientDir`: another folder than CLIENT_DIR (the service worker test serves a copy it changes into a new build). */
/** `openId`: OpenID sign-in through a provider (the OpenID test's, in-process). */
/** `simulator`: the demo devices drive (over the server's OsmAnd port), as with `npm start`. */
/** `now`: the server's clock for ingest and the status timeout (a test puts it back to make a device silent). */
export async function startHarness(
  options: { demo?: boolean; mapStyle?: string; clientDir?: string; openId?: ServerOptions['openId']; simulator?: boolean; now?: () => number } = {},
): Promise<Harness> {
  const clientDir = options.clientDir ?? CLIENT_DIR;
  if (!existsSync(join(clientDir, 'index.html'))) throw new Error(`${clientDir}/ is missing: run \`npm run build\` first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'athar-e2e-'));
  const start = (port = 0) =>
    createServer({ dataDir, port, host: '127.0.0.1', demo: options.demo ?? true, adminPassword: ADMIN_PASSWORD, clientDir, mapStyle: options.mapStyle ?? 'offline', ...(options.openId ? { openId: options.openId } : {}), ...(options.simulator ? { simulator: true } : {}), ...(options.now ? { now: options.now } : {}) });
  const browser = await sharedBrowser();
  const contexts: BrowserContext[] = [];
  const harness: Harness = {
    server: await start(),
    browser,
    dataDir,
    async newPage(pageOptions = {}) {
      const context = await browser.newContext({ locale: pageOptions.locale ?? 'en-US', viewport: pageOptions.viewport ?? { width: 1280, height: 800 } });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error('[page error]', error.message));
      return { context, page };
    },
    async restartServer() {
      await harness.stopServer();
      await harness.startServer();
    },
    async stopServer() {
      await harness.server.close();
    },
    async startServer() {
      harness.server = await start(harness.server.port);
    },
    async close() {
      await Promise.all(contexts.map((context) => context.close().catch(() => {})));
      await harness.server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}
