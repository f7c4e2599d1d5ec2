import type { Attributes, AttributeValue, IsoDate } from '../../contract/models.ts';

/** Jackson-style ISO date: 2021-01-01T00:00:00.000+00:00 */
export function isoDate(ms: number | null | undefined): IsoDate | null {
  if (ms === null || ms === undefined) return null;
  return new Date(ms).toISOString().replace(/Z$/, '+00:00');
}

export function bool(value: number | null | undefined): boolean {
  return value === 1;
}

function isAttributeValue(value: unknown): value is AttributeValue {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

export function parseAttributes(json: string | null | undefined): Attributes {
  if (!json) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const result: Attributes = {};
    for (const [key, value] of Object.entries(parsed)) {
      if (isAttributeValue(value)) result[key] = value;
    }
    return result;
  } catch {
    return {};
  }
}

export function parseJson<T>(json: string | null | undefined): T | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as T;
  } catch {
    return null;
  }
}
