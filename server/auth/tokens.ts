import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database.ts';

export interface TokenData {
  /** token id, used for revocation */
  i: string;
  /** user id */
  u: number;
  /** expiry, epoch ms */
  e: number;
}

const SIGNATURE_LENGTH = 32;

/** Opaque bearer tokens: base64url(JSON ‖ HMAC-SHA256(JSON)). */
export class TokenManager {
  private readonly db: Db;
  private readonly key: Buffer;

  constructor(db: Db, key: Buffer) {
    this.db = db;
    this.key = key;
  }

  private sign(data: Buffer): Buffer {
    return createHmac('sha256', this.key).update(data).digest();
  }

  issue(userId: number, expiresAt: number): string {
    const data: TokenData = { i: randomBytes(12).toString('base64url'), u: userId, e: expiresAt };
    const json = Buffer.from(JSON.stringify(data));
    return Buffer.concat([json, this.sign(json)]).toString('base64url');
  }

  /** Decodes and checks signature only (not expiry or revocation). */
  decode(token: string): TokenData | null {
    if (!/^[A-Za-z0-9_-]{40,2000}$/.test(token)) return null;
    const raw = Buffer.from(token, 'base64url');
    if (raw.length <= SIGNATURE_LENGTH) return null;
    const json = raw.subarray(0, raw.length - SIGNATURE_LENGTH);
    const signature = raw.subarray(raw.length - SIGNATURE_LENGTH);
    if (!timingSafeEqual(signature, this.sign(json))) return null;
    try {
      const data: unknown = JSON.parse(json.toString('utf8'));
      if (typeof data !== 'object' || data === null) return null;
      const { i, u, e } = data as Record<string, unknown>;
      if (typeof i !== 'string' || typeof u !== 'number' || typeof e !== 'number') return null;
      return { i, u, e };
    } catch {
      return null;
    }
  }

  /** A valid, unexpired, unrevoked token's data, or null. */
  verify(token: string): TokenData | null {
    const data = this.decode(token);
    if (!data || data.e <= Date.now()) return null;
    if (this.db.prepare('SELECT 1 FROM revoked_tokens WHERE id = ?').get(data.i)) return null;
    return data;
  }

  revoke(token: string): boolean {
    const data = this.decode(token);
    if (!data) return false;
    this.db.prepare('INSERT OR IGNORE INTO revoked_tokens (id, expiresAt) VALUES (?, ?)').run(data.i, data.e);
    return true;
  }
}
