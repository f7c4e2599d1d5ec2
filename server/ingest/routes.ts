/**
 * OsmAnd over HTTP: its own port (Traccar's 5055: every path, GET or POST) and `POST /` on the web port.
 * Content-Type application/json → Traccar Client JSON; otherwise the query string, or the form body
 * when the query is empty.
 */
import http from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';
import { DecodeError, type DecodedMessage, decodeJson, decodeParams } from './osmand.ts';
import type { Ingest, IncomingMessage } from './processor.ts';
import { access } from '../auth/authorize.ts';

const TEXT = 'text/plain; charset=utf-8';
/** What the OsmAnd port answers, on any path; other methods get a 404. */
export const OSMAND_METHODS: readonly string[] = ['GET', 'POST'];
const BODY_LIMIT = 1024 * 1024;
const MAX_LOG = 4096;

interface Answer {
  status: number;
  text: string;
}

function decode(url: string, contentType: string, body: string): { messages: DecodedMessage[]; json: boolean } {
  if (contentType.toLowerCase().startsWith('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new DecodeError('Invalid JSON body');
    }
    return { messages: decodeJson(parsed), json: true };
  }
  const question = url.indexOf('?');
  const query = question >= 0 ? url.slice(question + 1) : '';
  return { messages: [decodeParams(new URLSearchParams(query || body))], json: false };
}

/** One OsmAnd request, whichever listener took it: the status and plain text to answer. */
async function ingestRequest(
  ingest: Ingest,
  request: { method: string; url: string; contentType: string; body: string; ip: string },
  logError: (error: unknown) => void,
): Promise<Answer> {
  const { method, url, contentType, body } = request;
  let raw = `${method} ${url}${body ? ' ' + body : ''}`;
  if (raw.length > MAX_LOG) raw = raw.slice(0, MAX_LOG) + '…';
  try {
    const { messages, json } = decode(url, contentType, body);
    const incoming: IncomingMessage[] = messages.map((decoded) => ({ decoded, protocol: 'osmand', host: request.ip, raw, json }));
    return { status: 200, text: await ingest.submit(incoming) };
  } catch (error) {
    if (error instanceof DecodeError) return { status: 400, text: error.message };
    if (error instanceof HttpError) return { status: error.statusCode, text: error.message };
    logError(error);
    return { status: 500, text: 'Internal server error' };
  }
}

async function handle(ingest: Ingest, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const answer = await ingestRequest(
    ingest,
    {
      method: request.method,
      url: request.url,
      contentType: String(request.headers['content-type'] ?? ''),
      body: typeof request.body === 'string' ? request.body : '',
      ip: request.ip,
    },
    (error) => request.log.error({ err: error }, 'osmand ingest failed'),
  );
  await reply.code(answer.status).type(TEXT).send(answer.text);
}

/** Every body arrives as a string (form, JSON or anything else). */
function rawBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
}

/** `POST /` on the web port, as Traccar proxies it to the OsmAnd port. */
export async function osmandWebRoute(app: FastifyInstance, ingest: Ingest): Promise<void> {
  await app.register(async (scope) => {
    rawBodies(scope);
    scope.post('/', access('public'), (request, reply) => handle(ingest, request, reply));
  });
}

export interface OsmandServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The OsmAnd HTTP listener (port 0: random), on node:http itself: a device's request needs no routing,
 * cookies or hooks, and Fastify's per-request work was a third of the server's time per position. GET
 * or POST on any path; other methods 404; a body over 1 MiB 413 (and the connection closed).
 */
export async function startOsmandServer(ingest: Ingest, port: number, host: string, logger: boolean): Promise<OsmandServer> {
  const logError = (error: unknown): void => {
    if (logger) console.error('osmand ingest failed', error);
  };
  const answer = (response: http.ServerResponse, status: number, text: string, close = false): void => {
    const body = Buffer.from(text, 'utf8');
    response.writeHead(status, { 'Content-Type': TEXT, 'Content-Length': body.length, ...(close ? { Connection: 'close' } : {}) });
    response.end(body);
  };
  const server = http.createServer((request, response) => {
    const method = request.method ?? 'GET';
    if (!OSMAND_METHODS.includes(method)) {
      request.resume();
      answer(response, 404, 'Not found');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    request.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > BODY_LIMIT) {
        refused = true;
        answer(response, 413, 'Request body is too large', true);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('error', () => undefined);
    request.on('end', () => {
      if (refused) return;
      const body = chunks.length === 0 ? '' : chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
      void ingestRequest(
        ingest,
        { method, url: request.url ?? '/', contentType: String(request.headers['content-type'] ?? ''), body, ip: request.socket.remoteAddress ?? '' },
        logError,
      ).then((result) => {
        if (!response.destroyed) answer(response, result.status, result.text);
      });
    });
  });
  // as Fastify's default: trackers keep their connection between positions
  server.keepAliveTimeout = 72_000;
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 11\r\nConnection: close\r\n\r\nBad request');
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        // answers still waiting for their commit are sent; idle kept-alive connections close at once
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        server.close(() => {
          clearInterval(sweep);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
