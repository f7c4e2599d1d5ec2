/**
 * The fleet at a glance: how many vehicles are moving, idle, parked, offline or never heard from (in
 * all and per group), what needs attention (maintenance, expiry, silence, geofences holding vehicles),
 * today's distance, driving time and engine hours with the top and bottom vehicles, and today's
 * events by kind. Each figure is a link: to the device list and map filtered to exactly those
 * vehicles (`/?fleet=idle`), or to the events report of today.
 *
 * The live counts come from the live store through selectors that change only when a count changes
 * (one linear pass per store change, memoised by its maps); today's figures from the fleet overview
 * machine (`src/machines/fleetOverview`), which this view looks at while it is shown.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Button, Link, Spinner, Table, type SortDescriptor, type TableColumn } from '../../ui';
import type { LiveState } from '../../domain/liveStore';
import { FLEET_STATES, fleetThresholds, type FleetState } from '../../domain/fleetState';
import {
  createOverviewCounter,
  dayTotals,
  eventKinds,
  eventsReportSearch,
  FLEET_FIRST_RENDER_MEASURE,
  fleetSearchOf,
  rankVehicles,
  type FleetFilter,
  type VehicleDay,
  type VehicleMeasure,
} from '../../domain/fleetOverview';
import { maintenanceFindings } from '../../domain/maintenanceDue';
import { resources } from '../../api/resources';
import { useSession } from '../../shared/hooks';
import { useServices } from '../../shared/services';
import { useLive } from '../../shared/useLive';
import { useNow } from '../../shared/useNow';
import { useSessionList } from '../../shared/sessionLists';
import { useUnitFormatters } from '../../shared/useUnits';
import { formatDuration } from '../../shared/reports/kinds';
import { alarmLabel, eventTypeName } from '../../shared/eventTypes';
import { selectServer } from '../../machines/session/selectors';
import { useFleetOverviewActor } from './fleetOverviewActor';
import * as styles from './FleetOverview.css';

export const STATE_LABELS: Record<FleetState, MessageDescriptor> = {
  moving: msg`Moving`,
  idle: msg`Idle`,
  parked: msg`Parked`,
  offline: msg`Offline`,
  never: msg`Never reported`,
};

/** How many vehicles the top and bottom lists show. */
const RANKED = 10;


function useFirstRenderMeasure(): void {
  const started = useRef<number | null>(null);
  if (started.current === null) started.current = performance.now();
  useEffect(() => {
    const start = started.current ?? performance.now();
    // to the frame that shows it: the render, the commit, style and layout
    const frame = requestAnimationFrame(() => {
      performance.measure(FLEET_FIRST_RENDER_MEASURE, { start, end: performance.now() });
    });
    return () => cancelAnimationFrame(frame);
  }, []);
}

/** The address of the device list filtered by `filter`. */
function useFleetHref(): (filter: FleetFilter) => string {
  const router = useRouter();
  return useCallback((filter: FleetFilter) => router.buildLocation({ to: '/', search: fleetSearchOf(filter) as never }).href, [router]);
}

export function FleetOverview({ layout }: { layout: 'page' | 'panel' }) {
  useFirstRenderMeasure();
  const { t } = useLingui();
  const actor = useFleetOverviewActor();
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  const failed = useSelector(actor, (s) => s.matches({ awake: 'failed' }));
  return (
    <div className={styles.overview} data-layout={layout} data-testid="fleet-overview">
      <div className={styles.header}>
        <h1 className={styles.title}>{t`Fleet overview`}</h1>
        <span className={styles.status} role="status">
          {busy ? (
            <>
              <Spinner size="sm" />
              <span>{t`Updating today’s figures…`}</span>
            </>
          ) : null}
        </span>
        <Button variant="secondary" onPress={() => actor.send({ type: 'REFRESH' })} isDisabled={busy}>
          {t`Refresh`}
        </Button>
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {failed ? t`Today’s figures could not be loaded: ${error}` : t`Today’s figures could not be renewed: ${error}`}
        </p>
      ) : null}
      <StatesSection />
      <AttentionSection />
      <TodaySection layout={layout} />
      <EventsSection />
    </div>
  );
}

// --- states now ---

function useThresholds() {
  const server = useSession(selectServer);
  return useMemo(() => fleetThresholds(server?.attributes), [server]);
}

function useCounts() {
  const thresholds = useThresholds();
  const now = useNow(60_000);
  const counter = useMemo(() => createOverviewCounter(), []);
  const select = useCallback((state: LiveState) => counter(state.devices, state.positions, thresholds, now), [counter, thresholds, now]);
  return useLive(select);
}

