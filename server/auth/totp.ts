import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(data: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of data) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer | null {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) return null;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/**
 * The challenge of a sign-in that must first set up a one-time password (server attribute
 * `totpForce`, the user without a key): `WWW-Authenticate: TOTP-Setup`. Traccar asks for a code
 * with `TOTP`; it does not enforce `totpForce` at sign-in (only at registration), so this
 * challenge is Athar's own, in the same form. The answer is the sign-in again with `totpKey`
 * (a new key, from `POST /api/users/totp`) and `code` (the first code the key makes).
 */
export const TOTP_SETUP_CHALLENGE = 'TOTP-Setup';

/** The shortest key a sign-in may set up: 80 bits, the size of Traccar's keys (16 base32 characters). */
export const MIN_TOTP_KEY_BYTES = 10;

/** A new TOTP secret (160 bits, base32). */
export function generateTotpKey(): string {
  return base32Encode(randomBytes(20));
}

/** RFC 6238 code (HMAC-SHA1, 30 s step, 6 digits) for a given step counter. */
export function totpCode(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', key).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

export function currentTotp(secret: string, now = Date.now()): string {
  const key = base32Decode(secret);
  if (!key) throw new Error('Invalid TOTP key');
  return totpCode(key, Math.floor(now / 30000));
}

/** Accepts the code for the current step and one step either side. */
export function verifyTotp(secret: string, code: string, now = Date.now()): boolean {
  const key = base32Decode(secret);
  if (!key || !key.length || !/^\d{1,6}$/.test(code)) return false;
  const given = Buffer.from(code.padStart(6, '0'));
  const counter = Math.floor(now / 30000);
  let ok = false;
  for (const step of [-1, 0, 1]) {
    if (timingSafeEqual(Buffer.from(totpCode(key, counter + step)), given)) ok = true;
  }
  return ok;
}
