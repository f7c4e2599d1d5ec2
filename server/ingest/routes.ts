/**
 * OsmAnd over HTTP: its own port (Traccar's 5055: every path, GET or POST) and `POST /` on the web port.
 * Content-Type application/json → Traccar Client JSON; otherwise the query string, or the form body
 * when the query is empty.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';
import { DecodeError, type DecodedMessage, decodeJson, decodeParams } from './osmand.ts';
import type { Ingest, IncomingMessage } from './processor.ts';
import { access } from '../auth/authorize.ts';

const TEXT = 'text/plain; charset=utf-8';
const BODY_LIMIT = 1024 * 1024;
const MAX_LOG = 4096;

function decode(request: FastifyRequest): { messages: DecodedMessage[]; json: boolean } {
  const body = typeof request.body === 'string' ? request.body : '';
  const contentType = String(request.headers['content-type'] ?? '').toLowerCase();
  if (contentType.startsWith('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new DecodeError('Invalid JSON body');
    }
    return { messages: decodeJson(parsed), json: true };
  }
  const question = request.url.indexOf('?');
  const query = question >= 0 ? request.url.slice(question + 1) : '';
  return { messages: [decodeParams(new URLSearchParams(query || body))], json: false };
}

async function handle(ingest: Ingest, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const body = typeof request.body === 'string' ? request.body : '';
  let raw = `${request.method} ${request.url}${body ? ' ' + body : ''}`;
  if (raw.length > MAX_LOG) raw = raw.slice(0, MAX_LOG) + '…';
  try {
    const { messages, json } = decode(request);
    const incoming: IncomingMessage[] = messages.map((decoded) => ({ decoded, protocol: 'osmand', host: request.ip, raw, json }));
    const text = await ingest.submit(incoming);
    await reply.code(200).type(TEXT).send(text);
  } catch (error) {
    if (error instanceof DecodeError) await reply.code(400).type(TEXT).send(error.message);
    else if (error instanceof HttpError) await reply.code(error.statusCode).type(TEXT).send(error.message);
    else {
      request.log.error({ err: error }, 'osmand ingest failed');
      await reply.code(500).type(TEXT).send('Internal server error');
    }
  }
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

/** The OsmAnd HTTP listener (port 0: random). */
export async function startOsmandServer(ingest: Ingest, port: number, host: string, logger: boolean): Promise<OsmandServer> {
  const app = Fastify({ logger, bodyLimit: BODY_LIMIT, disableRequestLogging: true });
  rawBodies(app);
  app.setErrorHandler((error: { statusCode?: number; message?: string }, _request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    return reply.code(status).type(TEXT).send(error.message || 'Bad request');
  });
  app.route({ method: ['GET', 'POST'], url: '/*', handler: (request, reply) => handle(ingest, request, reply) });
  app.route({ method: ['GET', 'POST'], url: '/', handler: (request, reply) => handle(ingest, request, reply) });
  await app.listen({ port, host });
  const address = app.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => app.close(),
  };
}
