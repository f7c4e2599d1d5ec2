/**
 * The device actions as the screens show them: the one list (`src/domain/deviceActions.ts`: who is
 * offered what, and where each leads) with its labels, icons and presses, for the device card's bar
 * and More menu, the map's context menu, the device list's menu and the fleet overview.
 *
 * - `useDeviceActions(device, position)`: the actions, and the dialog one of them may open (Delete
 *   asks first): render it beside them.
 * - `DeviceActionMenuItems`: the actions as menu items, a line between their groups.
 * - `DeviceMenu`: a device's actions as a menu at a point of the window (a right-click, a long
 *   press, a row's context-menu key), reading the device from the live store when it opens; focus
 *   returns where it was (the row) when it closes. The other maps (links out) are left to the card.
 */
import { Fragment, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useLingui } from '@lingui/react/macro';
import { Menu as AriaMenu, Popover } from 'react-aria-components';
import type { Device } from '../../contract/models';
import type { LivePosition } from '../domain/liveStore';
import { deviceActions, type DeviceAction, type DeviceActionId } from '../domain/deviceActions';
import { restrictionsOf } from '../domain/restrictions';
import { selectServer, selectUser } from '../machines/session/selectors';
import { resources } from '../api/resources';
import { AlertDialog, CommandIcon, DeleteIcon, EditIcon, MenuItem, MenuSeparator, ReplayIcon, TrackIcon } from '../ui';
import * as menuStyles from '../ui/Menu.css';
import { usePopoverBoundary } from '../ui/popoverBoundary';
import { useServices } from './services';
import { useSession, useTracking } from './hooks';
import { useRequest } from './useRequest';
import { mutationsFor } from './useMutations';
import * as styles from './deviceActions.css';

export interface DeviceActionItem extends DeviceAction {
  /** the short label of a bar ("Replay") */
  readonly label: string;
  /** the label in a menu ("Replay today") */
  readonly menuLabel: string;
  /** what the action does, in a sentence (the bar's tooltips) */
  readonly tooltip: string;
  readonly icon: ReactNode | null;
  /** Track while the device's path is drawn (its label says Stop tracking) */
  readonly isActive: boolean;
  /** a press (Track, Delete); the others lead to `href` */
  readonly onAction?: () => void;
}

const ICONS: Partial<Record<DeviceActionId, () => ReactNode>> = {
  track: () => <TrackIcon />,
  replay: () => <ReplayIcon />,
  command: () => <CommandIcon />,
  edit: () => <EditIcon />,
  delete: () => <DeleteIcon />,
};

/** A device's actions as this user may use them, and the dialog Delete opens (render it beside them). */
export function useDeviceActions(device: Device, position: LivePosition | null | undefined): { actions: DeviceActionItem[]; dialog: ReactNode } {
  const { t } = useLingui();
  const services = useServices();
  const user = useSession(selectUser);
  const server = useSession(selectServer);
  // the socket machine owns tracking: Track draws the device's path from now on, until stopped or logout
  const tracking = useTracking(device.id);
  const [confirming, setConfirming] = useState(false);

  // the resource layer: the socket machine (the live store's one writer) drops the device, the
  // device queries refresh, a failure goes to the errors queue and closes the question
  const removal = useRequest(async (_: void, signal: AbortSignal) => {
    try {
      await mutationsFor(services).remove(resources.devices, device.id);
    } catch (error) {
      setConfirming(false);
      throw error;
    }
    if (!signal.aborted) {
      setConfirming(false);
      if (services.live.getState().selectedId === device.id) services.live.select(null);
    }
  });

  const restrictions = useMemo(() => restrictionsOf(user, server), [user, server]);
  const list = useMemo(() => deviceActions({ device, position: position ?? null, restrictions }), [device, position, restrictions]);

  const text: Record<DeviceActionId, { label: string; menuLabel?: string; tooltip?: string }> = {
    track: tracking.tracked
      ? { label: t`Stop tracking`, tooltip: t`Stop drawing this device's path` }
      : { label: t`Track`, tooltip: t`Draw this device's path from now on` },
    replay: { label: t`Replay`, menuLabel: t`Replay today`, tooltip: t`Replay the route this device took today` },
    command: { label: t`Command`, menuLabel: t`Send a command`, tooltip: t`Send a command` },
    edit: { label: t`Edit`, tooltip: t`Edit the device` },
    share: { label: t`Share` },
    geofence: { label: t`Create a geofence here` },
    network: { label: t`Network` },
    connections: { label: t`Connections` },
    google: { label: t`Open in Google Maps` },
    apple: { label: t`Open in Apple Maps` },
    streetView: { label: t`Open Street View` },
    delete: { label: t`Delete` },
  };
  const presses: Partial<Record<DeviceActionId, () => void>> = {
    track: tracking.tracked ? tracking.untrack : tracking.track,
    delete: () => setConfirming(true),
  };

  const actions = list.map((action): DeviceActionItem => {
    const words = text[action.id];
    return {
      ...action,
      label: words.label,
      menuLabel: words.menuLabel ?? words.label,
      tooltip: words.tooltip ?? words.menuLabel ?? words.label,
      icon: ICONS[action.id]?.() ?? null,
      isActive: action.id === 'track' && tracking.tracked,
      ...(presses[action.id] ? { onAction: presses[action.id] } : {}),
    };
  });

  const dialog = confirming ? (
    <AlertDialog
      title={t`Remove item?`}
      primaryActionLabel={t`Delete`}
      cancelLabel={t`Cancel`}
      variant="danger"
      onPrimaryAction={() => removal.run()}
      onCancel={() => setConfirming(false)}
      isPrimaryActionPending={removal.pending}
    >
      {device.name}
    </AlertDialog>
  ) : null;

  return { actions, dialog };
}

