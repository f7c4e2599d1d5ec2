/**
 * A report's exports, built in the client from the table on the screen: the columns the person has
 * shown, in the order shown, with the headers in their language and the figures in their units, so
 * a file is right against a real Traccar too (the server's own xlsx is Traccar's, in English and its
 * units). One table (`exportTable`: headers and typed cells) feeds both formats, so the CSV and the
 * xlsx hold the same rows.
 *
 * - A figure in a unit is the number shown on the screen (rounded alike), and its unit is named in
 *   the header: "Speed (km/h)".
 * - A time is a real date-time cell holding the wall-clock time in the user's time zone. A
 *   spreadsheet has no zones: exceljs writes a `Date` as its UTC reading, so the cell's `Date` is
 *   the instant moved by the zone's offset at that instant (14:03 in Riyadh is written as a Date
 *   whose UTC reading is 14:03). CSV writes the same reading as `2026-11-02 14:03:05`, which
 *   spreadsheets read as a date-time.
 * - Text that a spreadsheet could take for a formula is neutralised, headers included, in both.
 *
 * Heavy only for the xlsx: exceljs is imported when `tableToXlsx` runs. Import this module itself
 * dynamically (papaparse), from Export.
 */
import Papa from 'papaparse';
import type { CellContext, ReportColumn } from '../reports/kinds';
import { zoneOffsetAt } from '../../domain/zoneOffset';

// ---------------------------------------------------------------------------------------------
// Formula neutralisation

/**
 * A cell a spreadsheet could read as a formula or a DDE command: one that begins with `=`, `+`,
 * `-`, `@`, a tab or a carriage return (OWASP's CSV injection list).
 *
 * papaparse's own `escapeFormulae: true` uses `/^[=+\-@\t\r].*$/`: the right characters, but
 * without the `s` flag `.*$` stops at a line feed, so `=HYPERLINK(…)\n` or `-1\nx` (an address
 * over two lines) would be written unescaped. This one only looks at the first character. No `g`
 * flag: `test` must not keep a `lastIndex` between cells.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** `value` with a leading `'` when a spreadsheet could take it for a formula; otherwise unchanged. */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

// ---------------------------------------------------------------------------------------------
// The table

/** A cell: a number, a wall-clock date-time (see above), text, or empty. */
export type TableCell = number | Date | string | null;

export interface TableColumn {
  header: string;
  /** what the column holds: a date-time or a day get a date format in the xlsx */
  type: 'text' | 'number' | 'time' | 'day';
  /** a width in characters for the xlsx */
  width: number;
}

export interface ExportTable {
  columns: TableColumn[];
  rows: TableCell[][];
  /** the sheet reads right to left (the user's language does) */
  rightToLeft: boolean;
}

/** The share of a column's width (`1.2fr`, 2) as characters of a spreadsheet column. */
function widthOf(width: number | string | undefined): number {
  const share = typeof width === 'number' ? width / 100 : width ? Number.parseFloat(width) : 1;
  return Math.max(10, Math.round(18 * (Number.isFinite(share) ? share : 1)));
}

/**
 * The table of an export: `columns` (the ones shown, in their order) over `rows`, in the language,
 * units and time zone of `context`.
 */
export function exportTable<Row>(columns: ReadonlyArray<ReportColumn<Row>>, rows: readonly Row[], context: CellContext, rightToLeft = false): ExportTable {
  const offsetOf = zoneOffsetAt(context.timeZone);
  const types: Array<TableColumn['type']> = columns.map((c) => (c.day ? 'day' : 'text'));
  const table = rows.map((row) =>
    columns.map((column, index): TableCell => {
      const value = column.value ? column.value(row, context) : column.text(row, context);
      if (value === null || value === undefined) return null;
      if (typeof value === 'string') return neutraliseCell(value);
      if (typeof value === 'number') {
        if (!Number.isFinite(value)) return null;
        if (types[index] === 'text') types[index] = 'number';
        return value;
      }
      const ms = value.getTime();
      if (Number.isNaN(ms)) return null;
      // the wall clock in the user's zone, to the second the screen shows
      const wall = new Date(Math.floor((ms + offsetOf(ms)) / 1000) * 1000);
      if (column.day) return new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()));
      types[index] = 'time';
      return wall;
    }),
  );
  const headers = columns.map((c) => {
    const header = context.i18n._(c.header);
    return neutraliseCell(c.unit ? `${header} (${context.units.unit(c.unit)})` : header);
  });
  return {
    columns: columns.map((c, index) => ({ header: headers[index]!, type: types[index]!, width: widthOf(c.width) })),
    rows: table,
    rightToLeft,
  };
}

// ---------------------------------------------------------------------------------------------
// CSV

/** A wall-clock `Date` as a spreadsheet reads it from text: `2026-11-02 14:03:05`, or the day alone. */
function wallText(date: Date, type: TableColumn['type']): string {
  const iso = date.toISOString();
  return type === 'day' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/**
 * The table as CSV (CRLF lines), with a UTF-8 byte order mark: without it Excel reads the file in
 * the system's code page and Arabic comes out as mojibake. Numbers are written as numbers; text was
 * neutralised when the table was made, and papaparse's own check (`FORMULA_START`) is kept as well.
 */
export function tableToCsv(table: ExportTable, bom = true): string {
  const data = table.rows.map((row) => row.map((cell, index) => (cell instanceof Date ? wallText(cell, table.columns[index]!.type) : cell)));
  const csv = Papa.unparse({ fields: table.columns.map((c) => c.header), data }, { escapeFormulae: FORMULA_START, newline: '\r\n' });
  return bom ? `\uFEFF${csv}` : csv;
}

// ---------------------------------------------------------------------------------------------
// xlsx

const DATE_FORMAT: Partial<Record<TableColumn['type'], string>> = { time: 'yyyy-mm-dd hh:mm:ss', day: 'yyyy-mm-dd' };

/** A sheet name Excel accepts: at most 31 characters, none of \ / ? * [ ] : and no leading quote. */
function sheetName(title: string): string {
  return title.replace(/[\\/?*[\]:']/g, ' ').trim().slice(0, 31) || 'Report';
}

/** The table as an xlsx workbook of one sheet named `title`: a bold, frozen header row, dates formatted. */
export async function tableToXlsx(table: ExportTable, title: string): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.creator = 'Athar';
  const sheet = book.addWorksheet(sheetName(title), { views: [{ state: 'frozen', ySplit: 1, rightToLeft: table.rightToLeft }] });
  sheet.columns = table.columns.map((c) => {
    const numFmt = DATE_FORMAT[c.type];
    return { header: c.header, width: numFmt ? Math.max(c.width, 20) : c.width, ...(numFmt ? { style: { numFmt } } : {}) };
  });
  sheet.getRow(1).font = { bold: true };
  sheet.addRows(table.rows);
  return (await book.xlsx.writeBuffer()) as ArrayBuffer;
}
