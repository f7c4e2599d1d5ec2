import { HttpError } from '../http/errors.ts';

export interface LoginRateLimitOptions {
  /** failed sign-ins allowed per account and address before the back-off starts (default 10) */
  maxPerAccount?: number;
  /** failed sign-ins allowed per client address, over every account, within the window (default 30) */
  maxPerAddress?: number;
  /** window length, ms (default 10 minutes); also the longest back-off */
  windowMs?: number;
  /** injectable clock (tests) */
  now?: () => number;
}

const MAX_KEYS = 50_000;
/** the first lockout; each further failure doubles it, up to the window */
const FIRST_DELAY_MS = 1000;

/**
 * Failures per key within a sliding window, in memory, bounded in keys and in entries per key.
 * Once a key has `max` failures in the window it waits; with `backOff`, the wait is
 * 1 s × 2^(failures − max) after the latest failure (at most the window), else until the oldest
 * counted failure leaves the window.
 */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number,
    private readonly backOff: boolean,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string): number {
    const list = this.recent(key);
    if (list.length < this.max) return 0;
    const until = this.backOff
      ? list[list.length - 1]! + Math.min(this.windowMs, FIRST_DELAY_MS * 2 ** Math.min(30, list.length - this.max))
      : list[list.length - this.max]! + this.windowMs;
    const wait = until - this.now();
    return wait > 0 ? Math.ceil(wait / 1000) : 0;
  }

  fail(key: string): void {
    const list = this.recent(key);
    list.push(this.now());
    const keep = this.max + 32;
    if (list.length > keep) list.splice(0, list.length - keep);
    this.failures.delete(key);
    this.failures.set(key, list);
    if (this.failures.size > MAX_KEYS) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
  }

  reset(key: string): void {
    this.failures.delete(key);
  }
}

/**
 * The one sign-in limiter (OWASP ASVS 2.2.1), for the form (`POST /api/session`) and HTTP Basic alike:
 * - per account and address, with back-off: a wrong password from one address never locks the
 *   account's owner out elsewhere;
 * - per address over every account (password spraying), a sliding window.
 * The check comes before the password is verified, so a locked client costs no hashing.
 */
export class SignInLimiter {
  private readonly byAccount: FailureLimiter;
  private readonly byAddress: FailureLimiter;

  constructor(options: LoginRateLimitOptions = {}) {
    const now = options.now ?? Date.now;
    const windowMs = options.windowMs ?? 10 * 60_000;
    this.byAccount = new FailureLimiter(options.maxPerAccount ?? 10, windowMs, now, true);
    this.byAddress = new FailureLimiter(options.maxPerAddress ?? 30, windowMs, now, false);
  }

  private static key(account: string, address: string): string {
    return `${account.trim().toLowerCase()}\n${address}`;
  }

  /** Throws 429 with Retry-After while this account at this address, or this address, must wait. */
  check(account: string, address: string): void {
    const wait = Math.max(this.byAddress.retryAfter(address), this.byAccount.retryAfter(SignInLimiter.key(account, address)));
    if (wait > 0) {
      throw new HttpError(429, `Too many failed login attempts; try again in ${wait} seconds`, { 'Retry-After': String(wait) });
    }
  }

  fail(account: string, address: string): void {
    this.byAddress.fail(address);
    this.byAccount.fail(SignInLimiter.key(account, address));
  }

  succeed(account: string, address: string): void {
    this.byAccount.reset(SignInLimiter.key(account, address));
  }
}
