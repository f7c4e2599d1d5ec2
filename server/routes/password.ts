import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../auth/context.ts';
import { hashPassword } from '../auth/password.ts';
import { deleteUserSessions } from '../db/sessions.ts';
import { findUserByEmail, setUserPassword } from '../db/users.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { formField } from '../http/input.ts';
import { access } from '../auth/authorize.ts';

const RESET_LIFETIME = 24 * 3600 * 1000;

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function passwordRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/password/reset', access('public'), async (request, reply) => {
    const email = formField(request.body, 'email')?.trim();
    const user = email ? findUserByEmail(ctx.db, email) : undefined;
    if (user) {
      const token = randomBytes(24).toString('base64url');
      ctx.db
        .prepare('INSERT INTO password_resets (tokenHash, userId, expiresAt) VALUES (?, ?, ?)')
        .run(hashToken(token), user.id, Date.now() + RESET_LIFETIME);
      // No mail server: the "mail" goes to DATA_DIR/mail.log (and the log).
      // the configured public address, never the request's Host (which an attacker chooses)
      const link = `${ctx.publicUrl()}/reset-password?passwordReset=${token}`;
      appendFileSync(join(ctx.dataDir, 'mail.log'), `${new Date().toISOString()} to=${user.email} subject="Password reset" link=${link}\n`);
      ctx.log.info({ email: user.email, link }, 'password reset link');
    }
    return reply.code(200).send();
  });

  app.post('/api/password/update', access('public'), async (request, reply) => {
    const token = formField(request.body, 'token');
    const password = formField(request.body, 'password');
    if (!token) throw notFound('Unknown or expired token');
    if (!password) throw badRequest('Password is required');
    const hashed = await hashPassword(password);
    // Claim the token atomically, so it works exactly once even under concurrent requests.
    const userId = ctx.db.transaction((): number | null => {
      const row = ctx.db
        .prepare('SELECT userId FROM password_resets WHERE tokenHash = ? AND usedAt IS NULL AND expiresAt > ?')
        .get(hashToken(token), Date.now()) as { userId: number } | undefined;
      if (!row) return null;
      ctx.db.prepare('UPDATE password_resets SET usedAt = ? WHERE tokenHash = ?').run(Date.now(), hashToken(token));
      setUserPassword(ctx.db, row.userId, hashed);
      deleteUserSessions(ctx.db, row.userId);
      return row.userId;
    })();
    if (userId === null) throw notFound('Unknown or expired token');
    ctx.live.disconnectUser(userId);
    return reply.code(200).send();
  });
}
