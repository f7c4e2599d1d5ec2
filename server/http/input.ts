import type { Attributes } from '../../contract/models.ts';
import { badRequest } from './errors.ts';

export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON object body, or 400. */
export function objectBody(body: unknown): Json {
  if (!isRecord(body)) throw badRequest('Request body must be a JSON object');
  return body;
}

/** A form (or JSON) field as a single string; repeated fields use the first value. */
export function formField(body: unknown, key: string): string | undefined {
  if (!isRecord(body)) return undefined;
  const value = body[key];
  if (Array.isArray(value)) return typeof value[0] === 'string' ? value[0] : undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export function queryList(query: unknown, key: string): string[] {
  if (!isRecord(query)) return [];
  const value = query[key];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' ? [value] : [];
}

export function queryString(query: unknown, key: string): string | undefined {
  return queryList(query, key)[0];
}

export function parseId(value: string, name: string): number {
  if (!/^\d{1,15}$/.test(value)) throw badRequest(`Invalid ${name}: ${value.slice(0, 40)}`);
  return Number(value);
}

export function queryInt(query: unknown, key: string): number | undefined {
  const value = queryString(query, key);
  if (value === undefined || value === '') return undefined;
  if (!/^-?\d{1,15}$/.test(value)) throw badRequest(`Invalid ${key}: ${value.slice(0, 40)}`);
  return Number(value);
}

export function queryBool(query: unknown, key: string): boolean {
  const value = queryString(query, key);
  return value === 'true' || value === '1';
}

const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** ISO_ZONED_DATE_TIME: an offset or Z is required. Returns ms. */
export function parseZonedDate(value: string, name: string): number {
  const ms = ZONED.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(ms)) throw badRequest(`Invalid ${name}: expected an ISO date with zone, got ${value.slice(0, 40)}`);
  return ms;
}

/** Typed readers for JSON fields: absent → undefined, wrong type → 400. */
export const field = {
  string(o: Json, key: string): string | null | undefined {
    const v = o[key];
    if (v === undefined || v === null) return v;
    if (typeof v !== 'string') throw badRequest(`Field ${key} must be a string`);
    return v;
  },
  boolean(o: Json, key: string): boolean | undefined {
    const v = o[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'boolean') throw badRequest(`Field ${key} must be a boolean`);
    return v;
  },
  number(o: Json, key: string): number | undefined {
    const v = o[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'number' || !Number.isFinite(v)) throw badRequest(`Field ${key} must be a number`);
    return v;
  },
  integer(o: Json, key: string): number | undefined {
    const v = field.number(o, key);
    if (v !== undefined && !Number.isSafeInteger(v)) throw badRequest(`Field ${key} must be an integer`);
    return v;
  },
  /** ISO date (or epoch ms) → ms; explicit null → null. */
  date(o: Json, key: string): number | null | undefined {
    const v = o[key];
    if (v === undefined || v === null) return v;
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    if (typeof v !== 'string') throw badRequest(`Field ${key} must be a date`);
    const ms = Date.parse(v);
    if (Number.isNaN(ms)) throw badRequest(`Field ${key} must be an ISO date`);
    return ms;
  },
  attributes(o: Json, key = 'attributes'): Attributes | undefined {
    const v = o[key];
    if (v === undefined || v === null) return undefined;
    if (!isRecord(v)) throw badRequest(`Field ${key} must be an object`);
    const result: Attributes = {};
    for (const [k, value] of Object.entries(v)) {
      if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
        result[k] = value;
      } else {
        throw badRequest(`Attribute ${k} must be a string, number or boolean`);
      }
    }
    return result;
  },
};

/**
 * Sets each of the boolean fields `keys` that `o` holds on `target` (400 when one is not a boolean,
 * in the order of `keys`); an absent or null field keeps its value.
 */
export function assignBooleans<K extends string>(target: Record<NoInfer<K>, boolean>, o: Json, keys: readonly K[]): void {
  for (const key of keys) {
    const v = field.boolean(o, key);
    if (v !== undefined) target[key] = v;
  }
}
