import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Button as AriaButton, MenuTrigger, ToggleButton, type Selection } from 'react-aria-components';
import { Menu, MenuItem, MultiSelect, Table, type TableColumn } from '../../ui';
import type { Position } from '../../../contract/models';
import type { Units } from '../../domain/units';
import { numericAttributes } from '../../domain/chartSeries';
import { ReportChart } from './ReportChart';
import { attributeChoices } from '../map/positionAttributes';
import * as buttonStyles from '../../ui/Button.css';
import type { ReportSearch } from '../../domain/reportFilter';
import { ValueText } from '../../ui/ValueText';
import type { CellContext, ReportKind } from './kinds';
import * as styles from './reports.css';
import { screenOnly } from '../../ui/print.css';
import { PrintTable } from './ReportPrint';

interface Row {
  id: number;
  row: unknown;
}

/** The map beside the table brings MapLibre: loaded with the first report that has rows to draw. */
const ReportMap = lazy(() => import('./ReportMap').then((m) => ({ default: m.ReportMap })));

const COLUMNS_KEY = (kind: string) => `athar.reportColumns.${kind}`;
const MAP_KEY = 'athar.reports.map';

/** A choice kept on this device; null where there is none or storage is refused (private mode). */
function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps a choice on this device; where storage is refused it is applied, not remembered. */
function writeStored(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* not remembered, still applied */
  }
}

/** The columns chosen for a kind, remembered on this device (the defaults where none or a broken value). */
export function storedColumns(kind: ReportKind): Set<string> {
  const defaults = new Set(kind.columns.filter((c) => c.defaultVisible !== false).map((c) => c.id));
  const raw = readStored(COLUMNS_KEY(kind.id));
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (Array.isArray(parsed)) {
      const known = parsed.filter((id): id is string => typeof id === 'string' && kind.columns.some((c) => c.id === id));
      if (known.length) return new Set(known);
    }
  } catch {
    /* a broken value: the defaults */
  }
  return defaults;
}

/** Keeps the columns chosen for a kind on this device. */
export function rememberColumns(kind: ReportKind, visible: ReadonlySet<string>): void {
  writeStored(COLUMNS_KEY(kind.id), JSON.stringify([...visible]));
}

/** Whether the report's map pane is shown (the person's choice, kept for every kind; shown by default). */
const storedMapShown = (): boolean => readStored(MAP_KEY) !== 'hidden';

export interface ReportResultsProps {
  kind: ReportKind;
  rows: readonly unknown[];
  context: CellContext;
  search: ReportSearch;
  onSearch: (next: ReportSearch) => void;
  units: Units;
  /** the columns shown (the page keeps them: Export writes these) */
  visible: ReadonlySet<string>;
  onVisible: (next: Set<string>) => void;
}

/**
 * A report's rows: a virtualised table with the columns the person chose (remembered per kind),
 * and the selected row on the map beside it.
 */
export function ReportResults(props: ReportResultsProps) {
  const { kind, rows, context, visible } = props;
  const shown = useMemo(() => kind.columns.filter((c) => visible.has(c.id)), [kind, visible]);
  // printed before the map, after the chart
  const printed = <PrintTable columns={shown} rows={rows} context={context} />;
  return kind.view === 'chart' ? <ChartResults {...props} printed={printed} /> : <TableResults {...props} printed={printed} />;
}

/** The chart of any numeric attribute of the positions, several on one chart; the choice is in the address. */
function ChartResults({ rows, search, onSearch, context, units, printed }: ReportResultsProps & { printed: ReactNode }) {
  const { t, i18n } = useLingui();
  const positions = rows as readonly Position[];
  const available = useMemo(() => numericAttributes(positions), [positions]);
  const chosen = (search.attribute ?? ['speed']).filter((key) => available.includes(key));
  const attributes = chosen.length ? chosen : available.slice(0, 1);
  // printed: the chart, then its positions
  return (
    <>
      <div className={styles.chart}>
        <MultiSelect
          label={t`Attributes`}
          items={attributeChoices(i18n, available)}
          values={attributes}
          onChange={(values) => values.length && onSearch({ ...search, attribute: values })}
          className={`${styles.field} ${screenOnly}`}
        />
        <ReportChart positions={positions} attributes={attributes} units={units} timeZone={context.timeZone} locale={i18n.locale} label={t`Chart of the report`} />
      </div>
      {printed}
    </>
  );
}

function TableResults({ kind, rows, context, visible, onVisible, printed }: ReportResultsProps & { printed: ReactNode }) {
  const { t, i18n } = useLingui();
  const [selected, setSelected] = useState<number | null>(null);
  const [mapShown, setMapShown] = useState(storedMapShown);
  const wrapped = useMemo<Row[]>(() => rows.map((row, id) => ({ id, row })), [rows]);
  const visibleKey = [...visible].join();
  const columns = useMemo<Array<TableColumn<Row>>>(
    () =>
      kind.columns
        .filter((c) => visible.has(c.id))
        .map((c, index) => ({
          id: c.id,
          header: i18n._(c.header),
          isRowHeader: index === 0,
          ...(c.width ? { width: c.width } : {}),
          cell: (r: Row) => <ValueText text={c.text(r.row, context)} />,
        })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [kind, visibleKey, context, i18n.locale],
  );
  const first = kind.columns.find((c) => visible.has(c.id)) ?? kind.columns[0]!;
  const textValue = useCallback((r: Row) => first.text(r.row, context), [first, context]);

  return (
    <div className={styles.results} data-testid="report-results">
      <div className={`${styles.table} ${screenOnly}`}>
        <div className={styles.tableTools}>
          <p className={styles.muted} role="status" data-testid="report-count">
            {t`${rows.length} rows`}
          </p>
          <div className={styles.tools}>
          {kind.map ? (
            <ToggleButton
              isSelected={mapShown}
              onChange={(shown) => {
                setMapShown(shown);
                writeStored(MAP_KEY, shown ? 'shown' : 'hidden');
              }}
              className={`${buttonStyles.button({ variant: 'secondary' })} ${styles.toggleOn}`}
              data-testid="report-map-toggle"
            >
              {t`Map`}
            </ToggleButton>
          ) : null}
          <MenuTrigger>
            <AriaButton className={buttonStyles.button({ variant: 'secondary' })}>{t`Columns`}</AriaButton>
            <Menu
              placement="bottom end"
              selectionMode="multiple"
              selectedKeys={visible}
              onSelectionChange={(keys: Selection) => {
                const next = keys === 'all' ? new Set(kind.columns.map((c) => c.id)) : new Set([...keys].map(String));
                if (next.size > 0) onVisible(next);
              }}
            >
              {kind.columns.map((c) => (
                <MenuItem key={c.id} id={c.id}>
                  {i18n._(c.header)}
                </MenuItem>
              ))}
            </Menu>
          </MenuTrigger>
          </div>
        </div>
        <Table
          aria-label={i18n._(kind.title)}
          rows={wrapped}
          columns={columns}
          textValue={textValue}
          sortLabel={(header) => header}
          selectedId={selected}
          onSelect={(r) => setSelected(r?.id ?? null)}
          empty={t`Nothing in this period.`}
          wrap
        />
      </div>
      {printed}
      {kind.map && mapShown ? (
        <div className={styles.map}>
          <Suspense fallback={null}>
            <ReportMap kind={kind.map} rows={rows} selected={selected} onSelect={setSelected} label={t`Map of the report`} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
