import type { FastifyInstance } from 'fastify';
import type { Position } from '../../src/api/models.ts';
import { type AppContext, requireAuth } from '../auth/context.ts';
import { canAccessDevice } from '../db/devices.ts';
import { latestPositions, positionHistory, positionsByIds, toPosition } from '../db/positions.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { parseId, parseZonedDate, queryList, queryString } from '../http/input.ts';

export function positionRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/positions', async (request): Promise<Position[]> => {
    const { user } = requireAuth(request);
    const scope = user.administrator ? null : user.id;
    const ids = queryList(request.query, 'id').map((v) => parseId(v, 'id'));
    if (ids.length) return positionsByIds(ctx.db, scope, ids).map(toPosition);

    const deviceIdValue = queryString(request.query, 'deviceId');
    if (deviceIdValue === undefined) return latestPositions(ctx.db, scope).map(toPosition);

    const deviceId = parseId(deviceIdValue, 'deviceId');
    if (!canAccessDevice(ctx.db, scope, deviceId)) throw forbidden('Device access denied');
    const from = queryString(request.query, 'from');
    const to = queryString(request.query, 'to');
    if (from === undefined && to === undefined) return latestPositions(ctx.db, scope, deviceId).map(toPosition);
    if (from === undefined || to === undefined) throw badRequest('Both from and to are required');
    return positionHistory(ctx.db, deviceId, parseZonedDate(from, 'from'), parseZonedDate(to, 'to')).map(toPosition);
  });
}
