/**
 * The device list's place in the shell: below the navigation in the sidebar from 600 px up; on
 * phones a toggle above the map opens it as a 250 px drawer (choosing a device closes it).
 *
 * Above the list, the "Map / Overview" switch: from tablets up it goes to `/fleet` (the overview as
 * a page) and back to the map; on phones it shows the overview in the panel itself. An overview
 * tile's filter (`/?fleet=idle`) keeps the list to those vehicles, said above it with a way to clear it.
 */
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { ToggleButton } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { Link, ListIcon, SegmentedControl, media, useMediaQuery } from '../../ui';
import type { LiveState } from '../../domain/liveStore';
import { fleetThresholds } from '../../domain/fleetState';
import { fleetFilterOf, fleetMembers, parseFleetSearch, sameSet, type FleetFilter } from '../../domain/fleetOverview';
import { maintenanceFindings } from '../../domain/maintenanceDue';
import { startView } from '../../domain/homeView';
import { resources } from '../../api/resources';
import { useSession } from '../../shared/hooks';
import { useNow } from '../../shared/useNow';
import { useSessionList } from '../../shared/sessionLists';
import { selectServer, selectUser } from '../../machines/session/selectors';
import { DeviceList, type OnlySelector } from './DeviceList';
import { FleetOverview, STATE_LABELS } from './FleetOverview';
import { useFleetOverviewActor } from './fleetOverviewActor';
import * as styles from './DevicesPanel.css';

export function DevicesToggle({ isOpen, onChange }: { isOpen: boolean; onChange: (open: boolean) => void }) {
  const { t } = useLingui();
  return (
    <ToggleButton isSelected={isOpen} onChange={onChange} className={styles.toggle} aria-controls="device-panel">
      <ListIcon />
      <span>{t`Devices`}</span>
    </ToggleButton>
  );
}

type PanelView = 'map' | 'overview';

/** Memoised: the shell re-rendering (a badge, the location) does not re-render the list's filters. */
export const DevicesPanel = memo(function DevicesPanel({
  phoneOpen,
  onPhoneOpenChange,
}: {
  phoneOpen: boolean;
  onPhoneOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const wide = useMediaQuery(media.wide);
  const pathname = useLocation({ select: (location) => location.pathname });
  const rawSearch = useLocation({ select: (location) => (location.pathname === '/' ? JSON.stringify(location.search) : '') });
  const filter = useMemo(() => (rawSearch ? fleetFilterOf(parseFleetSearch(JSON.parse(rawSearch) as Record<string, unknown>)) : null), [rawSearch]);
  const user = useSession(selectUser);
  const server = useSession(selectServer);
  // on phones the panel itself shows the overview; it starts there when the user chose it
  const [phoneView, setPhoneView] = useState<PanelView>(() => startView(user, server));
  const onChosen = useCallback(() => onPhoneOpenChange(false), [onPhoneOpenChange]);

  // a tile chosen (here or on /fleet): the list of its vehicles, shown on phones too
  useEffect(() => {
    if (!filter || wide) return;
    setPhoneView('map');
    onPhoneOpenChange(true);
    // only when the filter changes, not when the width does
  }, [filter]);

  const selected: PanelView = wide ? (pathname === '/fleet' ? 'overview' : 'map') : phoneView;
  const onSwitch = (key: string) => {
    const next = key === 'overview' ? 'overview' : 'map';
    if (wide) void navigate({ to: next === 'overview' ? '/fleet' : '/' });
    else setPhoneView(next);
  };
  return (
    <div id="device-panel" className={styles.panel} data-phone-open={phoneOpen}>
      <SegmentedControl
        aria-label={t`View`}
        items={[
          { id: 'map', label: t`Map` },
          { id: 'overview', label: t`Overview` },
        ]}
        selectedKey={selected}
        onSelectionChange={onSwitch}
        className={styles.viewSwitch}
      />
      {!wide && phoneView === 'overview' ? (
        <FleetOverview layout="panel" />
      ) : filter ? (
        <FilteredList filter={filter} onChosen={onChosen} />
      ) : (
        <DeviceList onChosen={onChosen} />
      )}
    </div>
  );
});

/** The list kept to an overview tile's vehicles, the filter said above it with a link that clears it. */
function FilteredList({ filter, onChosen }: { filter: FleetFilter; onChosen: () => void }) {
  const { t, i18n } = useLingui();
  const server = useSession(selectServer);
  const thresholds = useMemo(() => fleetThresholds(server?.attributes), [server]);
  const now = useNow(60_000);
  const groups = useSessionList(resources.groups);
  const geofences = useSessionList(resources.geofences);
  const maintenanceItems = useSessionList(resources.maintenance);
  // the maintenance filter needs the links the overview machine loads
  const actor = useFleetOverviewActor(filter.kind === 'maintenance');
  const links = useSelector(actor, (s) => s.context.links);
  const only = useMemo<OnlySelector>(() => {
    const items = new Map((maintenanceItems.data ?? []).map((item) => [item.id, item]));
    let last: { devices: unknown; positions: unknown; ids: ReadonlySet<number> } | null = null;
    return (state: LiveState) => {
      if (last && last.devices === state.devices && last.positions === state.positions) return last.ids;
      const maintenance = filter.kind === 'maintenance' && links ? maintenanceFindings(items, links, state.positions, thresholds.maintenanceDueShare) : null;
      const ids = fleetMembers(filter, state.devices, state.positions, { thresholds, now, maintenance });
      const kept = last && sameSet(last.ids, ids) ? last.ids : ids;
      last = { devices: state.devices, positions: state.positions, ids: kept };
      return kept;
    };
  }, [filter, thresholds, now, links, maintenanceItems.data]);

  const kind =
    filter.kind === 'silent'
      ? t`Silent`
      : filter.kind === 'expiring'
        ? t`Expiring within 30 days`
        : filter.kind === 'maintenance'
          ? t`Maintenance due`
          : filter.kind === 'geofence'
            ? t`Inside ${geofences.data?.find((g) => g.id === filter.geofenceId)?.name ?? `#${filter.geofenceId}`}`
            : i18n._(STATE_LABELS[filter.kind]);
  const group = filter.groupId === undefined ? null : filter.groupId === 0 ? t`No group` : (groups.data?.find((g) => g.id === filter.groupId)?.name ?? `#${filter.groupId}`);
  return (
    <>
      <p className={styles.filterNote} data-testid="fleet-filter" data-kind={filter.kind}>
        <span>{group === null ? t`Showing: ${kind}` : t`Showing: ${kind}, ${group}`}</span>
        <Link href="/">{t`Show all`}</Link>
      </p>
      <DeviceList onChosen={onChosen} only={only} />
    </>
  );
}
