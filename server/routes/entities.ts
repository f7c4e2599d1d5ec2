import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Event, Typed } from '../../contract/models.ts';
import type { AppContext } from '../auth/context.ts';
import { listActions } from '../audit.ts';
import { canAccessDeviceAs } from '../crud/access.ts';
import { ENTITIES, attributeDef } from '../crud/entities.ts';
import { evaluateExpression, positionContext } from '../crud/expression.ts';
import { crudRoutes, parseBody } from '../crud/routes.ts';
import { latestPositions } from '../db/positions.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { parseZonedDate, queryBool, queryInt, queryString } from '../http/input.ts';
import { EVENT_TYPES, NOTIFICATORS } from '../model/constants.ts';
import { access, signedIn } from '../auth/authorize.ts';

const TEXT = 'text/plain; charset=utf-8';

/** Groups, drivers, geofences, maintenance, calendars, computed attributes, saved commands, notifications, audit. */
export function entityRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Fixed paths first (Fastify prefers static segments anyway).
  app.get('/api/notifications/types', access('user'), async (): Promise<Typed[]> => {
    return EVENT_TYPES.map((type) => ({ type }));
  });

  app.get('/api/notifications/notificators', access('user'), async (request): Promise<Typed[]> => {
    const announcement = queryBool(request.query, 'announcement');
    return NOTIFICATORS.filter((type) => !announcement || (type !== 'command' && type !== 'web')).map((type) => ({ type }));
  });

  const sendTest = (userId: number, email: string, notificator: string): void => {
    if (notificator === 'web') {
      const event: Event = {
        id: 0,
        attributes: { message: 'Test notification' },
        deviceId: 0,
        type: 'test',
        eventTime: new Date().toISOString().replace(/Z$/, '+00:00'),
        positionId: 0,
        geofenceId: 0,
        maintenanceId: 0,
      };
      ctx.live.pushToUser(userId, { events: [event] });
    } else if (notificator === 'mail') {
      appendFileSync(join(ctx.dataDir, 'mail.log'), `${new Date().toISOString()} to=${email} subject="Test notification"\n`);
    }
    // command: nothing to send without a device
  };

  app.post('/api/notifications/test', access('user'), async (request, reply) => {
    const { user } = signedIn(request);
    for (const notificator of NOTIFICATORS) sendTest(user.id, user.email, notificator);
    return reply.code(204).send();
  });

  app.post<{ Params: { notificator: string } }>('/api/notifications/test/:notificator', access('user'), async (request, reply) => {
    const { user } = signedIn(request);
    const notificator = NOTIFICATORS.find((n) => n === request.params.notificator);
    if (!notificator) throw badRequest(`Unknown notificator: ${request.params.notificator.slice(0, 40)}`);
    sendTest(user.id, user.email, notificator);
    return reply.code(204).send();
  });

  app.post('/api/attributes/computed/test', access('admin'), async (request, reply) => {
    const { user } = signedIn(request);
    const deviceId = queryInt(request.query, 'deviceId');
    if (deviceId === undefined || deviceId <= 0) throw badRequest('deviceId is required');
    if (!canAccessDeviceAs(ctx.db, user, deviceId)) throw notFound('Device not found');
    const attribute = parseBody(ctx.db, user, attributeDef, request.body, null, null);
    const position = latestPositions(ctx.db, null, deviceId)[0];
    if (!position) throw badRequest('Device has no last position');
    let result: unknown;
    try {
      result = evaluateExpression(String(attribute.expression), positionContext(position));
    } catch (error) {
      throw badRequest(error instanceof Error ? error.message : String(error));
    }
    if (result === null || result === undefined) return reply.code(204).send();
    switch (attribute.type) {
      case 'number': {
        const value = typeof result === 'number' ? result : typeof result === 'string' && result.trim() !== '' ? Number(result) : NaN;
        if (!Number.isFinite(value)) throw badRequest(`Result is not a number: ${String(result).slice(0, 100)}`);
        return reply.type('application/json').send(JSON.stringify(value));
      }
      case 'boolean':
        if (typeof result !== 'boolean') throw badRequest(`Result is not a boolean: ${String(result).slice(0, 100)}`);
        return reply.type('application/json').send(JSON.stringify(result));
      default:
        return reply.type(TEXT).send(typeof result === 'object' ? JSON.stringify(result) : String(result));
    }
  });

  for (const def of ENTITIES) crudRoutes(app, ctx, def);

  app.get('/api/audit', access('admin'), async (request) => {
    const from = queryString(request.query, 'from');
    const to = queryString(request.query, 'to');
    if (!from || !to) throw badRequest('from and to are required');
    return listActions(ctx.db, parseZonedDate(from, 'from'), parseZonedDate(to, 'to'));
  });

}
