/**
 * Cache invalidation for the ingest caches (geofences, notifications, device/group attributes,
 * viewers). A version counter bumped by database triggers (migration 10) on every change to
 * geofences, notifications, links, devices (not their status/position), groups, user links and
 * server settings, plus a module-level counter for callers that want to force a refresh.
 */
import type { Db } from '../db/database.ts';

let local = 0;

/** Forces every ingest/live cache to reload (e.g. after a change made outside SQL triggers). */
export function invalidate(): void {
  local++;
}

const statements = new WeakMap<Db, () => number>();

/** The current cache version: changes whenever a cached object may have changed. */
export function cacheVersion(db: Db): number {
  let read = statements.get(db);
  if (!read) {
    const stmt = db.prepare('SELECT version FROM cache_version WHERE id = 1').pluck();
    read = () => (stmt.get() as number | undefined) ?? 0;
    statements.set(db, read);
  }
  return read() * 1_000_003 + local;
}
