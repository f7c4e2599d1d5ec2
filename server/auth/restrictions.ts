import type { Db } from '../db/database.ts';
import { getServerSettings } from '../db/server.ts';
import type { UserRow } from '../db/users.ts';
import { forbidden } from '../http/errors.ts';

/**
 * Traccar's server-side restrictions (PermissionsService.checkRestriction / checkEdit).
 * Administrators are never restricted; otherwise the user's flag OR the server's flag applies.
 * Denials are HttpError 400 (Traccar's SecurityException), with a plain-text message.
 */

type Flag = 'readonly' | 'deviceReadonly' | 'limitCommands' | 'disableReports';

/** A context with a database: AppContext satisfies it. */
export interface DbContext {
  db: Db;
}

export function restricted(ctx: DbContext, user: UserRow, flag: Flag): boolean {
  if (user.administrator) return false;
  return user[flag] === 1 || getServerSettings(ctx.db)[flag];
}

/** Reports are refused when the user or the server has `disableReports`. */
export function assertReportsAllowed(ctx: DbContext, user: UserRow): void {
  if (restricted(ctx, user, 'disableReports')) throw forbidden('Reports are disabled for this account');
}

/** Non-saved (ad-hoc) commands are refused when the user or the server has `limitCommands`. */
export function assertCommandsAllowed(ctx: DbContext, user: UserRow): void {
  if (restricted(ctx, user, 'limitCommands')) throw forbidden('Commands are limited for this account');
}

/** Any write (other than a user's own profile) is refused for readonly users / a readonly server. */
export function assertWritable(ctx: DbContext, user: UserRow): void {
  if (restricted(ctx, user, 'readonly')) throw forbidden('Account is readonly');
}

export type EditKind = 'device' | 'command' | 'attribute' | 'other';

/** Traccar's checkEdit(userId, class, addition): who may create/change/delete objects of a kind. */
export function checkEdit(ctx: DbContext, user: UserRow, kind: EditKind, addition: boolean): void {
  if (user.administrator) return;
  assertWritable(ctx, user);
  if (kind === 'device') {
    if (restricted(ctx, user, 'deviceReadonly')) throw forbidden('Devices are readonly for this account');
    if (addition && user.deviceLimit === 0) throw forbidden('Device limit reached');
  } else if (kind === 'command') {
    if (restricted(ctx, user, 'limitCommands')) throw forbidden('Commands are limited for this account');
  } else if (kind === 'attribute') {
    throw forbidden('Administrator access required');
  }
}
