import type { FastifyRequest } from 'fastify';
import type { Action, Attributes } from '../contract/models.ts';
import type { Db } from './db/database.ts';
import { isoDate, parseAttributes } from './db/convert.ts';

/** Traccar's LogAction action types. */
export type ActionType = 'create' | 'edit' | 'remove' | 'link' | 'unlink' | 'login' | 'logout' | 'accumulators' | 'command' | 'report';

export interface ActionRow {
  id: number;
  actionTime: number;
  address: string | null;
  userId: number;
  actionType: string;
  objectType: string;
  objectId: number;
  attributes: string;
  userEmail: string | null;
}

export function toAction(row: ActionRow): Action {
  return {
    id: row.id,
    attributes: parseAttributes(row.attributes),
    actionTime: isoDate(row.actionTime)!,
    address: row.address,
    userId: row.userId,
    actionType: row.actionType,
    objectType: row.objectType,
    objectId: row.objectId,
    userEmail: row.userEmail,
  };
}

/**
 * Records one audited action (create/edit/remove/link/unlink/login/logout...). `objectType` is the
 * Traccar class key in lower camel case (device, group, geofence, user, computedAttribute → attribute...).
 * Never throws: auditing must not break the request.
 */
export function recordAction(
  db: Db,
  request: FastifyRequest | { ip: string } | null,
  userId: number,
  actionType: ActionType,
  objectType: string,
  objectId: number,
  attributes: Attributes = {},
): void {
  try {
    db.prepare(
      `INSERT INTO actions (actionTime, address, userId, actionType, objectType, objectId, attributes)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(Date.now(), request?.ip ?? null, userId, actionType, objectType, objectId, JSON.stringify(attributes));
  } catch {
    // auditing is best effort
  }
}

/** Actions in [from, to] (ms), oldest first, with the acting user's email. */
export function listActions(db: Db, from: number, to: number): Action[] {
  const rows = db
    .prepare(
      `SELECT actions.*, users.email AS userEmail FROM actions LEFT JOIN users ON users.id = actions.userId
       WHERE actionTime >= ? AND actionTime <= ? ORDER BY actionTime, actions.id`,
    )
    .all(from, to) as ActionRow[];
  return rows.map(toAction);
}
