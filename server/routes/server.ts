import { statfsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Server } from '../../contract/models.ts';
import type { AppContext } from '../auth/context.ts';
import { countUsers } from '../db/users.ts';
import type { Attributes } from '../../contract/models.ts';
import { MAX_RETENTION_DAYS, RETENTION_DAYS } from '../../contract/extensions.ts';
import { SERVER_VERSION, type ServerSettings, getServerSettings, retentionDays, saveServerSettings } from '../db/server.ts';
import { badRequest } from '../http/errors.ts';
import { assignBooleans, field, objectBody, queryString } from '../http/input.ts';
import { access } from '../auth/authorize.ts';

function storageSpace(dataDir: string): number[] | null {
  try {
    const stats = statfsSync(dataDir);
    return [stats.bavail * stats.bsize, stats.blocks * stats.bsize];
  } catch {
    return null;
  }
}

/**
 * The settings as GET /api/server shows them: administrators see the retention in days (0 when
 * unset: its presence tells the client this server supports it), others never see it.
 */
function withRetention(settings: ServerSettings, isAdmin: boolean): ServerSettings {
  const attributes: Attributes = { ...settings.attributes };
  if (isAdmin) attributes[RETENTION_DAYS] = retentionDays(settings);
  else delete attributes[RETENTION_DAYS];
  return { ...settings, attributes };
}

/**
 * The retention attribute of a PUT: a whole number of days from 0 to MAX_RETENTION_DAYS (a number,
 * or its digits as text); empty or absent keeps everything; anything else is a 400 that says so.
 */
function checkRetention(attributes: Attributes): Attributes {
  const value = attributes[RETENTION_DAYS];
  const next = { ...attributes };
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    delete next[RETENTION_DAYS];
    return next;
  }
  const days = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(days) || days < 0 || days > MAX_RETENTION_DAYS) {
    throw badRequest(`${RETENTION_DAYS} must be a whole number of days from 0 (keep everything) to ${MAX_RETENTION_DAYS}`);
  }
  next[RETENTION_DAYS] = days;
  return next;
}

/**
 * `reboot`: restarts the process (given by `main.ts` when a supervisor runs it), null where
 * nothing would start the server again.
 */
export function serverRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  openId: { openIdEnabled: boolean; openIdForce: boolean },
  reboot: (() => void) | null,
): void {
  const view = (isAdmin: boolean, anonymous: boolean): Server => ({
    id: 1,
    ...withRetention(getServerSettings(ctx.db), isAdmin),
    version: SERVER_VERSION,
    // Mail goes to the outbox file DATA_DIR/mail.log (password reset links), so reset is offered.
    emailEnabled: true,
    textEnabled: false,
    geocoderEnabled: false,
    storageSpace: isAdmin ? storageSpace(ctx.dataDir) : null,
    newServer: anonymous && countUsers(ctx.db) === 0,
    ...openId,
  });

  app.get('/api/server', access('public'), async (request) => view(!!request.auth?.user.administrator, !request.auth));

  app.put('/api/server', access('admin'), async (request) => {
    const o = objectBody(request.body);
    const s: ServerSettings = getServerSettings(ctx.db);
    assignBooleans(s, o, ['registration', 'readonly', 'deviceReadonly', 'forceSettings', 'limitCommands', 'disableReports', 'fixedEmail']);
    const strings = ['map', 'bingKey', 'mapUrl', 'overlayUrl', 'coordinateFormat', 'poiLayer', 'announcement'] as const;
    for (const key of strings) {
      const v = field.string(o, key);
      if (v !== undefined) s[key] = v;
    }
    s.latitude = field.number(o, 'latitude') ?? s.latitude;
    s.longitude = field.number(o, 'longitude') ?? s.longitude;
    s.zoom = field.integer(o, 'zoom') ?? s.zoom;
    s.attributes = checkRetention(field.attributes(o) ?? s.attributes);
    saveServerSettings(ctx.db, s);
    return view(true, false);
  });

  app.get('/api/server/timezones', access('user'), async (): Promise<string[]> => {
    return Intl.supportedValuesOf('timeZone');
  });

  // No reverse geocoder is built in (geocoderEnabled is false), so this is always refused, as Traccar does without one.
  app.get('/api/server/geocode', access('user'), async (request) => {
    const latitude = Number(queryString(request.query, 'latitude'));
    const longitude = Number(queryString(request.query, 'longitude'));
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
      throw badRequest('latitude and longitude are required');
    }
    throw badRequest('Geocoding is disabled');
  });

  // Traccar's reboot (administrators): the answer first, then the restart (`onResponse`: the
  // answer has gone out); the server closes cleanly, and its supervisor starts it on the same data.
  let rebooting = false;
  app.post(
    '/api/server/reboot',
    {
      ...access('admin'),
      onResponse: async (_request, reply) => {
        if (reply.statusCode !== 200 || rebooting || !reboot) return;
        rebooting = true;
        reboot();
      },
    },
    async (_request, reply) => {
      if (!reboot) throw badRequest('Reboot needs the supervisor: start the server with npm start (npm run serve)');
      return reply.code(200).send();
    },
  );

  // 200 'OK', or 503 while storage is full (positions are refused until a probe finds room)
  app.get('/api/health', access('public'), async (_request, reply) => {
    const status = ctx.storage.status();
    return reply.code(status.ok ? 200 : 503).type('text/plain; charset=utf-8').send(status.text);
  });
}
