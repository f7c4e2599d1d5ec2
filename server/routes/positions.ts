import type { FastifyInstance } from 'fastify';
import type { Position } from '../../contract/models.ts';
import type { AppContext } from '../auth/context.ts';
import { assertReportsAllowed } from '../auth/restrictions.ts';
import type { Db } from '../db/database.ts';
import { canAccessDevice } from '../db/devices.ts';
import { latestPositions, positionHistory, positionsByIds, toPosition } from '../db/positions.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { parseId, parseZonedDate, queryList, queryString } from '../http/input.ts';
import { access, signedIn } from '../auth/authorize.ts';

/** After deleting positions: a device whose latest position is gone points to its newest remaining one (or none). */
function repairLatest(db: Db, deviceId: number): void {
  db.prepare(
    `UPDATE devices SET positionId = (SELECT id FROM positions WHERE deviceId = @deviceId ORDER BY fixTime DESC, id DESC LIMIT 1)
     WHERE id = @deviceId AND (positionId IS NULL OR positionId NOT IN (SELECT id FROM positions WHERE deviceId = @deviceId))`,
  ).run({ deviceId });
}

export function positionRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/positions', access('user'), async (request): Promise<Position[]> => {
    const { user } = signedIn(request);
    const scope = user.administrator ? null : user.id;
    const ids = queryList(request.query, 'id').map((v) => parseId(v, 'id'));
    if (ids.length) {
      // history by id, as Traccar: refused with disableReports
      assertReportsAllowed(ctx, user);
      return positionsByIds(ctx.db, scope, ids).map(toPosition);
    }

    const deviceIdValue = queryString(request.query, 'deviceId');
    if (deviceIdValue === undefined) return latestPositions(ctx.db, scope).map(toPosition);

    const deviceId = parseId(deviceIdValue, 'deviceId');
    if (!canAccessDevice(ctx.db, scope, deviceId)) throw forbidden('Device access denied');
    const from = queryString(request.query, 'from');
    const to = queryString(request.query, 'to');
    if (from === undefined && to === undefined) return latestPositions(ctx.db, scope, deviceId).map(toPosition);
    if (from === undefined || to === undefined) throw badRequest('Both from and to are required');
    assertReportsAllowed(ctx, user);
    return positionHistory(ctx.db, deviceId, parseZonedDate(from, 'from'), parseZonedDate(to, 'to')).map(toPosition);
  });

  // Athar is stricter than Traccar: deleting positions also needs devices writable (not deviceReadonly).
  app.delete('/api/positions', access('deviceWritable'), async (request, reply) => {
    const auth = signedIn(request);
    const deviceIdValue = queryString(request.query, 'deviceId');
    const from = queryString(request.query, 'from');
    const to = queryString(request.query, 'to');
    if (deviceIdValue === undefined || from === undefined || to === undefined) throw badRequest('deviceId, from and to are required');
    const deviceId = parseId(deviceIdValue, 'deviceId');
    const range = [parseZonedDate(from, 'from'), parseZonedDate(to, 'to')] as const;
    if (!canAccessDevice(ctx.db, auth.user.administrator ? null : auth.user.id, deviceId)) throw forbidden('Device access denied');
    ctx.db.transaction(() => {
      ctx.db.prepare('DELETE FROM positions WHERE deviceId = ? AND fixTime BETWEEN ? AND ?').run(deviceId, range[0], range[1]);
      repairLatest(ctx.db, deviceId);
    })();
    return reply.code(204).send();
  });

  app.delete<{ Params: { id: string } }>('/api/positions/:id', access('deviceWritable'), async (request, reply) => {
    const auth = signedIn(request);
    const id = parseId(request.params.id, 'id');
    const row = ctx.db.prepare('SELECT deviceId FROM positions WHERE id = ?').get(id) as { deviceId: number } | undefined;
    if (!row) throw notFound('Position not found');
    if (!canAccessDevice(ctx.db, auth.user.administrator ? null : auth.user.id, row.deviceId)) throw forbidden('Device access denied');
    ctx.db.transaction(() => {
      ctx.db.prepare('DELETE FROM positions WHERE id = ?').run(id);
      repairLatest(ctx.db, row.deviceId);
    })();
    return reply.code(204).send();
  });
}
