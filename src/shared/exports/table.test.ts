import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { Event, TripReportItem } from '../../../contract/models';
import { activateLanguage, i18n } from '../../i18n/i18n';
import { DEFAULT_UNITS } from '../../domain/units';
import { unitFormatters } from '../format';
import { REPORTS, type CellContext, type ReportColumn } from '../reports/kinds';
import { exportTable, neutraliseCell, tableToCsv, tableToXlsx, type ExportTable, type TableCell } from './table';

const names: Record<number, string> = { 1: 'شاحنة ١', 2: '=HYPERLINK("http://x")' };
const context = (): CellContext => ({
  i18n,
  timeZone: 'Asia/Riyadh',
  units: unitFormatters(i18n, DEFAULT_UNITS),
  coordinates: 'dd',
  deviceName: (id) => names[id] ?? String(id),
});

const trip = (overrides: Partial<TripReportItem> = {}): TripReportItem => ({
  deviceId: 1,
  deviceName: 'x',
  distance: 12_345,
  averageSpeed: 20,
  maxSpeed: 25.97,
  spentFuel: 0,
  startOdometer: 0,
  endOdometer: 12_345,
  startTime: '2026-11-02T08:10:00.000Z',
  endTime: '2026-11-02T08:40:05.400Z',
  startPositionId: 1,
  endPositionId: 2,
  startLat: 24.7,
  startLon: 46.6,
  endLat: 24.7,
  endLon: 46.65,
  startAddress: '-1+cmd|"/C calc"!A0',
  endAddress: 'طريق الملك فهد',
  duration: 1_805_400,
  driverUniqueId: '',
  driverName: '',
  ...overrides,
});

const columns = <Row,>(kind: keyof typeof REPORTS, ids: string[]) => (REPORTS[kind].columns as ReadonlyArray<ReportColumn<Row>>).filter((c) => ids.includes(c.id));

/** A cell as its text in the CSV: a wall-clock date as `YYYY-MM-DD HH:mm:ss`, a number as written. */
function asCsvText(cell: TableCell | ExcelJS.CellValue, type: string): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return type === 'day' ? cell.toISOString().slice(0, 10) : cell.toISOString().slice(0, 19).replace('T', ' ');
  return String(cell);
}

