/**
 * The report filter, shared by every report kind: which devices and groups, which period (a preset
 * or a custom range), the event types and chart attributes. It lives in the URL's search params
 * (validated by `parseReportSearch`), so a report is a link that can be shared and reloaded.
 * Periods are computed in the user's time zone (not the browser's), with the locale's first day of
 * the week. Pure: no React, no router.
 */
import { endOfMonth, endOfWeek, fromAbsolute, startOfMonth, startOfWeek, toCalendarDate, toZoned, type CalendarDate } from '@internationalized/date';

export { REPORT_KINDS, PERIODS, parseReportSearch, type ReportKindId, type Period, type ReportSearch } from './reportSearch';
import type { Period, ReportKindId, ReportSearch } from './reportSearch';
import { knownZone } from './timeZone';

export interface Range {
  from: string;
  to: string;
}

/**
 * The instants of a preset period in `timeZone`, from its first millisecond to its last, as Traccar's
 * own client sends them: today, yesterday, this week, the previous week, this month, the previous one.
 */
export function periodRange(period: Exclude<Period, 'custom'>, now: number, timeZone: string, locale: string): Range {
  const zone = knownZone(timeZone, 'UTC');
  const current = toCalendarDate(fromAbsolute(now, zone));
  let first: CalendarDate;
  let last: CalendarDate;
  switch (period) {
    case 'today':
      first = last = current;
      break;
    case 'yesterday':
      first = last = current.subtract({ days: 1 });
      break;
    case 'thisWeek':
      first = startOfWeek(current, locale);
      last = endOfWeek(current, locale);
      break;
    case 'previousWeek':
      first = startOfWeek(current.subtract({ weeks: 1 }), locale);
      last = endOfWeek(current.subtract({ weeks: 1 }), locale);
      break;
    case 'thisMonth':
      first = startOfMonth(current);
      last = endOfMonth(current);
      break;
    case 'previousMonth':
      first = startOfMonth(current.subtract({ months: 1 }));
      last = endOfMonth(current.subtract({ months: 1 }));
      break;
  }
  const start = toZoned(first, zone).toDate().getTime();
  const end = toZoned(last.add({ days: 1 }), zone).toDate().getTime() - 1;
  return { from: new Date(start).toISOString(), to: new Date(end).toISOString() };
}

/** The range a filter asks for: its preset's, its custom one, or null when it has none yet. */
export function rangeOf(search: ReportSearch, now: number, timeZone: string, locale: string): Range | null {
  const period = search.period ?? 'today';
  if (period !== 'custom') return periodRange(period, now, timeZone, locale);
  const from = search.from ? Date.parse(search.from) : NaN;
  const to = search.to ? Date.parse(search.to) : NaN;
  return Number.isNaN(from) || Number.isNaN(to) ? null : { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

export type FilterProblem = 'noDevice' | 'oneDevice' | 'noRange' | 'endBeforeStart' | 'overLimit';

export interface FilterRules {
  /** the report needs at least one device or group */
  needsDevice: boolean;
  /** only one device (the chart) */
  oneDevice?: boolean;
  /** the server's `report.periodLimit` in seconds (0: none) */
  periodLimit: number;
}

/** What the person has to fix before the report can run; empty when it can. */
export function filterProblems(search: ReportSearch, range: Range | null, rules: FilterRules): FilterProblem[] {
  const problems: FilterProblem[] = [];
  const chosen = (search.deviceId?.length ?? 0) + (search.groupId?.length ?? 0);
  if (rules.needsDevice && chosen === 0) problems.push('noDevice');
  if (rules.oneDevice && ((search.deviceId?.length ?? 0) > 1 || (search.groupId?.length ?? 0) > 0)) problems.push('oneDevice');
  if (!range) problems.push('noRange');
  else {
    const from = Date.parse(range.from);
    const to = Date.parse(range.to);
    if (to < from) problems.push('endBeforeStart');
    else if (rules.periodLimit > 0 && to - from > rules.periodLimit * 1000) problems.push('overLimit');
  }
  return problems;
}

/** The query of a report call (`deviceId`, `groupId` repeated; `from`, `to`; `type`; `daily`). */
export function reportParams(search: ReportSearch, range: Range): Record<string, string | boolean | Array<string | number>> {
  const params: Record<string, string | boolean | Array<string | number>> = { from: range.from, to: range.to };
  if (search.deviceId?.length) params.deviceId = search.deviceId;
  if (search.groupId?.length) params.groupId = search.groupId;
  if (search.type?.length) params.type = search.type;
  if (search.daily) params.daily = true;
  return params;
}

/** The part of a filter every report kind shares (the devices, groups and period), carried from one kind to the next. */
export function sharedFilter(search: ReportSearch): ReportSearch {
  const shared: ReportSearch = {};
  if (search.deviceId) shared.deviceId = search.deviceId;
  if (search.groupId) shared.groupId = search.groupId;
  if (search.period) shared.period = search.period;
  if (search.period === 'custom') {
    if (search.from) shared.from = search.from;
    if (search.to) shared.to = search.to;
  }
  return shared;
}

/** Reports shown in this session, by kind: the filter each was last shown with, and its shared part's key. */
const shownWith = new Map<ReportKindId, { key: string; search: ReportSearch }>();

const keyOf = (search: ReportSearch) => JSON.stringify(sharedFilter(search));

/** A report of `kind` was shown (rows or none) for `search`. */
export function rememberShown(kind: ReportKindId, search: ReportSearch): void {
  shownWith.set(kind, { key: keyOf(search), search: { ...search, show: true } });
}

/** Forgets every shown report (a sign-out; tests). */
export function forgetShown(): void {
  shownWith.clear();
}

/**
 * The address of `kind` when the person switches to it from a report with `current`: the shared
 * filter; or, when that kind was already shown with the same shared filter in this session, its
 * whole filter as it was left (its event types, attributes, daily split) with `show`: it is shown again.
 */
export function carriedSearch(kind: ReportKindId, current: ReportSearch): ReportSearch {
  const shown = shownWith.get(kind);
  return shown && shown.key === keyOf(current) ? shown.search : sharedFilter(current);
}
