import type { Server, User, Attributes } from '../../contract/models';

type Flags = Pick<User, 'readonly' | 'deviceReadonly' | 'limitCommands' | 'disableReports' | 'fixedEmail'>;
export type RestrictionFlag = keyof Flags;

export function isAdministrator(user: User | null | undefined): boolean {
  return user?.administrator === true;
}

/** A manager is an administrator, or a user whose userLimit is non-zero. */
export function isManager(user: User | null | undefined): boolean {
  return isAdministrator(user) || (user?.userLimit ?? 0) !== 0;
}

/** A named restriction holds for a non-administrator when either the server or the user has it. */
export function isRestricted(flag: RestrictionFlag, user: User | null | undefined, server: Server | null | undefined): boolean {
  if (isAdministrator(user)) return false;
  return Boolean(server?.[flag]) || Boolean(user?.[flag]);
}

/** Read-only: server or user readonly, or server or user deviceReadonly (non-administrators). */
export function isReadonly(user: User | null | undefined, server: Server | null | undefined): boolean {
  return isRestricted('readonly', user, server) || isRestricted('deviceReadonly', user, server);
}

/** `ui.disable*` flags limit non-administrators only. */
export function isUiDisabled(key: string, user: User | null | undefined, server: Server | null | undefined): boolean {
  if (isAdministrator(user)) return false;
  const name = key.startsWith('ui.disable') ? key : `ui.disable${key}`;
  return attributeTrue(server?.attributes, name) || attributeTrue(user?.attributes, name);
}

function attributeTrue(attributes: Attributes | undefined, key: string): boolean {
  const value = attributes?.[key];
  return value === true || value === 'true';
}

/**
 * Settings precedence: when the server forces settings the server value wins, otherwise the
 * user value wins; either falls back to the other, then to the default.
 */
export function preference<T>(
  key: string,
  user: User | null | undefined,
  server: Server | null | undefined,
  fallback: T,
): T | string | number | boolean {
  const userValue = user?.attributes?.[key];
  const serverValue = server?.attributes?.[key];
  const first = server?.forceSettings ? serverValue : userValue;
  const second = server?.forceSettings ? userValue : serverValue;
  for (const value of [first, second]) {
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return fallback;
}

/**
 * The same precedence for the preferences Traccar keeps as fields of the user and the server
 * (`map`, `latitude`, `longitude`, `zoom`, `coordinateFormat`), not in the attributes.
 */
export function fieldPreference<K extends 'map' | 'latitude' | 'longitude' | 'zoom' | 'coordinateFormat'>(
  key: K,
  user: User | null | undefined,
  server: Server | null | undefined,
): User[K] | Server[K] | null {
  const userValue = user?.[key];
  const serverValue = server?.[key];
  const [first, second] = server?.forceSettings ? [serverValue, userValue] : [userValue, serverValue];
  for (const value of [first, second]) {
    if (value !== undefined && value !== null && value !== '' && value !== 0) return value as User[K] | Server[K];
  }
  return null;
}
