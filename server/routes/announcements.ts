import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../auth/context.ts';
import { badRequest } from '../http/errors.ts';
import { isRecord } from '../http/input.ts';
import { access, signedIn } from '../auth/authorize.ts';

/** The file's largest body (the client's parse reads at most 2,000,000 characters). */
export const ANNOUNCEMENTS_BODY_LIMIT = 2 * 1024 * 1024;
/** The spec's text for a file without an `announcements` array (the client translates it). */
export const INVALID_FORMAT = 'Invalid announcements file format';


/**
 * The announcements file of the embedded server (`DATA_DIR/announcements.json`, served to everyone
 * at `GET /announcements.json` by `static.ts`): administrators replace it whole with
 * `PUT /api/announcements`, and read it with `GET /api/announcements`. The server checks the shape
 * only (an object with an `announcements` array of objects); the client parses each announcement
 * defensively when it reads the file, so nothing here becomes HTML.
 */
export function announcementRoutes(app: FastifyInstance, ctx: AppContext): void {
  const file = join(ctx.dataDir, 'announcements.json');

  app.get('/api/announcements', access('admin', 403), async (_request, reply) => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      text = JSON.stringify({ announcements: [], settings: {}, lastUpdated: null });
    }
    return reply.header('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(text);
  });

  // Administrators only: 401 without a session, 403 for a signed-in user who is not one.
  app.put('/api/announcements', { ...access('admin', 403), bodyLimit: ANNOUNCEMENTS_BODY_LIMIT }, async (request, reply) => {
    const body = request.body;
    if (!isRecord(body) || !Array.isArray(body.announcements) || !body.announcements.every(isRecord)) {
      throw badRequest(INVALID_FORMAT);
    }
    if (body.settings !== undefined && body.settings !== null && !isRecord(body.settings)) throw badRequest(INVALID_FORMAT);
    const stored = {
      announcements: body.announcements,
      settings: isRecord(body.settings) ? body.settings : {},
      lastUpdated: new Date().toISOString(),
    };
    const text = JSON.stringify(stored, null, 2) + '\n';
    // atomically: a reader sees the old file or the new one, never half of one
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      writeFileSync(temporary, text);
      renameSync(temporary, file);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw error;
    }
    return reply.header('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(text);
  });
}
