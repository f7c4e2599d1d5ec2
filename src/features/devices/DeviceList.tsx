/**
 * The device list: search, status and group filters, sort, and a virtualised react-aria
 * `GridList` (keyboard: arrows move the focus, Enter/Space select, type-ahead by name; the
 * context-menu key or Shift+F10 opens the row's device actions, as a right-click does) in step with
 * the live store's selection. The filtered id list is recomputed only when the device records change;
 * each row subscribes to its own device, so a position or status update re-renders that row only.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useLingui } from '@lingui/react/macro';
import { GridList, GridListItem, Virtualizer, type Selection } from 'react-aria-components';
import { FixedRowLayout } from '../../ui/fixedRowLayout';
import { AlertIcon, BatteryIcon, IgnitionIcon, SegmentedControl, Select, Spinner, TextField, type SelectItem } from '../../ui';
import type { Device } from '../../../contract/models';
import type { LiveState } from '../../domain/liveStore';
import { categoryIcon, categoryKey } from '../../domain/categories';
import { indicators, LOW_BATTERY, NO_INDICATORS, sameIndicators, type Indicators } from '../../domain/indicators';
import { ICON_PATHS } from '../../map/icons/paths';
import {
  createDeviceListView,
  DEFAULT_QUERY,
  statusCounts,
  type DeviceListQuery,
  type DeviceSort,
  type StatusCounts,
  type StatusFilter,
} from '../../domain/deviceList';
import { useServices } from '../../shared/services';
import { useFleetLoading } from '../../shared/hooks';
import { useSessionList } from '../../shared/sessionLists';
import { resources } from '../../api/resources';
import { categoryLabel, statusLabel } from '../../shared/labels';
import { alarmLabel } from '../../shared/eventTypes';
import { useLive } from '../../shared/useLive';
import { RelativeTime } from '../../shared/RelativeTime';
import { DeviceMenu, type DeviceMenuRequest } from '../../shared/deviceActions';
import { StateDuration } from '../../shared/fleet/StateDuration';
import { StateMarker } from '../../shared/fleet/StateMarker';
import { useStateSince } from '../../shared/fleet/stateSince';
import * as styles from './DeviceList.css';

export const ROW_HEIGHT = 56;
const LAYOUT_OPTIONS = { rowHeight: ROW_HEIGHT };
const STATUSES: readonly StatusFilter[] = ['all', 'online', 'offline', 'unknown'];
const ALL_GROUPS = 'all';

interface RowItem {
  readonly id: number;
  /** Type-ahead and screen-reader text of the row. */
  readonly name: string;
}

/**
 * A selector of the visible rows. One item object per id and name is reused across updates, so
 * equal results keep their identity and the collection reuses its cached rows.
 */
function rowsSelector(
  query: DeviceListQuery,
  view: ReturnType<typeof createDeviceListView>,
  only?: OnlySelector,
): (state: LiveState) => readonly RowItem[] {
  let cache = new Map<number, RowItem>();
  let last: { devices: LiveState['devices']; kept: ReadonlySet<number> | null; rows: readonly RowItem[] } | null = null;
  return (state) => {
    const devices = state.devices;
    // an overview filter (`?fleet=`): recomputed when its set of devices changes, not per position
    const kept = only ? only(state) : null;
    if (last && last.devices === devices && last.kept === kept) return last.rows;
    const next = new Map<number, RowItem>();
    const ids = view(devices, query);
    const rows = (kept ? ids.filter((id) => kept.has(id)) : ids).map((id) => {
      const name = devices.get(id)?.name ?? '';
      const cached = cache.get(id);
      const item = cached && cached.name === name ? cached : { id, name };
      next.set(id, item);
      return item;
    });
    cache = next;
    last = { devices, kept, rows };
    return rows;
  };
}