/**
 * The actions as items of a react-aria Menu, a line between their groups. `icons`: each item keeps
 * an icon's place (a menu of its own); without, only the items that have one show it (the card's More).
 */
export function DeviceActionMenuItems({ actions, icons = false }: { actions: readonly DeviceActionItem[]; icons?: boolean }) {
  return (
    <>
      {actions.map((action, index) => (
        <Fragment key={action.id}>
          {index > 0 && actions[index - 1]?.group !== action.group && <MenuSeparator />}
          <MenuItem
            id={action.id}
            isDisabled={action.disabled}
            icon={icons ? (action.icon ?? <span />) : action.icon}
            isDanger={action.group === 'danger'}
            onAction={action.onAction}
            data-action={action.id}
            {...(action.href ? { href: action.href } : {})}
            {...(action.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {action.menuLabel}
          </MenuItem>
        </Fragment>
      ))}
    </>
  );
}

/** Where a device's menu opens: the device and a point of the window (px). */
export interface DeviceMenuRequest {
  readonly deviceId: number;
  readonly x: number;
  readonly y: number;
}

/**
 * A device's actions as a menu at a point (`request`; null: closed). The device and its position are
 * read from the live store when it opens, not followed; `onClose` is called when it closes (an
 * action chosen, Escape, a press elsewhere). After Delete, its question stays until answered.
 */
export function DeviceMenu({ request, onClose }: { request: DeviceMenuRequest | null; onClose: () => void }) {
  const { live } = useServices();
  const target = useMemo(() => {
    if (!request) return null;
    const state = live.getState();
    const device = state.devices.get(request.deviceId);
    return device ? { device, position: state.positions.get(request.deviceId) ?? null, x: request.x, y: request.y } : null;
  }, [request, live]);
  // the last device stays for its question (Delete) after the menu closed
  const last = useRef(target);
  if (target) last.current = target;
  const subject = target ?? last.current;
  if (!subject) return null;
  return <DeviceMenuContent key={subject.device.id} device={subject.device} position={subject.position} x={subject.x} y={subject.y} isOpen={target !== null} onClose={onClose} />;
}

function DeviceMenuContent({ device, position, x, y, isOpen, onClose }: { device: Device; position: LivePosition | null; x: number; y: number; isOpen: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const { actions: all, dialog } = useDeviceActions(device, position);
  // a menu at a point holds what is done here and now; the other maps (links out) stay on the card's More,
  // so that the menu fits a phone's height above or below the point
  const actions = all.filter((action) => action.group !== 'maps');
  const anchor = useRef<HTMLSpanElement>(null);
  const boundary = usePopoverBoundary();
  const name = device.name || String(device.id);
  return (
    <>
      {/* the point the menu opens at: in the body, where nothing contains a fixed element */}
      {createPortal(<span ref={anchor} className={styles.anchor} style={{ left: x, top: y }} aria-hidden="true" />, document.body)}
      <Popover
        triggerRef={anchor}
        isOpen={isOpen}
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        placement="bottom start"
        offset={4}
        aria-label={name}
        className={`${menuStyles.popover} ${styles.popover}`}
        data-testid="device-menu"
        {...boundary}
      >
        <p className={styles.title} aria-hidden="true">
          <bdi>{name}</bdi>
        </p>
        <AriaMenu aria-label={t`Actions of ${name}`} autoFocus="first" className={menuStyles.menu} onAction={onClose}>
          <DeviceActionMenuItems actions={actions} icons />
        </AriaMenu>
      </Popover>
      {dialog}
    </>
  );
}