describe('exportTable', () => {
  beforeAll(() => activateLanguage('ar', null));
  afterAll(() => activateLanguage('en', null));

  const tripIds = ['device', 'startTime', 'startAddress', 'endAddress', 'distance', 'maxSpeed'];

  it('has the shown columns in their order, headers in the language with the unit of figures', () => {
    const table = exportTable(columns<TripReportItem>('trips', tripIds), [trip()], context());
    expect(table.columns.map((c) => c.header)).toEqual(['الجهاز', 'وقت البداية', 'عنوان البداية', 'عنوان النهاية', 'المسافة (كم)', 'أعلى سرعة (كم/س)']);
    expect(table.columns.map((c) => c.type)).toEqual(['text', 'time', 'text', 'text', 'number', 'number']);
  });

  it('writes figures as the numbers shown, in the user unit', () => {
    const [row] = exportTable(columns<TripReportItem>('trips', tripIds), [trip()], context()).rows;
    // 25.97 kn is 48.1 km/h on the screen (one decimal); 12,345 m is 12.35 km (two)
    expect(row![5]).toBe(48.1);
    expect(row![4]).toBe(12.35);
    const mph = exportTable(columns<TripReportItem>('trips', tripIds), [trip()], { ...context(), units: unitFormatters(i18n, { ...DEFAULT_UNITS, speed: 'mph', distance: 'mi' }) });
    expect(mph.columns[5]!.header).toMatch(/\(.+\)$/);
    expect(mph.rows[0]![5]).toBe(29.9);
    expect(mph.rows[0]![4]).toBe(7.67);
    // the screen's text is the same number
    expect(context().units.speed(25.97)).toContain(new Intl.NumberFormat('ar').format(48.1));
  });

  it('writes a time as a Date reading the wall clock of the user zone, to the second', () => {
    const [row] = exportTable(columns<TripReportItem>('trips', ['startTime', 'endTime']), [trip()], context()).rows;
    // 08:10Z is 11:10 in Riyadh (UTC+3)
    expect(row![0]).toEqual(new Date('2026-11-02T11:10:00.000Z'));
    expect(row![1]).toEqual(new Date('2026-11-02T11:40:05.000Z'));
    const [ny] = exportTable(columns<TripReportItem>('trips', ['startTime']), [trip()], { ...context(), timeZone: 'America/New_York' }).rows;
    expect(ny![0]).toEqual(new Date('2026-11-02T03:10:00.000Z'));
  });

  it('writes the summary day as a day, and a figure not reported as empty', () => {
    const day = { deviceId: 1, deviceName: 'x', distance: 1000, averageSpeed: 20, maxSpeed: 40, spentFuel: 0, startOdometer: 0, endOdometer: 1000, startTime: '2026-11-02T22:30:00Z', endTime: '2026-11-02T23:00:00Z', engineHours: 0, startHours: 0, endHours: 0 };
    const table = exportTable(columns<typeof day>('summary', ['startTime', 'averageSpeed']), [day], context());
    expect(table.columns.map((c) => c.type)).toEqual(['day', 'text']);
    // 22:30Z is already the next day in Riyadh
    expect(table.rows[0]).toEqual([new Date('2026-11-03T00:00:00.000Z'), null]);
  });

  it('names what an event concerns', () => {
    const event: Event = { id: 1, type: 'geofenceEnter', eventTime: '2026-11-02T08:00:00Z', deviceId: 1, positionId: 0, geofenceId: 7, maintenanceId: 0, attributes: {} };
    const table = exportTable(columns<Event>('events', ['type']), [event], { ...context(), subjects: { geofence: (id) => (id === 7 ? 'المستودع' : undefined), maintenance: () => undefined, driver: () => undefined } });
    expect(String(table.rows[0]![0])).toContain('المستودع');
  });

  it('neutralises text that could start a formula, headers and cells', () => {
    const table = exportTable(columns<TripReportItem>('trips', tripIds), [trip({ deviceId: 2 })], context());
    expect(table.rows[0]![0]).toBe(`'=HYPERLINK("http://x")`);
    expect(table.rows[0]![2]).toBe(`'-1+cmd|"/C calc"!A0`);
    expect(table.rows[0]![3]).toBe('طريق الملك فهد');
  });

  it('CSV and xlsx hold the same rows', async () => {
    const table: ExportTable = exportTable(columns<TripReportItem>('trips', tripIds), [trip(), trip({ deviceId: 2, maxSpeed: 10 })], context(), true);
    const csv = tableToCsv(table);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const csvRows = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await tableToXlsx(table, 'الرحلات'));
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('الرحلات');
    expect(sheet.views[0]?.rightToLeft).toBe(true);
    const xlsxRows: string[][] = [];
    sheet.eachRow((row) => xlsxRows.push(table.columns.map((c, index) => asCsvText(row.getCell(index + 1).value, c.type))));
    expect(xlsxRows).toEqual(csvRows);
    // the time is a real date cell with a date-time format
    const time = sheet.getRow(2).getCell(2);
    expect(time.value).toBeInstanceOf(Date);
    expect(time.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(csvRows[1]![1]).toBe('2026-11-02 11:10:00');
    expect(sheet.getRow(2).getCell(6).value).toBe(48.1);
  });
});

describe('neutraliseCell', () => {
  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1', "'+1"],
    ['-cmd', "'-cmd"],
    ['@x', "'@x"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['=1\n2', "'=1\n2"],
    ['normal text', 'normal text'],
    ['طريق الملك فهد', 'طريق الملك فهد'],
    ['a=b', 'a=b'],
    ['', ''],
    [' =1', ' =1'],
  ])('%j → %j', (input, output) => {
    expect(neutraliseCell(input)).toBe(output);
  });
});
