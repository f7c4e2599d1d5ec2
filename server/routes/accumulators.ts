import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../auth/context.ts';
import { assertWritable } from '../auth/restrictions.ts';
import { canAccessDevice, findDevice } from '../db/devices.ts';
import { type PositionRow, insertPosition, toPosition } from '../db/positions.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { field, objectBody } from '../http/input.ts';
import { access, signedIn } from '../auth/authorize.ts';

/** `PUT /api/devices/{id}/accumulators`: body `{deviceId, totalDistance?, hours?}`; the body's deviceId decides (as Traccar). */
export function accumulatorRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.put('/api/devices/:id/accumulators', access('manager'), async (request, reply) => {
    const { user } = signedIn(request);
    const body = objectBody(request.body);
    const deviceId = field.integer(body, 'deviceId');
    if (deviceId === undefined || deviceId <= 0) throw badRequest('deviceId is required');
    const totalDistance = field.number(body, 'totalDistance');
    const hours = field.integer(body, 'hours');
    if (!user.administrator) {
      // Traccar: checkManager (the declaration), then the device permission; Athar: not when readonly.
      assertWritable(ctx, user);
      if (!canAccessDevice(ctx.db, user.id, deviceId)) throw forbidden('Device access denied');
    }
    const device = findDevice(ctx.db, deviceId);
    if (!device) throw badRequest('Device not found');
    const latest = device.positionId
      ? (ctx.db.prepare('SELECT * FROM positions WHERE id = ?').get(device.positionId) as PositionRow | undefined)
      : undefined;
    if (!latest) throw badRequest('Device has no position');
    const { id: _previousId, ...copy } = toPosition(latest);
    const attributes = { ...copy.attributes };
    if (totalDistance !== undefined) attributes.totalDistance = totalDistance;
    if (hours !== undefined) attributes.hours = hours;
    const stored = ctx.db.transaction(() => {
      const row = insertPosition(ctx.db, {
        ...copy,
        attributes,
        serverTime: latest.serverTime,
        deviceTime: latest.deviceTime,
        fixTime: latest.fixTime,
      });
      ctx.db.prepare('UPDATE devices SET positionId = ? WHERE id = ?').run(row.id, deviceId);
      return row;
    })();
    ctx.live.pushPosition(toPosition(stored));
    return reply.code(204).send();
  });
}
