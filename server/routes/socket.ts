import type { FastifyInstance } from 'fastify';
import { type AppContext, userFromToken } from '../auth/context.ts';
import { latestPositions, toPosition } from '../db/positions.ts';
import { unauthorized } from '../http/errors.ts';
import { queryString } from '../http/input.ts';

/**
 * /api/socket: authenticated by `?token=` or the session cookie (with the origin check done by the
 * auth hook). Unauthenticated upgrades are answered with a plain HTTP 401, so no socket is made.
 */
export function socketRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/api/socket',
    {
      websocket: true,
      preValidation: async (request) => {
        const token = queryString(request.query, 'token');
        if (token !== undefined) request.auth = userFromToken(ctx, token);
        if (!request.auth) throw unauthorized();
      },
    },
    (socket, request) => {
      const auth = request.auth;
      if (!auth) {
        socket.close(1008);
        return;
      }
      const client = ctx.live.add(auth.user.id, socket);
      const positions = latestPositions(ctx.db, auth.user.administrator ? null : auth.user.id).map(toPosition);
      ctx.live.send(client, positions.length ? { positions } : {});
      socket.on('message', (data, isBinary) => {
        if (isBinary) return;
        try {
          const message: unknown = JSON.parse(data.toString());
          if (typeof message === 'object' && message !== null && 'logs' in message && typeof message.logs === 'boolean') {
            client.logs = message.logs;
          }
        } catch {
          // Anything else (e.g. traccar-web's '{}' ping or plain text) is ignored.
        }
      });
    },
  );
}
