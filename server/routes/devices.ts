import type { FastifyInstance } from 'fastify';
import type { Device } from '../../src/api/models.ts';
import { type AppContext, requireAuth } from '../auth/context.ts';
import { type DeviceQuery, canAccessDevice, findDevice, queryDevices, toDevice } from '../db/devices.ts';
import { isManagedBy } from '../db/users.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { parseId, queryBool, queryInt, queryList, queryString } from '../http/input.ts';

export function deviceRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/devices', async (request): Promise<Device[]> => {
    const { user } = requireAuth(request);
    const scope = user.administrator ? null : user.id;
    const ids = queryList(request.query, 'id').map((v) => parseId(v, 'id'));
    const uniqueIds = queryList(request.query, 'uniqueId');
    let query: DeviceQuery;
    if (ids.length || uniqueIds.length) {
      query = { userId: scope, ids, uniqueIds };
    } else {
      query = { userId: scope };
      const userId = queryInt(request.query, 'userId');
      if (!queryBool(request.query, 'all') && userId !== undefined && userId > 0) {
        if (!user.administrator && userId !== user.id && !isManagedBy(ctx.db, user.id, userId)) {
          throw forbidden('User access denied');
        }
        // Devices linked directly to that user (Traccar: excludeGroups).
        query = { userId: null, linkedToUserId: userId };
      }
      const keyword = queryString(request.query, 'keyword');
      if (keyword) query.keyword = keyword;
      const limit = queryInt(request.query, 'limit');
      if (limit !== undefined) query.limit = limit;
      const offset = queryInt(request.query, 'offset');
      if (offset !== undefined) query.offset = Math.max(offset, 0);
    }
    return queryDevices(ctx.db, query).map(toDevice);
  });

  app.get<{ Params: { id: string } }>('/api/devices/:id', async (request) => {
    const { user } = requireAuth(request);
    const id = parseId(request.params.id, 'id');
    const device = findDevice(ctx.db, id);
    if (!device || !canAccessDevice(ctx.db, user.administrator ? null : user.id, id)) throw notFound();
    return toDevice(device);
  });
}
