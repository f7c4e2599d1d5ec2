import type { User } from '../../contract/models.ts';
import type { Db } from './database.ts';
import { type Stored, bool, isoDate, parseAttributes } from './convert.ts';
import { MANAGED_USER_IDS } from './visibility.ts';

/** A users row: the writable fields as stored, the id, and the password's hash and salt. */
export interface UserRow extends Stored<UserFields> {
  id: number;
  hashedPassword: string | null;
  salt: string | null;
}

/** The writable fields of a user, in their API form (dates as ms). */
export type UserFields = Omit<User, 'id' | 'expirationTime' | 'password'> & { expirationTime: number | null };

export const defaultUserFields: UserFields = {
  name: '',
  login: null,
  email: '',
  phone: null,
  readonly: false,
  administrator: false,
  map: null,
  latitude: 0,
  longitude: 0,
  zoom: 0,
  coordinateFormat: null,
  disabled: false,
  expirationTime: null,
  deviceLimit: -1,
  userLimit: 0,
  deviceReadonly: false,
  limitCommands: false,
  disableReports: false,
  fixedEmail: false,
  poiLayer: null,
  totpKey: null,
  temporary: false,
  attributes: {},
};

export function userFields(row: UserRow): UserFields {
  return {
    name: row.name,
    login: row.login,
    email: row.email,
    phone: row.phone,
    readonly: bool(row.readonly),
    administrator: bool(row.administrator),
    map: row.map,
    latitude: row.latitude,
    longitude: row.longitude,
    zoom: row.zoom,
    coordinateFormat: row.coordinateFormat,
    disabled: bool(row.disabled),
    expirationTime: row.expirationTime,
    deviceLimit: row.deviceLimit,
    userLimit: row.userLimit,
    deviceReadonly: bool(row.deviceReadonly),
    limitCommands: bool(row.limitCommands),
    disableReports: bool(row.disableReports),
    fixedEmail: bool(row.fixedEmail),
    poiLayer: row.poiLayer,
    totpKey: row.totpKey,
    temporary: bool(row.temporary),
    attributes: parseAttributes(row.attributes),
  };
}

/** API form: the password is write-only and the hash never leaves the server. */
export function toUser(row: UserRow): User {
  const fields = userFields(row);
  return {
    id: row.id,
    ...fields,
    expirationTime: isoDate(fields.expirationTime),
    password: null,
  };
}

function columns(fields: UserFields): Record<string, string | number | null> {
  return {
    name: fields.name,
    login: fields.login,
    email: fields.email,
    phone: fields.phone,
    readonly: fields.readonly ? 1 : 0,
    administrator: fields.administrator ? 1 : 0,
    map: fields.map,
    latitude: fields.latitude,
    longitude: fields.longitude,
    zoom: fields.zoom,
    coordinateFormat: fields.coordinateFormat,
    disabled: fields.disabled ? 1 : 0,
    expirationTime: fields.expirationTime,
    deviceLimit: fields.deviceLimit,
    userLimit: fields.userLimit,
    deviceReadonly: fields.deviceReadonly ? 1 : 0,
    limitCommands: fields.limitCommands ? 1 : 0,
    disableReports: fields.disableReports ? 1 : 0,
    fixedEmail: fields.fixedEmail ? 1 : 0,
    poiLayer: fields.poiLayer,
    totpKey: fields.totpKey,
    temporary: fields.temporary ? 1 : 0,
    attributes: JSON.stringify(fields.attributes),
  };
}

export function findUserById(db: Db, id: number): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
}

/** Sign-in lookup: the email or the login name, case-insensitively. */
export function findUserByLogin(db: Db, emailOrLogin: string): UserRow | undefined {
  return db
    .prepare(
      `SELECT * FROM users WHERE email = ? COLLATE NOCASE
       UNION ALL SELECT * FROM users WHERE login = ? COLLATE NOCASE LIMIT 1`,
    )
    .get(emailOrLogin, emailOrLogin) as UserRow | undefined;
}

export function findUserByEmail(db: Db, email: string): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE email = ? COLLATE NOCASE').get(email) as UserRow | undefined;
}

export function countUsers(db: Db): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
}

export function insertUser(db: Db, fields: UserFields, password: { hash: string; salt: string } | null): number {
  const cols = { ...columns(fields), hashedPassword: password?.hash ?? null, salt: password?.salt ?? null };
  const names = Object.keys(cols);
  const result = db
    .prepare(`INSERT INTO users (${names.join(', ')}) VALUES (${names.map((n) => '@' + n).join(', ')})`)
    .run(cols);
  return Number(result.lastInsertRowid);
}

export function updateUser(db: Db, id: number, fields: UserFields): void {
  const cols = columns(fields);
  const names = Object.keys(cols);
  db.prepare(`UPDATE users SET ${names.map((n) => `${n} = @${n}`).join(', ')} WHERE id = @id`).run({ ...cols, id });
}

export function setUserTotpKey(db: Db, id: number, key: string): void {
  db.prepare('UPDATE users SET totpKey = ? WHERE id = ?').run(key, id);
}

export function setUserPassword(db: Db, id: number, password: { hash: string; salt: string }): void {
  db.prepare('UPDATE users SET hashedPassword = ?, salt = ? WHERE id = ?').run(password.hash, password.salt, id);
}

export function listUsers(db: Db, managerId: number | null): UserRow[] {
  if (managerId === null) return db.prepare('SELECT * FROM users ORDER BY name, id').all() as UserRow[];
  return db.prepare(`SELECT * FROM users WHERE id IN (${MANAGED_USER_IDS}) ORDER BY name, id`).all({ userId: managerId }) as UserRow[];
}

/** Whether `managerId` manages `userId` now: linked, and still a manager (userLimit ≠ 0). */
export function isManagedBy(db: Db, managerId: number, userId: number): boolean {
  return !!db.prepare(`SELECT 1 WHERE @managed IN (${MANAGED_USER_IDS})`).get({ userId: managerId, managed: userId });
}

export function countManagedUsers(db: Db, managerId: number): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM user_user WHERE userId = ?').get(managerId) as { n: number }).n;
}

export function linkManagedUser(db: Db, managerId: number, userId: number): void {
  db.prepare('INSERT OR IGNORE INTO user_user (userId, managedUserId) VALUES (?, ?)').run(managerId, userId);
}

/** Users linked directly to a device (user_device); with `managerId`, only users that manager manages. */
export function usersLinkedToDevice(db: Db, deviceId: number, managerId: number | null): UserRow[] {
  const managed = managerId === null ? '' : ` AND users.id IN (${MANAGED_USER_IDS.replaceAll('@userId', '@managerId')})`;
  return db
    .prepare(
      `SELECT users.* FROM users JOIN user_device ON user_device.userId = users.id
       WHERE user_device.deviceId = @deviceId${managed} ORDER BY users.name, users.id`,
    )
    .all(managerId === null ? { deviceId } : { deviceId, managerId }) as UserRow[];
}

/** Deletes a user with their links (device, group and managed-user links cascade; generic links are removed). */
export function deleteUser(db: Db, id: number): void {
  db.transaction(() => {
    db.prepare('DELETE FROM users WHERE id = ?').run(id);
    db.prepare("DELETE FROM links WHERE ownerType = 'user' AND ownerId = ?").run(id);
  })();
}
