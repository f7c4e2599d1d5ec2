import type { FastifyInstance } from 'fastify';
import type { Statistics } from '../../contract/models.ts';
import { access } from '../auth/authorize.ts';
import { badRequest } from '../http/errors.ts';
import { parseZonedDate, queryString } from '../http/input.ts';
import type { StatisticsCollector } from '../stats.ts';

function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Counts /api requests (and the users making them) and serves `GET /api/statistics?from&to` (admin). */
export function statisticsRoutes(app: FastifyInstance, stats: StatisticsCollector): void {
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'OPTIONS' && isApi(request.url)) stats.countRequest(request.auth?.user.id ?? null);
  });

  app.get('/api/statistics', access('admin'), async (request): Promise<Statistics[]> => {
    const from = queryString(request.query, 'from');
    const to = queryString(request.query, 'to');
    if (from === undefined || to === undefined) throw badRequest('from and to are required');
    return stats.query(parseZonedDate(from, 'from'), parseZonedDate(to, 'to'));
  });
}
