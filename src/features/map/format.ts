/** Display helpers of the map pages (the active locale's number and date formats). */

export const KNOTS_TO_KMH = 1.852;

export function formatNumber(locale: string, value: number, digits = 1): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
}

export function formatDateTime(locale: string, value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(date);
}

export function formatCoordinates(locale: string, latitude: number, longitude: number): string {
  return `${formatNumber(locale, latitude, 6)}, ${formatNumber(locale, longitude, 6)}`;
}

/** Any attribute or field value as plain text (never markup). */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
