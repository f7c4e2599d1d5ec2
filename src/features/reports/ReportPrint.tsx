/**
 * What a report prints besides its map and chart (the browser's print to PDF, `src/ui/print.css.ts`):
 * the filter as a header, and the rows as a plain table. Both are in the page all the time, hidden on
 * screen, so printing needs no script: the virtualised table on screen only has the rows in view,
 * and Chromium's own PDF (`page.pdf()`) prints without a `beforeprint` event.
 */
import { memo, useDeferredValue } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { ReportColumn, CellContext } from '../../shared/reports/kinds';
import { formatTime } from '../../shared/reports/kinds';
import { ValueText } from '../../ui/ValueText';
import { printOnly } from '../../ui/print.css';
import * as styles from './reportPrint.css';

/** The most rows printed: a longer report is a file to export, not pages to print. */
export const PRINT_ROWS = 2000;

export interface PrintHeaderProps {
  devices: readonly string[];
  groups: readonly string[];
  from: string;
  to: string;
  context: CellContext;
}

/** The filter as it was run: devices, groups and the period in the user's language and time zone. */
export function PrintHeader({ devices, groups, from, to, context }: PrintHeaderProps) {
  const { t, i18n } = useLingui();
  const list = (names: readonly string[]) => new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(names);
  const period = `${formatTime(context, from)} – ${formatTime(context, to)}`;
  return (
    // the print-only box around the list: the list's own display (grid) would show it on screen
    <div className={printOnly} data-testid="print-header">
      <dl className={styles.header}>
        {devices.length ? (
          <div className={styles.term}>
            <dt>{t`Devices`}</dt>
            <dd>{list(devices)}</dd>
          </div>
        ) : null}
        {groups.length ? (
          <div className={styles.term}>
            <dt>{t`Groups`}</dt>
            <dd>{list(groups)}</dd>
          </div>
        ) : null}
        <div className={styles.term}>
          <dt>{t`Period`}</dt>
          <dd>
            <ValueText text={period} /> ({context.timeZone})
          </dd>
        </div>
      </dl>
    </div>
  );
}

export interface PrintTableProps {
  columns: ReadonlyArray<ReportColumn<unknown>>;
  rows: readonly unknown[];
  context: CellContext;
}

const NO_ROWS: readonly unknown[] = [];

/**
 * The rows as a plain table, every row up to `PRINT_ROWS` (kept while the rows and columns are the
 * same). Its rows come in a deferred render of their own (first with none): up to 2,000 rows of
 * cells are kept off the path from Show to the screen's first rows.
 */
export const PrintTable = memo(function PrintTable({ columns, rows: shown, context }: PrintTableProps) {
  const { t, i18n } = useLingui();
  const rows = useDeferredValue(shown, NO_ROWS);
  const printed = rows.length > PRINT_ROWS ? rows.slice(0, PRINT_ROWS) : rows;
  const limit = PRINT_ROWS;
  const total = rows.length;
  return (
    <div className={printOnly} data-testid="print-table">
      {total > limit ? <p className={styles.note}>{t`The first ${limit} of ${total} rows are printed; export the report for all of them.`}</p> : null}
      <table className={styles.table}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.id} scope="col">
                {i18n._(c.header)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {printed.map((row, index) => (
            <tr key={index}>
              {columns.map((c) => (
                <td key={c.id}>
                  <ValueText text={c.text(row, context)} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
