import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocale } from 'react-aria';
import { assignInlineVars } from '@vanilla-extract/dynamic';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { Button as AriaButton, MenuTrigger, ToggleButton, type Selection } from 'react-aria-components';
import { Menu, MenuItem, MultiSelect, Table, type TableColumn } from '../../ui';
import type { Position } from '../../../contract/models';
import type { Units } from '../../domain/units';
import { numericAttributes } from '../../domain/chartSeries';
import { attributeChoices } from '../../shared/positionAttributes';
import * as buttonStyles from '../../ui/Button.css';
import type { ReportSearch } from '../../domain/reportFilter';
import { createValueStore } from '../../domain/valueStore';
import type { HoverPlace } from '../../map/layers/hoverMarker';
import { ValueText } from '../../ui/ValueText';
import { PaneDivider } from '../../ui/PaneDivider';
import { formatMapLayout, MAP_HEIGHT, MAP_SHARE, moveDivider, parseMapLayout, type MapLayout, type MapPlace } from '../../domain/reportMapLayout';
import type { CellContext, ReportKind } from '../../shared/reports/kinds';
import { readStored, useShown, writeStored } from '../../shared/storedChoice';
import * as styles from '../../shared/reports/reports.css';
import { screenOnly } from '../../ui/print.css';
import { PrintTable } from './ReportPrint';
import { ColumnsMenu } from '../../shared/ColumnsMenu';

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
/** where a table report's map pane is and its size (`reportMapLayout.ts`), kept for every kind */
const MAP_KEY = 'athar.reports.map';
/** whether the speed chart is docked under the route's map */
const CHART_KEY = 'athar.reports.chart';
/** whether the chart report shows its positions' map above the chart */
const CHART_MAP_KEY = 'athar.reports.chartMap';

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

/**
 * The columns a report shows (and exports and prints): those chosen, less the device's name where
 * the report covers one device (no group, one device: the filter names it).
 */
export function shownColumns(kind: ReportKind, visible: ReadonlySet<string>, search: ReportSearch): ReportKind['columns'] {
  const many = (search.deviceId?.length ?? 0) !== 1 || (search.groupId?.length ?? 0) > 0;
  return kind.columns.filter((c) => visible.has(c.id) && (many || !c.onlyForMany));
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
  /** the columns shown (the page keeps them: Export writes these) */
  visible: ReadonlySet<string>;
  onVisible: (next: Set<string>) => void;
}

/**
 * A report's rows: a virtualised table with the columns the person chose (remembered per kind),
 * and the selected row on the map beside it.
 */
export function ReportResults(props: ReportResultsProps) {
  const { kind, rows, context, visible, search } = props;
  const shown = useMemo(() => shownColumns(kind, visible, search), [kind, visible, search]);
  // printed before the map, after the chart
  const printed = <PrintTable columns={shown} rows={rows} context={context} />;
  return kind.view === 'chart' ? <ChartResults {...props} printed={printed} /> : <TableResults {...props} printed={printed} />;
}

/**
 * The chart of any numeric attribute of the positions, several on one chart (the choice is in the
 * address), under the map of the same positions: the two linked (`LinkedChart`).
 */
function ChartResults({ rows, search, onSearch, context, units, printed }: ReportResultsProps & { printed: ReactNode }) {
  const { t, i18n } = useLingui();
  const positions = rows as readonly Position[];
  const available = useMemo(() => numericAttributes(positions), [positions]);
  const chosen = (search.attribute ?? ['speed']).filter((key) => available.includes(key));
  const attributes = chosen.length ? chosen : available.slice(0, 1);
  const link = useLink(rows);
  const [mapShown, setMapShown] = useShown(CHART_MAP_KEY);
  // printed: the map and the chart, then its positions
  return (
    <>
    <div className={styles.chart}>
      <div className={styles.chartTools}>
        <MultiSelect
          label={t`Attributes`}
          items={attributeChoices(i18n, available)}
          values={attributes}
          onChange={(values) => values.length && onSearch({ ...search, attribute: values })}
          className={`${styles.field} ${screenOnly}`}
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
    {printed}
    </>
  );
}

