import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { SummaryReportItem } from '../../../contract/models';
import { DEFAULT_UNITS } from '../../domain/units';
import { unitFormatters } from '../format';
import { type CellContext, type ReportColumn, NOT_REPORTED, REPORTS, formatDuration } from './kinds';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
const context: CellContext = {
  i18n,
  timeZone: 'UTC',
  units: unitFormatters(i18n, DEFAULT_UNITS),
  coordinates: 'dd',
  deviceName: () => 'Van',
};

const summaryRow = (hours: Partial<SummaryReportItem>): SummaryReportItem => ({
  deviceId: 1,
  deviceName: 'Van',
  distance: 12_000,
  averageSpeed: 20,
  maxSpeed: 40,
  spentFuel: 0,
  startOdometer: 0,
  endOdometer: 12_000,
  startTime: '2026-11-27T08:00:00Z',
  endTime: '2026-11-27T10:00:00Z',
  engineHours: 0,
  startHours: 0,
  endHours: 0,
  ...hours,
});

const cell = (id: string, row: SummaryReportItem) => {
  const column = (REPORTS.summary.columns as ReadonlyArray<ReportColumn<SummaryReportItem>>).find((c) => c.id === id);
  if (!column) throw new Error(`no column ${id}`);
  return column.text(row, context);
};

describe('report figures', () => {
  it('durations have no leading zero', () => {
    expect(formatDuration(i18n, 8 * 60_000)).toBe('8 min');
    expect(formatDuration(i18n, (2 * 60 + 5) * 60_000)).toBe('2 h 5 min');
    expect(formatDuration(i18n, 0)).toBe('0 min');
    expect(formatDuration(i18n, -1)).toBe('');
  });

  it('a summary without engine hours says so, rather than 0 h and 0 km/h', () => {
    const none = summaryRow({});
    expect(cell('engineHours', none)).toBe(NOT_REPORTED);
    expect(cell('averageSpeed', none)).toBe(NOT_REPORTED);
    // with hours, both are figures (20 knots = 37.04 km/h)
    const some = summaryRow({ engineHours: 90 * 60_000, startHours: 3_600_000, endHours: 3_600_000 + 90 * 60_000 });
    expect(cell('engineHours', some)).toBe('1 h 30 min');
    expect(cell('averageSpeed', some)).toBe('37 km/h');
    // an engine that stood still all day has hours, and 0 of them is a figure
    expect(cell('engineHours', summaryRow({ startHours: 3_600_000, endHours: 3_600_000 }))).toBe('0 min');
  });
});
