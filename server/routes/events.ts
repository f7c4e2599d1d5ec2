import type { FastifyInstance } from 'fastify';
import type { Event } from '../../contract/models.ts';
import type { AppContext } from '../auth/context.ts';
import { canAccessDevice } from '../db/devices.ts';
import { type EventRow, toEvent } from '../db/positions.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { parseId } from '../http/input.ts';
import { access, signedIn } from '../auth/authorize.ts';

/** `GET /api/events/{id}`: 404 when missing, 400 when the device is not accessible (Traccar's order). */
export function eventRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { id: string } }>('/api/events/:id', access('object:event'), async (request): Promise<Event> => {
    const { user } = signedIn(request);
    const id = parseId(request.params.id, 'id');
    const row = ctx.db.prepare('SELECT * FROM events WHERE id = ?').get(id) as EventRow | undefined;
    if (!row) throw notFound('Event not found');
    if (!canAccessDevice(ctx.db, user.administrator ? null : user.id, row.deviceId)) throw forbidden('Device access denied');
    return toEvent(row);
  });
}
