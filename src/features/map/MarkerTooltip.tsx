/**
 * The tooltip of the device marker under the mouse (`MapView`'s `onDeviceHover`, kept in a value
 * store, not in the page's state): the device's name, its state and how long it has lasted ("Idle
 * 12 min": `StateDuration`, the fleet's state tracker), its speed in the user's units and the time
 * since its last fix.
 *
 * It costs no render per live update: the device is read from the live store when the pointer
 * reaches its marker, and the open tooltip follows that device alone (a subscription told of the
 * changes to that id only). It stands over the marker, in the window (a surface of its own, never
 * cut off by the map's edge: `tooltipPlacement`), text in the page's direction; nothing presses it.
 * Test hook: `data-testid="marker-tooltip"` with `data-device-id`.
 */
import { useCallback, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useLingui } from '@lingui/react/macro';
import type { LiveStore } from '../../domain/liveStore';
import type { ValueStore } from '../../domain/valueStore';
import { fleetState, fleetThresholds } from '../../domain/fleetState';
import { selectServer } from '../../machines/session/selectors';
import type { DevicePoint } from '../../map';
import { usePopoverBoundary } from '../../ui/popoverBoundary';
import { RelativeTime } from '../../shared/RelativeTime';
import { useServices } from '../../shared/services';
import { useSession } from '../../shared/hooks';
import { useUnitFormatters } from '../../shared/useUnits';
import { StateDuration } from '../../shared/fleet/StateDuration';
import { useStateSince } from '../../shared/fleet/stateSince';
import { STATE_LABELS } from '../../shared/fleet/stateText';
import { tooltipPlacement } from './tooltipPlacement';
import * as styles from './MarkerTooltip.css';

export function MarkerTooltip({ hovered }: { hovered: ValueStore<DevicePoint | null> }) {
  const hover = useSyncExternalStore(hovered.subscribe, hovered.get);
  if (!hover) return null;
  // in the body: the map's page contains fixed elements (a size container)
  return createPortal(<MarkerTooltipContent key={hover.id} hover={hover} />, document.body);
}

/** One device of the live store, told only of the changes to that device (a reload too). */
function useOneDevice(live: LiveStore, id: number) {
  const subscribe = useCallback(
    (notify: () => void) => {
      let touched = false;
      const stopChanges = live.subscribe((_state, change) => {
        if (change.reset || change.changedIds.has(id)) touched = true;
      });
      // React reads a task later, as everywhere else (`useLive`)
      const stopDeferred = live.subscribeDeferred(() => {
        if (!touched) return;
        touched = false;
        notify();
      });
      return () => {
        stopChanges();
        stopDeferred();
      };
    },
    [live, id],
  );
  const device = useSyncExternalStore(subscribe, () => live.getState().devices.get(id));
  const position = useSyncExternalStore(subscribe, () => live.getState().positions.get(id));
  return { device, position };
}

function MarkerTooltipContent({ hover }: { hover: DevicePoint }) {
  const { t, i18n } = useLingui();
  const { live } = useServices();
  const server = useSession(selectServer);
  const format = useUnitFormatters();
  const { device, position } = useOneDevice(live, hover.id);
  // the state and since when, from the fleet's tracker ("Idle 12 min"); the state alone without one
  const since = useStateSince(hover.id);
  const boundary = usePopoverBoundary().boundaryElement;
  const ref = useRef<HTMLDivElement>(null);

  // placed before it is painted, again when what it says changes its size
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const free = boundary?.getBoundingClientRect();
    const area = { left: 0, top: 0, right: window.innerWidth, bottom: Math.min(window.innerHeight, free && free.height > 0 ? free.bottom : Infinity) };
    const place = tooltipPlacement(hover, { width: element.offsetWidth, height: element.offsetHeight }, area);
    element.style.transform = `translate(${Math.round(place.left)}px, ${Math.round(place.top)}px)`;
    element.dataset.side = place.side;
  });

  if (!device) return null;
  const state = since?.state ?? fleetState(device, position, fleetThresholds(server?.attributes));
  return (
    <div ref={ref} className={styles.tooltip} role="tooltip" data-testid="marker-tooltip" data-device-id={device.id} data-state={state}>
      <p className={styles.name}>
        <bdi>{device.name}</bdi>
      </p>
      <p className={styles.line}>
        {since ? <StateDuration deviceId={device.id} className={styles.state} /> : <span className={styles.state}>{i18n._(STATE_LABELS[state])}</span>}
      </p>
      {position && (
        <p className={styles.line}>
          <span data-testid="marker-tooltip-speed">{format.speed(position.speed)}</span>
          <span aria-hidden="true">·</span>
          <RelativeTime value={position.fixTime} fallback={t`No fix time`} />
        </p>
      )}
    </div>
  );
}
