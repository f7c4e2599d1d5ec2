import type { EditKind } from '../auth/restrictions.ts';
import type { ObjectType } from './access.ts';

export type SqlValue = string | number | null | Buffer;
export type Row = Record<string, SqlValue>;

export type FieldKind =
  /** non-null string ('' when absent) */
  | 'string'
  /** string or null ('' stored as null) */
  | 'nullableString'
  | 'number'
  | 'integer'
  | 'boolean'
  /** reference id: 0 / null stored as NULL, output as 0 */
  | 'ref'
  /** base64 in JSON, bytes in the database */
  | 'base64';

export interface FieldSpec {
  kind: FieldKind;
  required?: boolean;
  /** for strings: the longest accepted (default 65,536 characters) */
  maxLength?: number;
  /** for `ref`: the type it points to (checked for existence and, for non-admins, access) */
  ref?: ObjectType;
}

export interface EntityDef {
  type: ObjectType;
  /** audit objectType */
  auditType: string;
  table: string;
  /** e.g. /api/geofences */
  path: string;
  /** a larger request body limit for create and update (bytes), e.g. a geofence of 100,000 vertices */
  bodyLimit?: number;
  /** Traccar ExtendedObjectResource: deviceId / groupId list filters */
  extended: boolean;
  sort: 'name' | 'description';
  search: string[];
  editKind: EditKind;
  /** column → spec, excluding id and attributes */
  fields: Record<string, FieldSpec>;
  hasAttributes: boolean;
  /** extra checks on the merged row (`base`: the stored row on an update, null on a create); throw HttpError 400 */
  validate?(row: Row, base: Row | null): void;
  toModel(row: Row, excludeAttributes: boolean): object;
}
