import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Button as AriaButton, MenuTrigger, ToggleButton, type Selection } from 'react-aria-components';
import { Menu, MenuItem, MultiSelect, Table, type TableColumn } from '../../ui';
import type { Position } from '../../../contract/models';
import type { Units } from '../../domain/units';
import { numericAttributes } from '../../domain/chartSeries';
import { attributeChoices } from '../map/positionAttributes';
import * as buttonStyles from '../../ui/Button.css';
import type { ReportSearch } from '../../domain/reportFilter';
import { createValueStore } from '../../domain/valueStore';
import type { HoverPlace } from '../../map/layers/hoverMarker';
import { ValueText } from '../../ui/ValueText';
import type { CellContext, ReportKind } from './kinds';
import { readStored, useShown, writeStored } from '../app/storedChoice';
import * as styles from './reports.css';

/** What the chart under a route's map draws. */
const SPEED = ['speed'];

interface Row {
  id: number;
  row: unknown;
}

/** The map beside the table brings MapLibre: loaded with the first report that has rows to draw. */
const ReportMap = lazy(() => import('./ReportMap').then((m) => ({ default: m.ReportMap })));
/** The chart (uPlot) the same way: the rows are on screen first, the chart follows. */
const LinkedChart = lazy(() => import('./LinkedChart').then((m) => ({ default: m.LinkedChart })));

const COLUMNS_KEY = (kind: string) => `athar.reportColumns.${kind}`;
const MAP_KEY = 'athar.reports.map';
const CHART_KEY = 'athar.reports.chart';

/** The columns chosen for a kind, remembered on this device (the defaults where none or a broken value). */
function storedColumns(kind: ReportKind): Set<string> {
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

/**
 * What the map, the table and the chart of one report share: the selected row (a row or a point
 * chosen, marked on the chart) and the place of the moment under the chart's pointer (a value store
 * the map follows, so a pointer move renders nothing).
 */
function useLink(rows: readonly unknown[]) {
  const [selected, onSelect] = useState<number | null>(null);
  const [hovered] = useState(() => createValueStore<HoverPlace | null>(null));
  return { rows, selected, onSelect, hovered };
}

/** A pressed-or-not button that shows or hides a part of the results. */
function ShownToggle({ shown, onChange, label, testId }: { shown: boolean; onChange: (shown: boolean) => void; label: string; testId: string }) {
  return (
    <ToggleButton isSelected={shown} onChange={onChange} className={`${buttonStyles.button({ variant: 'secondary' })} ${styles.toggleOn}`} data-testid={testId}>
      {label}
    </ToggleButton>
  );
}

export interface ReportResultsProps {
  kind: ReportKind;
  rows: readonly unknown[];
  context: CellContext;
  search: ReportSearch;
  onSearch: (next: ReportSearch) => void;
  units: Units;
}

/**
 * A report's rows: a virtualised table with the columns the person chose (remembered per kind),
 * and the selected row on the map beside it.
 */
export function ReportResults(props: ReportResultsProps) {
  return props.kind.view === 'chart' ? <ChartResults {...props} /> : <TableResults {...props} />;
}

/**
 * The chart of any numeric attribute of the positions, several on one chart (the choice is in the
 * address), under the map of the same positions: the two linked (`LinkedChart`).
 */
function ChartResults({ rows, search, onSearch, context, units }: ReportResultsProps) {
  const { t, i18n } = useLingui();
  const positions = rows as readonly Position[];
  const available = useMemo(() => numericAttributes(positions), [positions]);
  const chosen = (search.attribute ?? ['speed']).filter((key) => available.includes(key));
  const attributes = chosen.length ? chosen : available.slice(0, 1);
  const link = useLink(rows);
  const [mapShown, setMapShown] = useShown(MAP_KEY);
  return (
    <div className={styles.chart}>
      <div className={styles.chartTools}>
        <MultiSelect
          label={t`Attributes`}
          items={attributeChoices(i18n, available)}
          values={attributes}
          onChange={(values) => values.length && onSearch({ ...search, attribute: values })}
          className={styles.field}
        />
        <ShownToggle shown={mapShown} onChange={setMapShown} label={t`Map`} testId="report-map-toggle" />
      </div>
      {mapShown ? (
        <div className={styles.chartMap}>
          <Suspense fallback={null}>
            <ReportMap {...link} kind="positions" label={t`Map of the report`} />
          </Suspense>
        </div>
      ) : null}
      <Suspense fallback={null}>
        <LinkedChart {...link} rows={positions} attributes={attributes} settings={{ units, timeZone: context.timeZone, locale: i18n.locale }} label={t`Chart of the report`} />
      </Suspense>
    </div>
  );
}

function TableResults({ kind, rows, context, units }: ReportResultsProps) {
  const { t, i18n } = useLingui();
  const [visible, setVisible] = useState<Set<string>>(() => storedColumns(kind));
  const link = useLink(rows);
  const { selected, onSelect: setSelected } = link;
  const [mapShown, setMapShown] = useShown(MAP_KEY);
  const [chartShown, setChartShown] = useShown(CHART_KEY);
  // the speed chart under the map: for reports whose rows are positions (the route)
  const charted = kind.map !== null && kind.positions === true;
  const paneShown = kind.map !== null && (mapShown || (charted && chartShown));
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
      <div className={styles.table}>
        <div className={styles.tableTools}>
          <p className={styles.muted} role="status" data-testid="report-count">
            {t`${rows.length} rows`}
          </p>
          <div className={styles.tools}>
          {kind.map ? <ShownToggle shown={mapShown} onChange={setMapShown} label={t`Map`} testId="report-map-toggle" /> : null}
          {charted ? <ShownToggle shown={chartShown} onChange={setChartShown} label={t`Chart`} testId="report-chart-toggle" /> : null}
          <MenuTrigger>
            <AriaButton className={buttonStyles.button({ variant: 'secondary' })}>{t`Columns`}</AriaButton>
            <Menu
              placement="bottom end"
              selectionMode="multiple"
              selectedKeys={visible}
              onSelectionChange={(keys: Selection) => {
                const next = keys === 'all' ? new Set(kind.columns.map((c) => c.id)) : new Set([...keys].map(String));
                if (next.size === 0) return;
                setVisible(next);
                writeStored(COLUMNS_KEY(kind.id), JSON.stringify([...next]));
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
      {kind.map && paneShown ? (
        <div className={styles.map}>
          {mapShown ? (
            <div className={styles.mapBox}>
              <Suspense fallback={null}>
                <ReportMap {...link} kind={kind.map} label={t`Map of the report`} />
              </Suspense>
            </div>
          ) : null}
          {charted && chartShown ? (
            <div className={styles.dockedChart}>
              <Suspense fallback={null}>
                <LinkedChart {...link} rows={rows as readonly Position[]} attributes={SPEED} settings={{ units, timeZone: context.timeZone, locale: i18n.locale }} label={t`Speed chart of the report`} compact />
              </Suspense>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