function StatesSection() {
  const { t, i18n } = useLingui();
  const counts = useCounts();
  const groups = useSessionList(resources.groups);
  const href = useFleetHref();
  const groupRows = useMemo(() => {
    const names = new Map((groups.data ?? []).map((g) => [g.id, g.name]));
    return [...counts.groups.entries()]
      .map(([id, group]) => ({ id, name: id === 0 ? null : (names.get(id) ?? `#${id}`), ...group }))
      .sort((a, b) => (a.name === null ? 1 : b.name === null ? -1 : a.name.localeCompare(b.name, i18n.locale)));
  }, [counts.groups, groups.data, i18n.locale]);
  return (
    <section className={styles.section} aria-labelledby="fleet-states">
      <h2 id="fleet-states" className={styles.sectionTitle}>
        {t`Now`} <span className={styles.muted}>{t`${plural(counts.total, { one: '# device', other: '# devices' })}`}</span>
      </h2>
      <ul className={styles.tiles}>
        {FLEET_STATES.map((state) => (
          <li key={state}>
            <Tile href={href({ kind: state })} label={i18n._(STATE_LABELS[state])} count={counts.states[state]} state={state} />
          </li>
        ))}
      </ul>
      {groupRows.length > 1 || (groupRows.length === 1 && groupRows[0]!.id !== 0) ? (
        <div className={styles.tableScroll}>
          <table className={styles.groups} data-testid="fleet-groups">
            <caption className={styles.visuallyHidden}>{t`Devices per group and state`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Group`}</th>
                {FLEET_STATES.map((state) => (
                  <th key={state} scope="col">
                    {i18n._(STATE_LABELS[state])}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {groupRows.map((group) => (
                <tr key={group.id} data-group-id={group.id}>
                  <th scope="row">
                    <bdi>{group.name ?? t`No group`}</bdi>
                  </th>
                  {FLEET_STATES.map((state) => (
                    <td key={state} data-state={state}>
                      {group.states[state] > 0 ? (
                        <Link href={href({ kind: state, groupId: group.id })} aria-label={t`${i18n._(STATE_LABELS[state])} in ${group.name ?? t`No group`}: ${i18n.number(group.states[state])}`}>
                          {i18n.number(group.states[state])}
                        </Link>
                      ) : (
                        <span className={styles.muted}>{i18n.number(0)}</span>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function Tile({ href, label, count, state, testId }: { href: string; label: string; count: number; state?: FleetState; testId?: string }) {
  const { i18n } = useLingui();
  return (
    <Link href={href} className={styles.tile} data-state={state} data-testid={testId ?? `fleet-tile-${state}`} data-count={count}>
      <span className={styles.tileCount}>{i18n.number(count)}</span>
      <span className={styles.tileLabel}>{label}</span>
    </Link>
  );
}

// --- attention ---

function useMaintenanceCount(): number {
  const actor = useFleetOverviewActor();
  const links = useSelector(actor, (s) => s.context.links);
  const items = useSessionList(resources.maintenance);
  const thresholds = useThresholds();
  const select = useMemo(() => {
    const byId = new Map((items.data ?? []).map((item) => [item.id, item]));
    let last: { positions: unknown; count: number } | null = null;
    return (state: LiveState) => {
      if (!links || byId.size === 0) return 0;
      if (last?.positions === state.positions) return last.count;
      const count = maintenanceFindings(byId, links, state.positions, thresholds.maintenanceDueShare).size;
      last = { positions: state.positions, count };
      return count;
    };
  }, [links, items.data, thresholds]);
  return useLive(select);
}

function AttentionSection() {
  const { t, i18n } = useLingui();
  const counts = useCounts();
  const maintenance = useMaintenanceCount();
  const geofences = useSessionList(resources.geofences);
  const href = useFleetHref();
  const inside = useMemo(() => {
    const names = new Map((geofences.data ?? []).map((g) => [g.id, g.name]));
    return [...counts.geofences.entries()]
      .map(([id, count]) => ({ id, count, name: names.get(id) ?? `#${id}` }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, i18n.locale));
  }, [counts.geofences, geofences.data, i18n.locale]);
  return (
    <section className={styles.section} aria-labelledby="fleet-attention">
      <h2 id="fleet-attention" className={styles.sectionTitle}>
        {t`Needs attention`}
      </h2>
      <ul className={styles.tiles}>
        <li>
          <Tile href={href({ kind: 'maintenance' })} label={t`Maintenance due`} count={maintenance} testId="fleet-tile-maintenance" />
        </li>
        <li>
          <Tile href={href({ kind: 'expiring' })} label={t`Expiring within 30 days`} count={counts.expiring} testId="fleet-tile-expiring" />
        </li>
        <li>
          <Tile href={href({ kind: 'silent' })} label={t`Silent`} count={counts.silent} testId="fleet-tile-silent" />
        </li>
      </ul>
      <h3 className={styles.subTitle}>{t`Geofences with vehicles inside`}</h3>
      {inside.length === 0 ? (
        <p className={styles.muted}>{t`No vehicle is inside a geofence.`}</p>
      ) : (
        <ul className={styles.rows}>
          {inside.map((geofence) => (
            <li key={geofence.id} className={styles.row}>
              <Link href={href({ kind: 'geofence', geofenceId: geofence.id })} data-testid={`fleet-geofence-${geofence.id}`}>
                <bdi>{geofence.name}</bdi>
              </Link>
              <span className={styles.rowCount}>{i18n.number(geofence.count)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// --- today ---

const MEASURES: readonly VehicleMeasure[] = ['distance', 'driving', 'engineHours'];

function TodaySection({ layout }: { layout: 'page' | 'panel' }) {
  const { t, i18n } = useLingui();
  const { live } = useServices();
  const actor = useFleetOverviewActor();
  const today = useSelector(actor, (s) => s.context.today);
  const format = useUnitFormatters();
  const totals = useMemo(() => (today ? dayTotals(today.summary, today.trips, live.getState().devices) : null), [today, live]);
  const [sort, setSort] = useState<SortDescriptor>({ column: 'distance', direction: 'descending' });
  const measure = (MEASURES as readonly string[]).includes(String(sort.column)) ? (sort.column as VehicleMeasure) : 'distance';
  const end = sort.direction === 'ascending' ? 'bottom' : 'top';
  const rows = useMemo(() => (totals ? rankVehicles(totals.vehicles, measure, end, RANKED) : []), [totals, measure, end]);
  const columns = useMemo<TableColumn<VehicleDay>[]>(
    () => [
      { id: 'name', header: t`Device`, cell: (row) => <bdi data-device-id={row.id}>{row.name}</bdi>, isRowHeader: true, width: '1.4fr', minWidth: 112 },
      { id: 'distance', header: t`Distance`, cell: (row) => <span data-value={row.distance}>{format.distance(row.distance)}</span>, allowsSorting: true, minWidth: 80 },
      { id: 'driving', header: t`Driving`, cell: (row) => <span data-value={row.driving}>{formatDuration(i18n, row.driving)}</span>, allowsSorting: true, minWidth: 80 },
      {
        id: 'engineHours',
        header: t`Engine hours`,
        cell: (row) => <span data-value={row.engineHours}>{formatDuration(i18n, row.engineHours)}</span>,
        allowsSorting: true,
        minWidth: 80,
      },
    ],
    [t, i18n, format],
  );
  const measureLabel = columns.find((c) => c.id === measure)?.header ?? '';
  return (
    <section className={styles.section} aria-labelledby="fleet-today">
      <h2 id="fleet-today" className={styles.sectionTitle}>
        {t`Today so far`}
      </h2>
      {totals ? (
        <>
          <dl className={styles.figures} data-testid="fleet-today">
            <div className={styles.figure}>
              <dt>{t`Distance`}</dt>
              <dd data-testid="fleet-distance" data-value={totals.distance}>
                {format.distance(totals.distance)}
              </dd>
            </div>
            <div className={styles.figure}>
              <dt>{t`Driving`}</dt>
              <dd data-testid="fleet-driving" data-value={totals.driving}>
                {formatDuration(i18n, totals.driving)}
              </dd>
            </div>
            <div className={styles.figure}>
              <dt>{t`Engine hours`}</dt>
              <dd data-testid="fleet-engine-hours" data-value={totals.engineHours}>
                {formatDuration(i18n, totals.engineHours)}
              </dd>
            </div>
          </dl>
          <h3 className={styles.subTitle} id="fleet-ranked">
            {end === 'top' ? t`Top ${i18n.number(RANKED)} by ${measureLabel}` : t`Bottom ${i18n.number(RANKED)} by ${measureLabel}`}
          </h3>
          <div className={styles.ranked} data-layout={layout}>
            <Table
              aria-label={end === 'top' ? t`Top ${i18n.number(RANKED)} by ${measureLabel}` : t`Bottom ${i18n.number(RANKED)} by ${measureLabel}`}
              rows={rows}
              columns={columns}
              textValue={(row) => row.name}
              sort={sort}
              onSortChange={setSort}
              sortLabel={(header, direction) =>
                direction === 'descending' ? t`${header}: most first` : direction === 'ascending' ? t`${header}: least first` : t`Sort by ${header}`
              }
              empty={t`No vehicle has reported today.`}
            />
          </div>
        </>
      ) : (
        <p className={styles.muted}>{t`Loading today’s figures…`}</p>
      )}
    </section>
  );
}

// --- events ---

function EventsSection() {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const actor = useFleetOverviewActor();
  const today = useSelector(actor, (s) => s.context.today);
  const kinds = useMemo(() => (today ? eventKinds(today.events) : null), [today]);
  return (
    <section className={styles.section} aria-labelledby="fleet-events">
      <h2 id="fleet-events" className={styles.sectionTitle}>
        {t`Alarms and events today`}
      </h2>
      {kinds === null ? (
        <p className={styles.muted}>{t`Loading today’s figures…`}</p>
      ) : kinds.length === 0 ? (
        <p className={styles.muted}>{t`No events today.`}</p>
      ) : (
        <ul className={styles.rows}>
          {kinds.map((kind) => {
            const label = kind.alarm !== undefined ? alarmLabel(i18n, kind.alarm) : eventTypeName(i18n, kind.type);
            const href = router.buildLocation({ to: '/reports/{-$kind}', params: { kind: 'events' }, search: eventsReportSearch(kind) as never }).href;
            return (
              <li key={`${kind.type}:${kind.alarm ?? ''}`} className={styles.row} data-event-kind={kind.alarm ?? kind.type}>
                <Link href={href}>{label}</Link>
                <span className={styles.rowCount}>{i18n.number(kind.count)}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