function sameItems(a: readonly RowItem[], b: readonly RowItem[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

function sameCounts(a: StatusCounts, b: StatusCounts): boolean {
  return a.all === b.all && a.online === b.online && a.offline === b.offline && a.unknown === b.unknown;
}

/** Memoises per devices map (identity): positions and events never trigger a recomputation. */
function byDevices<T>(compute: (devices: LiveState['devices']) => T): (state: LiveState) => T {
  let lastDevices: LiveState['devices'] | null = null;
  let last: T;
  return (state) => {
    if (state.devices !== lastDevices) {
      lastDevices = state.devices;
      last = compute(state.devices);
    }
    return last;
  };
}

/** The devices an overview filter keeps (the same set object while they are the same), or null for all. */
export type OnlySelector = (state: LiveState) => ReadonlySet<number> | null;

export interface DeviceListProps {
  /** Called after a row is chosen (e.g. to close the phone drawer). */
  onChosen?: () => void;
  /** Only these devices (the overview's filter, `?fleet=`). */
  only?: OnlySelector;
}

export function DeviceList({ onChosen, only }: DeviceListProps) {
  const { t, i18n } = useLingui();
  const { live } = useServices();
  const [query, setQuery] = useState<DeviceListQuery>(DEFAULT_QUERY);
  const fleetLoading = useFleetLoading();

  // the session's groups (loaded once the first map is drawn): the group filter's choices
  const groups = useSessionList(resources.groups);

  const view = useMemo(() => createDeviceListView(), []);
  const selectRows = useMemo(() => rowsSelector(query, view, only), [query, view, only]);
  const items = useLive(selectRows, sameItems);
  const countsSelector = useMemo(
    () => byDevices((devices) => statusCounts(devices.values(), { search: query.search, groupId: query.groupId })),
    [query.search, query.groupId],
  );
  const counts = useLive(countsSelector, sameCounts);
  const selectedId = useLive(selectSelectedId);

  const statusItems: SelectItem[] = STATUSES.map((status) => ({ id: status, label: `${statusLabel(i18n, status)} ${i18n.number(counts[status])}` }));
  const sortItems: SelectItem[] = [
    { id: 'name', label: t`Name` },
    { id: 'lastUpdate', label: t`Last update` },
  ];
  const groupItems: SelectItem[] = [
    { id: ALL_GROUPS, label: t`All groups` },
    ...(groups.data ?? []).map((group) => ({ id: String(group.id), label: group.name })),
  ];

  const selectedKeys = useMemo(() => (selectedId === null ? [] : [selectedId]), [selectedId]);
  const listRef = useRef<HTMLDivElement>(null);
  // Keep the selected row in view when the selection comes from elsewhere (the map).
  useEffect(() => {
    const element = listRef.current;
    if (selectedId === null || !element) return;
    const index = items.findIndex((item) => item.id === selectedId);
    if (index < 0) return;
    const top = index * ROW_HEIGHT;
    if (top < element.scrollTop || top + ROW_HEIGHT > element.scrollTop + element.clientHeight) {
      element.scrollTop = Math.max(0, top - (element.clientHeight - ROW_HEIGHT) / 2);
    }
    // Only when the selection changes: scrolling on every list change would fight the user.
  }, [selectedId]);

  const onSelectionChange = useCallback(
    (keys: Selection) => {
      if (keys === 'all') return;
      const [first] = [...keys];
      if (first === undefined) return;
      live.select(Number(first));
      onChosen?.();
    },
    [live, onChosen],
  );

  // Choosing the selected device again selects it again (the map brings it back into view after a
  // person moved the map away): the list keeps its one selected row, so react-aria reports no
  // change for it. The row pressed is remembered at the press's start, when it was already selected
  // (in the capture phase: react-aria's press handling stops the events at the row); Enter and
  // Space on it do the same from the keyboard.
  const pressedSelected = useRef<number | null>(null);
  const rowOf = (target: EventTarget): number | null => {
    const row = target instanceof Element ? target.closest('[data-device-id]') : null;
    return row ? Number(row.getAttribute('data-device-id')) : null;
  };

  // a row's actions (the one list: src/shared/deviceActions.tsx): the context-menu key or Shift+F10
  // on the focused row opens them under it, a right-click at the pointer; focus returns to the row
  const [menu, setMenu] = useState<DeviceMenuRequest | null>(null);
  const openMenuAtRow = (target: EventTarget): boolean => {
    const row = target instanceof Element ? target.closest('[data-device-id]') : null;
    if (!row) return false;
    const box = row.getBoundingClientRect();
    const rtl = getComputedStyle(row).direction === 'rtl';
    // under the row's name (past its picture), toward the row's end
    setMenu({ deviceId: Number(row.getAttribute('data-device-id')), x: rtl ? box.right - 56 : box.left + 56, y: box.bottom - 4 });
    return true;
  };

  return (
    <section
      className={styles.panel}
      aria-label={t`Devices`}
      onPointerDownCapture={(event) => {
        const id = rowOf(event.target);
        pressedSelected.current = id !== null && live.getState().selectedId === id ? id : null;
      }}
      onKeyDownCapture={(event) => {
        if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
          if (openMenuAtRow(event.target)) {
            event.preventDefault();
            event.stopPropagation();
          }
          return;
        }
        if (event.key !== 'Enter' && event.key !== ' ') return;
        const id = rowOf(event.target);
        if (id !== null && live.getState().selectedId === id) {
          live.select(id);
          onChosen?.();
        }
      }}
      onContextMenu={(event) => {
        const id = rowOf(event.target);
        if (id === null) return;
        event.preventDefault();
        // the context-menu key's own event, after its keydown opened the menu under the row
        if (menu?.deviceId === id) return;
        setMenu({ deviceId: id, x: event.clientX, y: event.clientY });
      }}
      onClickCapture={(event) => {
        const id = rowOf(event.target);
        if (id !== null && id === pressedSelected.current) {
          live.select(id);
          onChosen?.();
        }
        pressedSelected.current = null;
      }}
    >
      <div className={styles.filters}>
        <TextField
          aria-label={t`Search devices`}
          placeholder={t`Search devices`}
          type="search"
          value={query.search}
          onChange={(search) => setQuery((q) => ({ ...q, search }))}
        />
        <SegmentedControl
          aria-label={t`Status`}
          items={statusItems}
          selectedKey={query.status}
          onSelectionChange={(status) => setQuery((q) => ({ ...q, status: status as StatusFilter }))}
          className={styles.segmented}
        />
        <div className={styles.filterRow}>
          {groupItems.length > 1 && (
            <Select
              aria-label={t`Group`}
              items={groupItems}
              selectedKey={query.groupId === null ? ALL_GROUPS : String(query.groupId)}
              onSelectionChange={(key) => setQuery((q) => ({ ...q, groupId: key === ALL_GROUPS ? null : Number(key) }))}
              className={styles.grow}
            />
          )}
          <Select
            aria-label={t`Sort by`}
            items={sortItems}
            selectedKey={query.sort}
            onSelectionChange={(sort) => setQuery((q) => ({ ...q, sort: sort as DeviceSort }))}
            className={styles.grow}
          />
        </div>
      </div>
      <DeviceGrid items={items} selectedKeys={selectedKeys} onSelectionChange={onSelectionChange} listRef={listRef} loading={fleetLoading} />
      <DeviceMenu request={menu} onClose={() => setMenu(null)} />
    </section>
  );
}

const selectSelectedId = (state: LiveState) => state.selectedId;

interface DeviceGridProps {
  items: readonly RowItem[];
  selectedKeys: readonly number[];
  onSelectionChange: (keys: Selection) => void;
  listRef: RefObject<HTMLDivElement | null>;
  /** The fleet's first load is under way: an empty list says so, not that there are no devices. */
  loading: boolean;
}

/**
 * The virtualised grid, memoised: a status count or filter label changing does not re-render the
 * (up to 10,000-item) collection; only new rows, a new order or a new selection do.
 */
const DeviceGrid = memo(function DeviceGrid({ items, selectedKeys, onSelectionChange, listRef, loading }: DeviceGridProps) {
  const { t } = useLingui();
  return (
    <Virtualizer layout={FixedRowLayout} layoutOptions={LAYOUT_OPTIONS}>
      <GridList
        ref={listRef}
        aria-label={t`Devices`}
        items={items}
        selectionMode="single"
        // Arrow keys move the focus only; Enter/Space/click select (and the map flies there).
        selectionBehavior="toggle"
        disallowEmptySelection
        selectedKeys={selectedKeys}
        onSelectionChange={onSelectionChange}
        className={styles.list}
        data-testid="device-list"
        data-count={items.length}
        renderEmptyState={() => (
          <p className={styles.empty}>
            {loading && <Spinner size="sm" />}
            {loading ? t`Loading devices…` : t`No devices`}
          </p>
        )}
      >
        {renderRow}
      </GridList>
    </Virtualizer>
  );
});

/** Stable across renders, so the collection keeps its cached rows (10,000 of them) when the filters re-render. */
function renderRow(item: RowItem) {
  return (
    <GridListItem id={item.id} textValue={item.name} className={styles.row} data-device-id={item.id}>
      <DeviceRow id={item.id} />
    </GridListItem>
  );
}

const DeviceRow = memo(function DeviceRow({ id }: { id: number }) {
  const device = useLive(useCallback((state: LiveState) => state.devices.get(id), [id]));
  // only a change of what the row shows re-renders it, not every position
  const shown = useLive(
    useCallback((state: LiveState) => indicators(state.positions.get(id)?.attributes), [id]),
    sameIndicators,
  );
  if (!device) return null;
  return <DeviceRowContent device={device} indicators={shown} />;
});

function DeviceRowContent({ device, indicators: shown }: { device: Device; indicators: Indicators }) {
  const { i18n } = useLingui();
  return (
    <div className={styles.rowContent}>
      <StateAvatar deviceId={device.id} glyph={ICON_PATHS[categoryIcon(device.category)]} />
      <span className={styles.texts}>
        <span className={styles.name}>
          <bdi>{device.name}</bdi>
        </span>
        <span className={styles.meta}>
          <StateDuration deviceId={device.id} className={styles.state} />
          <span aria-hidden="true">·</span>
          <span>{categoryLabel(i18n, categoryKey(device.category))}</span>
        </span>
      </span>
      <RowIndicators indicators={shown} />
      <LastUpdate value={device.lastUpdate} />
    </div>
  );
}

/**
 * The category glyph on the device's marker as the map draws it: its fleet state's colour and shape.
 * Renders again only when the state does (the duration beside it has its own ticker).
 */
function StateAvatar({ deviceId, glyph }: { deviceId: number; glyph: string }) {
  const state = useStateSince(deviceId)?.state ?? 'never';
  return (
    <span className={styles.avatar} data-state={state}>
      <StateMarker state={state} glyph={glyph} />
    </span>
  );
}

/** Alarm, ignition and battery, as Traccar's device rows show them; each has a text for screen readers. */
function RowIndicators({ indicators: shown }: { indicators: Indicators }) {
  const { t, i18n } = useLingui();
  if (shown === NO_INDICATORS) return null;
  const alarms = new Intl.ListFormat(i18n.locale, { type: 'unit', style: 'narrow' }).format(shown.alarms.map((alarm) => alarmLabel(i18n, alarm)));
  const level = shown.battery === null ? '' : new Intl.NumberFormat(i18n.locale, { style: 'percent' }).format(shown.battery / 100);
  return (
    <span className={styles.indicators}>
      {shown.alarms.length > 0 && (
        <span role="img" aria-label={t`Alarm: ${alarms}`} title={t`Alarm: ${alarms}`} className={styles.alarm} data-indicator="alarm">
          <AlertIcon />
        </span>
      )}
      {shown.ignition !== null && (
        <span
          role="img"
          aria-label={shown.ignition ? t`Ignition on` : t`Ignition off`}
          title={shown.ignition ? t`Ignition on` : t`Ignition off`}
          className={shown.ignition ? styles.ignitionOn : styles.indicatorOff}
          data-indicator="ignition"
        >
          <IgnitionIcon />
        </span>
      )}
      {shown.battery !== null && (
        <span
          role="img"
          aria-label={shown.charging ? t`Battery ${level}, charging` : t`Battery ${level}`}
          title={shown.charging ? t`Battery ${level}, charging` : t`Battery ${level}`}
          className={shown.battery < LOW_BATTERY && !shown.charging ? styles.batteryLow : styles.battery}
          data-indicator="battery"
        >
          <BatteryIcon level={shown.battery} charging={shown.charging} />
        </span>
      )}
    </span>
  );
}

function LastUpdate({ value }: { value: string | null }) {
  const { t } = useLingui();
  return <RelativeTime value={value} fallback={t`Never`} className={styles.time} />;
}
