import type { FastifyInstance } from 'fastify';
import { access } from '../auth/authorize.ts';
import type { AppContext } from '../auth/context.ts';
import { latestPositions, toPosition } from '../db/positions.ts';

/**
 * /api/socket: authenticated by `?token=` or the session cookie (with the origin check done by the
 * auth hook). Unauthenticated upgrades are answered with a plain HTTP 401, so no socket is made.
 */
export function socketRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/api/socket',
    // the gate answers an unauthenticated upgrade with a plain HTTP 401, so no socket is made
    { websocket: true, ...access('user') },
    (socket, request) => {
      const auth = request.auth;
      if (!auth) {
        socket.close(1008);
        return;
      }
      const client = ctx.live.add(auth.user.id, socket, auth.session?.id ?? null, auth.expiresAt);
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
