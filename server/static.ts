import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { type Authorization, access } from './auth/authorize.ts';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss: https:",
  "worker-src 'self' blob:",
  'child-src blob:',
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/**
 * Browser features the app never uses are denied to it and to anything it embeds. Geolocation stays
 * allowed for the page itself (the emulator sends the browser's own position).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=(self)',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

const IMMUTABLE = 'public, max-age=31536000, immutable';
const DEFAULT_ANNOUNCEMENTS = fileURLToPath(new URL('./defaults/announcements.json', import.meta.url));

/** Security headers on every HTML response. */
export function securityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) {
      reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
      reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    }
    return payload;
  });
}

/** GET /announcements.json from DATA_DIR (seeded from server/defaults on first start). */
export function announcements(app: FastifyInstance, dataDir: string): void {
  const file = join(dataDir, 'announcements.json');
  if (!existsSync(file)) {
    const defaults = JSON.parse(readFileSync(DEFAULT_ANNOUNCEMENTS, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...defaults, lastUpdated: new Date().toISOString() }, null, 2) + '\n');
  }
  app.get('/announcements.json', access('public'), async (_request, reply) => {
    let body: string;
    try {
      body = readFileSync(file, 'utf8');
    } catch {
      body = readFileSync(DEFAULT_ANNOUNCEMENTS, 'utf8');
    }
    return reply.header('Cache-Control', 'no-cache').type('application/json; charset=utf-8').send(body);
  });
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Serves the built client; GETs without a file extension outside /api fall back to index.html
 * (client-side routes). Returns the not-found handler to install.
 */
export async function clientFiles(
  app: FastifyInstance,
  clientDir: string | null,
  routeAccess: Authorization,
): Promise<(request: FastifyRequest, reply: FastifyReply) => FastifyReply> {
  const root = clientDir && isDirectory(clientDir) ? clientDir : null;
  if (root) {
    // the client's files are public
    await routeAccess.within('public', () => app.register(fastifyStatic, {
      root,
      cacheControl: false,
      // the build's brotli and gzip copies (file.js.br, file.js.gz) go to browsers that take them,
      // with Vary: Accept-Encoding; the files themselves are never asked for by name
      preCompressed: true,
      setHeaders(reply, path) {
        const rel = relative(root, path);
        if (rel.startsWith('assets' + sep)) reply.header('Cache-Control', IMMUTABLE);
        else reply.header('Cache-Control', 'no-cache');
      },
    }));
  }
  return (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/');
    if (root && !isApi && (request.method === 'GET' || request.method === 'HEAD') && !extname(path)) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  };
}
