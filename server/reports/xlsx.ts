/**
 * Excel output of the reports (exceljs). One sheet, a header row and one row per item. Every string
 * that a spreadsheet could read as a formula (leading =, +, -, @, tab or CR) is prefixed with `'`.
 */
import ExcelJS from 'exceljs';

export type CellValue = string | number | boolean | null;

export interface Column {
  header: string;
  width?: number;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** Neutralises a string a spreadsheet would evaluate. */
export function escapeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export async function buildWorkbook(sheetName: string, columns: Column[], rows: CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Athar';
  const sheet = workbook.addWorksheet(escapeCell(sheetName).replace(/[\\/?*[\]:']/g, ' ').slice(0, 31) || 'Report');
  sheet.columns = columns.map((c) => ({ header: escapeCell(c.header), width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(row.map((value) => (typeof value === 'string' ? escapeCell(value) : value)));
  }
  const data = await workbook.xlsx.writeBuffer();
  return Buffer.from(data);
}

/** Reads a workbook's first sheet back as rows of plain values (tests, diagnostics). */
export async function readWorkbook(buffer: Buffer): Promise<CellValue[][]> {
  const workbook = new ExcelJS.Workbook();
  // exceljs declares its own Buffer type (an ArrayBuffer); a Node Buffer is what it reads.
  await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  const rows: CellValue[][] = [];
  sheet?.eachRow((row) => {
    const values: CellValue[] = [];
    row.eachCell({ includeEmpty: true }, (cell) => {
      const v = cell.value;
      if (v === null || v === undefined) values.push(null);
      else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') values.push(v);
      else if (v instanceof Date) values.push(v.toISOString());
      else if (typeof v === 'object' && 'formula' in v) values.push(`=${String(v.formula)}`);
      else values.push(String(cell.text));
    });
    rows.push(values);
  });
  return rows;
}
