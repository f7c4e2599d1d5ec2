import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors.ts';
import { formField } from '../http/input.ts';

export interface LoginRateLimitOptions {
  /** failed logins allowed per email within the window (default 10) */
  maxPerEmail?: number;
  /** failed logins allowed per client address within the window (default 10) */
  maxPerAddress?: number;
  /** window length, ms (default 10 minutes) */
  windowMs?: number;
  /** injectable clock (tests) */
  now?: () => number;
}

const MAX_KEYS = 50_000;

/** Sliding-window counters of failures per key, in memory, bounded. */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();
  private readonly max: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(max: number, windowMs: number, now: () => number) {
    this.max = max;
    this.windowMs = windowMs;
    this.now = now;
  }

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
    const oldestCounted = list[list.length - this.max]!;
    return Math.max(1, Math.ceil((oldestCounted + this.windowMs - this.now()) / 1000));
  }

  fail(key: string): void {
    const list = this.recent(key);
    list.push(this.now());
    if (list.length > this.max) list.splice(0, list.length - this.max);
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
 * Limits failed `POST /api/session` attempts per email and per client address: once either has `max`
 * failures within the window, further attempts get 429 with Retry-After (before the password is checked).
 * A successful login clears its email's counter. Failures are the 401 answers of that route.
 */
export function loginRateLimit(app: FastifyInstance, options: LoginRateLimitOptions = {}): void {
  const now = options.now ?? Date.now;
  const windowMs = options.windowMs ?? 10 * 60_000;
  const byEmail = new FailureLimiter(options.maxPerEmail ?? 10, windowMs, now);
  const byAddress = new FailureLimiter(options.maxPerAddress ?? 10, windowMs, now);
  const isLogin = (method: string, url: string): boolean => method === 'POST' && url.split('?')[0] === '/api/session';
  const emailKey = (body: unknown): string | null => formField(body, 'email')?.trim().toLowerCase() || null;

  app.addHook('preHandler', async (request) => {
    if (!isLogin(request.method, request.url)) return;
    const email = emailKey(request.body);
    const wait = Math.max(byAddress.retryAfter(request.ip), email ? byEmail.retryAfter(email) : 0);
    if (wait > 0) {
      throw new HttpError(429, `Too many failed login attempts; try again in ${wait} seconds`, { 'Retry-After': String(wait) });
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    if (!isLogin(request.method, request.url)) return;
    const email = emailKey(request.body);
    if (reply.statusCode === 401) {
      byAddress.fail(request.ip);
      if (email) byEmail.fail(email);
    } else if (reply.statusCode === 200 && email) {
      byEmail.reset(email);
    }
  });
}