function TableResults({ kind, rows, context, search, units, visible, onVisible, printed }: ReportResultsProps & { printed: ReactNode }) {
  const { t, i18n } = useLingui();
  const { direction } = useLocale();
  // the device's name is offered where the report covers several devices (a group, or more than one)
  const offered = useMemo(() => shownColumns(kind, new Set(kind.columns.map((c) => c.id)), search), [kind, search]);
  const link = useLink(rows);
  const { selected, onSelect: setSelected } = link;
  const [chartShown, setChartShown] = useShown(CHART_KEY);
  // the speed chart under the map: for reports whose rows are positions (the route)
  const charted = kind.map !== null && kind.positions === true;
  const [layout, setLayout] = useState<MapLayout>(() => parseMapLayout(readStored(MAP_KEY)));
  // the layout as last set, for the end of a drag (a key press starts, moves and ends in one event)
  const latest = useRef(layout);
  const changeLayout = (next: MapLayout, keep: boolean) => {
    latest.current = next;
    setLayout(next);
    if (keep) writeStored(MAP_KEY, formatMapLayout(next));
  };
  const resultsRef = useRef<HTMLDivElement>(null);
  const wrapped = useMemo<Row[]>(() => rows.map((row, id) => ({ id, row })), [rows]);
  const shown = useMemo(() => shownColumns(kind, visible, search), [kind, visible, search]);
  const shownKey = shown.map((c) => c.id).join();
  const columns = useMemo<Array<TableColumn<Row>>>(
    () =>
      shown.map((c, index) => ({
        id: c.id,
        header: i18n._(c.header),
        isRowHeader: index === 0,
        ...(c.width ? { width: c.width } : {}),
        ...(c.minWidth ? { minWidth: c.minWidth } : {}),
        cell: (r: Row) => <ValueText text={c.text(r.row, context)} />,
      })),
    [kind, shownKey, context, i18n.locale],
  );
  // the text a row is found by when typed: its first column's, unless that is a time (the device's
  // name, an event, a day); none where every column shown is a time
  const named = shown.find((c) => c.typeAhead !== false);
  const textValue = useCallback((r: Row) => (named ? named.text(r.row, context) : ''), [named, context]);
  const place: MapPlace = kind.map ? layout.place : 'hidden';
  const placeLabel: Record<MapPlace, string> = { beside: t`Beside the table`, above: t`Above the table`, hidden: t`Hidden` };

  const table = (
    <div className={`${styles.table} ${screenOnly}`}>
      <div className={styles.tableTools}>
        <p className={styles.muted} role="status" data-testid="report-count">
          {t`${plural(rows.length, { one: '# row', other: '# rows' })}`}
        </p>
        <div className={styles.tools}>
          {kind.map ? (
            <MenuTrigger>
              <AriaButton className={buttonStyles.button({ variant: 'secondary' })} data-testid="report-map-place" data-place={place}>
                {t`Map`}
              </AriaButton>
              <Menu
                placement="bottom end"
                selectionMode="single"
                selectedKeys={[place]}
                onSelectionChange={(keys: Selection) => {
                  const chosen = keys === 'all' ? null : ([...keys][0] as MapPlace | undefined);
                  if (!chosen) return;
                  changeLayout({ ...layout, place: chosen }, true);
                }}
              >
                {(['beside', 'above', 'hidden'] as const).map((id) => (
                  <MenuItem key={id} id={id} data-testid={`report-map-${id}`}>
                    {placeLabel[id]}
                  </MenuItem>
                ))}
              </Menu>
            </MenuTrigger>
          ) : null}
          {charted && place !== 'hidden' ? <ShownToggle shown={chartShown} onChange={setChartShown} label={t`Chart`} testId="report-chart-toggle" /> : null}
          <ColumnsMenu
            columns={offered}
            shown={visible}
            onChange={(keys) => {
              const next = keys === 'all' ? new Set(kind.columns.map((c) => c.id)) : new Set([...keys].map(String));
              if ([...next].some((id) => offered.some((c) => c.id === id))) onVisible(next);
            }}
          />
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
  );
  if (place === 'hidden' || !kind.map) {
    return (
      <div className={styles.results} data-testid="report-results" data-place="hidden">
        {table}
        {printed}
      </div>
    );
  }
  const beside = place === 'beside';
  const map = (
    <div
      className={styles.map}
      data-testid="report-map-pane"
      style={assignInlineVars({ [styles.mapShare]: `${layout.share * 100}%`, [styles.mapHeight]: `${layout.height}px` })}
    >
      <div className={styles.mapBox}>
        <Suspense fallback={null}>
          <ReportMap {...link} kind={kind.map} label={t`Map of the report`} />
        </Suspense>
      </div>
      {charted && chartShown ? (
        <div className={styles.dockedChart}>
          <Suspense fallback={null}>
            <LinkedChart {...link} rows={rows as readonly Position[]} attributes={SPEED} settings={{ units, timeZone: context.timeZone, locale: i18n.locale }} label={t`Speed chart of the report`} compact />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
  const divider = (
    <PaneDivider
      orientation={beside ? 'vertical' : 'horizontal'}
      label={t`Map size`}
      value={beside ? Math.round(layout.share * 100) : layout.height}
      min={beside ? MAP_SHARE.min * 100 : MAP_HEIGHT.min}
      max={beside ? MAP_SHARE.max * 100 : MAP_HEIGHT.max}
      valueText={beside ? i18n.number(layout.share, { style: 'percent' }) : t`${i18n.number(layout.height)} px`}
      onMove={(delta) => changeLayout(moveDivider(latest.current, delta, resultsRef.current?.getBoundingClientRect().width ?? 0, direction === 'rtl'), false)}
      onMoveEnd={() => changeLayout(latest.current, true)}
      data-testid="report-map-divider"
    />
  );
  return (
    <div ref={resultsRef} className={styles.results} data-testid="report-results" data-place={place}>
      {beside ? table : map}
      {divider}
      {beside ? null : table}
      {printed}
      {beside ? map : null}
    </div>
  );
}
