import type { FastifyInstance } from 'fastify';
import { type AppContext, requireAuth, requireWritable } from '../auth/context.ts';
import { canAccessDevice, findDevice } from '../db/devices.ts';
import { type PositionRow, insertPosition, toPosition } from '../db/positions.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { field, objectBody } from '../http/input.ts';

/** `PUT /api/devices/{id}/accumulators`: body `{deviceId, totalDistance?, hours?}`; the body's deviceId decides (as Traccar). */
export function accumulatorRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.put('/api/devices/:id/accumulators', async (request, reply) => {
    const auth = requireAuth(request);
    const body = objectBody(request.body);
    const deviceId = field.integer(body, 'deviceId');
    if (deviceId === undefined || deviceId <= 0) throw badRequest('deviceId is required');
    const totalDistance = field.number(body, 'totalDistance');
    const hours = field.integer(body, 'hours');
    const { user } = auth;
    if (!user.administrator) {
      // Traccar: checkManager, then the device permission.
      if (user.userLimit === 0) throw forbidden('Manager access required');
      requireWritable(auth);
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
