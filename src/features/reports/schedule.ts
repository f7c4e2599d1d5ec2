/**
 * Scheduling a report (Traccar's scheduled reports): the order `{type, description, calendarId,
 * attributes}` is created at `/api/reports`, then linked to each device and group it covers
 * through `/api/permissions`, the device or group first (`{deviceId, reportId}`: Traccar's
 * `tc_device_report`; a report is never an owner). The server mails the report at the end of each
 * period of the calendar, covering that period. Pure: the writes are passed in.
 */
import type { MessageDescriptor } from '@lingui/core';
import type { Report } from '../../../contract/models';
import { canOpen, type Restrictions } from '../../domain/restrictions';
import type { ReportSearch } from '../../domain/reportFilter';
import { REPORT_MENU } from '../../shared/reports/kinds';

/** The report types Traccar schedules from the client (its `TaskReports`), in menu order. */
export const SCHEDULE_TYPES = ['route', 'events', 'trips', 'stops', 'summary'] as const;

/** A report type's name as the reports menu says it (a type this client does not know: as the server wrote it). */
export function scheduledTypeLabel(i18n: { _: (descriptor: MessageDescriptor) => string }, type: string): string {
  const entry = REPORT_MENU.find((item) => item.id === type);
  return entry ? i18n._(entry.title) : type;
}

/** Whether a report of this kind may be ordered by this user (the filter's Schedule button). */
export function canSchedule(kind: { schedule: boolean; server: string | null }, restrictions: Restrictions): boolean {
  return kind.schedule && kind.server !== null && (SCHEDULE_TYPES as readonly string[]).includes(kind.server) && canOpen('scheduledReports', restrictions);
}

export interface ScheduleFields {
  description: string;
  /** 0: none chosen yet */
  calendarId: number;
}

export interface ScheduleOrder {
  report: Omit<Report, 'id'>;
  deviceIds: number[];
  groupIds: number[];
}

export type ScheduleProblem = 'noDescription' | 'noCalendar' | 'noTarget';

/** What keeps the order from being sent: a description, a calendar, and something it covers. */
export function scheduleProblems(fields: ScheduleFields, search: Pick<ReportSearch, 'deviceId' | 'groupId'>): ScheduleProblem[] {
  const problems: ScheduleProblem[] = [];
  if (!fields.description.trim()) problems.push('noDescription');
  if (!(fields.calendarId > 0)) problems.push('noCalendar');
  if (!search.deviceId?.length && !search.groupId?.length) problems.push('noTarget');
  return problems;
}

/** The order for a report type and the filter's devices and groups. */
export function scheduleOrder(type: string, fields: ScheduleFields, search: Pick<ReportSearch, 'deviceId' | 'groupId'>): ScheduleOrder {
  return {
    report: { type, description: fields.description.trim(), calendarId: fields.calendarId, attributes: {} },
    deviceIds: [...new Set(search.deviceId ?? [])],
    groupIds: [...new Set(search.groupId ?? [])],
  };
}

/** The writes of a scheduling (the resource layer's mutations, bound by the dialog). */
export interface ScheduleWrites {
  /** creates (id 0) or updates the order */
  save(report: Report): Promise<Report>;
  /** links the order to a device or a group (the device or group owns the link) */
  link(target: 'device' | 'group', id: number, reportId: number): Promise<void>;
}

/**
 * What was done so far: kept by the dialog between tries, so trying again after a failure neither
 * creates a second order nor links twice (a changed description or calendar updates the one made).
 */
export interface ScheduleProgress {
  saved: Report | null;
  linked: Set<string>;
}

export function newProgress(): ScheduleProgress {
  return { saved: null, linked: new Set() };
}

const sameReport = (a: Omit<Report, 'id'>, b: Report) => a.type === b.type && a.description === b.description && a.calendarId === b.calendarId;

/**
 * Creates the order (once), then links what is not linked yet, all at once. Rejects with the first
 * failure once every link was tried; `progress` says what succeeded.
 */
export async function runSchedule(writes: ScheduleWrites, order: ScheduleOrder, progress: ScheduleProgress): Promise<Report> {
  if (!progress.saved) {
    progress.saved = await writes.save({ id: 0, ...order.report });
  } else if (!sameReport(order.report, progress.saved)) {
    progress.saved = await writes.save({ ...progress.saved, ...order.report, attributes: progress.saved.attributes });
  }
  const report = progress.saved;
  const pending = [
    ...order.deviceIds.map((id) => ['device', id] as const),
    ...order.groupIds.map((id) => ['group', id] as const),
  ].filter(([target, id]) => !progress.linked.has(`${target}:${id}`));
  const results = await Promise.allSettled(
    pending.map(async ([target, id]) => {
      await writes.link(target, id, report.id);
      progress.linked.add(`${target}:${id}`);
    }),
  );
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
  return report;
}
