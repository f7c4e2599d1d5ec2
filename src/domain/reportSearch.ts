/**
 * The report filter as the address holds it, and its validation (each /reports route's
 * `validateSearch`). Apart from the rest of the filter (`reportFilter.ts`) and free of imports,
 * because route definitions load with the app's entry, which the sign-in page's budget counts.
 */
export const REPORT_KINDS = ['combined', 'route', 'events', 'trips', 'stops', 'summary', 'chart', 'statistics', 'audit', 'logs', 'scheduled'] as const;
export type ReportKindId = (typeof REPORT_KINDS)[number];

/** The kinds shown by the report page (scheduled and logs have pages of their own). */
export type TableReportId = Exclude<ReportKindId, 'logs' | 'scheduled'>;
export function isTableReport(kind: string): kind is TableReportId {
  return kind !== 'logs' && kind !== 'scheduled' && (REPORT_KINDS as readonly string[]).includes(kind);
}

export const PERIODS = ['today', 'yesterday', 'thisWeek', 'previousWeek', 'thisMonth', 'previousMonth', 'custom'] as const;
export type Period = (typeof PERIODS)[number];

export interface ReportSearch {
  deviceId?: number[];
  groupId?: number[];
  period?: Period;
  /** ISO instants of a custom range */
  from?: string;
  to?: string;
  /** event types of the events report (none = all) */
  type?: string[];
  /** the chart's attributes */
  attribute?: string[];
  /** the summary split by day */
  daily?: boolean;
  /** set when the report should run on opening (a shared or reloaded link) */
  show?: boolean;
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value]);
/** Positive whole ids, or words (event types, attribute keys), each at most once; nothing else. */
const pick = <T,>(value: unknown, read: (item: unknown) => T | null, most: number): T[] | undefined => {
  const out = [...new Set(list(value).map(read).filter((item): item is T => item !== null))].slice(0, most);
  return out.length ? out : undefined;
};
const id = (item: unknown): number | null => (Number.isInteger(Number(item)) && Number(item) > 0 ? Number(item) : null);
const word = (item: unknown): string | null => (typeof item === 'string' && /^[\w.-]{1,64}$/.test(item) ? item : null);
const instant = (value: unknown): string | undefined => {
  const ms = typeof value === 'string' && value.length <= 40 ? Date.parse(value) : NaN;
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
};
const yes = (value: unknown): true | undefined => (value === true || value === 'true' ? true : undefined);

/** The router's `validateSearch`: anything malformed in the address is dropped, never thrown. */
export function parseReportSearch(raw: Record<string, unknown>): ReportSearch {
  const search: ReportSearch = {
    deviceId: pick(raw.deviceId, id, 1000),
    groupId: pick(raw.groupId, id, 1000),
    period: (PERIODS as readonly unknown[]).includes(raw.period) ? (raw.period as Period) : undefined,
    from: instant(raw.from),
    to: instant(raw.to),
    type: pick(raw.type, word, 50),
    attribute: pick(raw.attribute, word, 50),
    daily: yes(raw.daily),
    show: yes(raw.show),
  };
  for (const key of Object.keys(search) as Array<keyof ReportSearch>) if (search[key] === undefined) delete search[key];
  return search;
}

