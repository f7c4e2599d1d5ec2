import { createHash, randomBytes } from 'node:crypto';
import type { Db } from './database.ts';

export interface SessionRow {
  id: string;
  userId: number;
  origin: string | null;
  createdAt: number;
  expiresAt: number | null;
}

/** Sessions are stored by the SHA-256 of the cookie value, so a leaked database holds no usable cookie. */
function hashId(cookieValue: string): string {
  return createHash('sha256').update(cookieValue).digest('hex');
}

export function createSession(
  db: Db,
  userId: number,
  origin: string | null,
  expiresAt: number | null,
): { cookieValue: string; session: SessionRow } {
  const cookieValue = randomBytes(32).toString('base64url');
  const session: SessionRow = { id: hashId(cookieValue), userId, origin, createdAt: Date.now(), expiresAt };
  db.prepare(
    'INSERT INTO sessions (id, userId, origin, createdAt, expiresAt) VALUES (@id, @userId, @origin, @createdAt, @expiresAt)',
  ).run(session);
  return { cookieValue, session };
}

export function findSession(db: Db, cookieValue: string): SessionRow | undefined {
  const row = db.prepare('SELECT * FROM sessions WHERE id = ?').get(hashId(cookieValue)) as SessionRow | undefined;
  if (row && row.expiresAt !== null && row.expiresAt <= Date.now()) {
    db.prepare('DELETE FROM sessions WHERE id = ?').run(row.id);
    return undefined;
  }
  return row;
}

export function deleteSession(db: Db, id: string): void {
  db.prepare('DELETE FROM sessions WHERE id = ?').run(id);
}

export function deleteUserSessions(db: Db, userId: number): void {
  db.prepare('DELETE FROM sessions WHERE userId = ?').run(userId);
}

export function purgeExpired(db: Db): void {
  const now = Date.now();
  db.prepare('DELETE FROM sessions WHERE expiresAt IS NOT NULL AND expiresAt <= ?').run(now);
  db.prepare('DELETE FROM revoked_tokens WHERE expiresAt <= ?').run(now);
  db.prepare('DELETE FROM password_resets WHERE expiresAt <= ?').run(now);
}
