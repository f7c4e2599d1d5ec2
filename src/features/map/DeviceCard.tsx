/**
 * The selected device's card over the map, made to be read at a glance: a react-aria Dialog
 * (non-modal: the map stays usable), at most 288 px wide beside the map on a desktop and a bottom
 * sheet over the map's whole width on a phone. Top down: the device image (144 px) when there is
 * one; a header with the name, its fleet state (its marker and "Idle 12 min") and the time since the last fix; the
 * fields the user chose (`positionItems`, as Traccar's client: fix time, address, speed and total
 * distance by default) as label over value, in the user's units, two to a line, a time or a long
 * value on a line of its own, never wrapped (the address may wrap); a link to the position page;
 * then an action bar of icons with labels and tooltips, the main ones of the one list of device
 * actions (`src/shared/deviceActions.tsx`): Track (Stop tracking while the device's path is drawn),
 * Replay (today), Command, Edit; and More with the rest (share, a geofence here, the network page,
 * connections, other maps, and Delete, after its question). A device without a position yet
 * says it waits for its first one. Closing (button or Escape) deselects the device and returns
 * focus where it came from (the device row). The outer element is `data-map-obstacle`: the map
 * keeps the selected device clear of it.
 */
import { useLingui } from '@lingui/react/macro';
import { Heading } from 'react-aria-components';
import { FocusScope } from 'react-aria';
import type { Device } from '../../../contract/models';
import type { LivePosition } from '../../domain/liveStore';
import { preference } from '../../domain/permissions';
import { selectServer, selectUser } from '../../machines/session/selectors';
import { ActionBar, ActionButton, ActionLink, Button, CloseIcon, Dialog, Link, LocateIcon, Menu, MenuTrigger, MoreIcon, Spinner, Tooltip } from '../../ui';
import { RelativeTime } from '../../shared/RelativeTime';
import { useServices } from '../../shared/services';
import { useRequest } from '../../shared/useRequest';
import { useSession } from '../../shared/hooks';
import { useUnitFormatters } from '../../shared/useUnits';
import { deviceImageUrl } from '../../shared/deviceImage';
import { formatCoordinates } from '../../shared/format';
import { dataFor } from '../../shared/data';
import { attributeName, attributeValue } from '../../shared/positionAttributes';
import { useEventSubjects } from '../../shared/useEventSubjects';
import { DeviceActionMenuItems, useDeviceActions } from '../../shared/deviceActions';
import { driverUniqueIdOf } from '../../domain/drivers';
import { useLiveSelection } from './useLiveSelection';
import { StateDuration } from '../../shared/fleet/StateDuration';
import { StateMarker } from '../../shared/fleet/StateMarker';
import { useStateSince } from '../../shared/fleet/stateSince';
import * as styles from './DeviceCard.css';

export interface DeviceCardProps {
  /**
   * The map stopped keeping the device in view (a person moved the map away): the card offers to
   * show it again, which chooses it again.
   */
  keepingPaused?: boolean;
}

export function DeviceCard({ keepingPaused = false }: DeviceCardProps) {
  const { live } = useServices();
  const { id, device, position } = useLiveSelection(live);
  if (id === null || !device) return null;
  // keyed by id: a new selection starts with a closed confirmation
  return (
    <FocusScope restoreFocus>
      <DeviceCardContent
        key={id}
        device={device}
        position={position}
        onClose={() => live.select(null)}
        onShowOnMap={keepingPaused && position ? () => live.select(id) : undefined}
      />
    </FocusScope>
  );
}

/**
 * A value that takes the card's whole width: a time (a date and a clock never share a line with
 * another value) or anything longer than half the card holds on one line.
 */
export function isWideValue(key: string, value: string): boolean {
  return isTimeKey(key) || value.length > 14;
}

/** A time (fix, device, server time): kept on one line, never wrapped. */
export function isTimeKey(key: string): boolean {
  return /Time$/.test(key);
}

/** Traccar's default card fields (its `positionItems` preference). */
export const DEFAULT_POSITION_ITEMS = ['fixTime', 'address', 'speed', 'totalDistance'];

/** The chosen card fields: a comma list in the user's (or server's) `positionItems` attribute. */
export function positionItems(value: unknown): string[] {
  if (typeof value !== 'string') return DEFAULT_POSITION_ITEMS;
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => /^[A-Za-z][A-Za-z0-9]{0,39}$/.test(item));
  return items.length > 0 ? items : DEFAULT_POSITION_ITEMS;
}

function DeviceCardContent({
  device,
  position,
  onClose,
  onShowOnMap,
}: {
  device: Device;
  position: LivePosition | undefined;
  onClose: () => void;
  /** present while the map does not keep the device in view */
  onShowOnMap: (() => void) | undefined;
}) {
  const { t, i18n } = useLingui();
  const format = useUnitFormatters();
  const services = useServices();
  const user = useSession(selectUser);
  const server = useSession(selectServer);
  const image = deviceImageUrl(device, services.backendOrigin, window.location.href);

  // the driver the position names (`driverUniqueId`), by name from the session's drivers
  const drivers = useEventSubjects().driver;
  const rows: Array<{ key: string; label: string; value: string; wide: boolean }> = [];
  if (position) {
    const chosen = positionItems(preference('positionItems', user, server, null));
    // who drives is shown whenever the device reports it, chosen among the fields or not
    const items = driverUniqueIdOf(position.attributes) !== null && !chosen.includes('driverUniqueId') ? [...chosen, 'driverUniqueId'] : chosen;
    for (const key of items) {
      if (key === 'address') continue; // its own row, below
      const raw = key in position ? (position as unknown as Record<string, unknown>)[key] : position.attributes[key];
      const value = raw === undefined || raw === null || raw === '' ? null : attributeValue(i18n, format, key, raw, { drivers });
      if (value !== null) rows.push({ key, label: attributeName(i18n, key), value, wide: isWideValue(key, value) });
    }
  }
  // the one list of device actions (src/domain/deviceActions.ts): the main ones in the bar, the rest under More
  const { actions, dialog } = useDeviceActions(device, position);
  const main = actions.filter((action) => action.group === 'main');
  const more = actions.filter((action) => action.group !== 'main');

  const details = position ? `/position/${position.id}` : null;
  return (
    <div
      className={styles.card}
      data-testid="device-card"
      // over the map: the camera keeps the selected device clear of it (src/map/camera.ts)
      data-map-obstacle=""
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !dialog) onClose();
      }}
    >
      <Dialog aria-labelledby={`device-card-${device.id}`} className={styles.dialog}>
        {image && (
          <div className={styles.imageArea}>
            <img src={image} alt="" className={styles.image} />
          </div>
        )}
        <div className={styles.header}>
          <div className={styles.headerText}>
            <Heading id={`device-card-${device.id}`} level={2} className={styles.title}>
              {device.name}
            </Heading>
            <p className={styles.status}>
              <CardStateMarker deviceId={device.id} />
              <StateDuration deviceId={device.id} className={styles.since} />
              {position && (
                <>
                  <span aria-hidden="true">·</span>
                  <RelativeTime value={position.fixTime} fallback={t`No fix time`} className={styles.since} />
                </>
              )}
            </p>
          </div>
          {onShowOnMap && (
            <Tooltip content={t`Bring the device back into view`}>
              <Button variant="quiet" aria-label={t`Show on map`} onPress={onShowOnMap} className={styles.close} data-testid="show-on-map">
                <LocateIcon />
              </Button>
            </Tooltip>
          )}
          <Button variant="quiet" aria-label={t`Close`} onPress={onClose} className={styles.close} autoFocus>
            <CloseIcon />
          </Button>
        </div>
        {position ? (
          <div className={styles.body}>
            <dl className={styles.fields}>
              {rows.map((row) => (
                <div key={row.key} className={row.wide ? styles.wideField : styles.field}>
                  <dt>{row.label}</dt>
                  <dd className={isTimeKey(row.key) ? styles.timeValue : undefined}>{row.value}</dd>
                </div>
              ))}
              <div className={styles.addressField}>
                <dt>{t`Address`}</dt>
                <dd>
                  <Address position={position} geocoder={server?.geocoderEnabled === true} />
                </dd>
              </div>
            </dl>
            {details && (
              <Link href={details} className={styles.details}>
                {t`More details`}
              </Link>
            )}
          </div>
        ) : (
          <div className={styles.waiting} role="status">
            <Spinner size="sm" />
            <div>
              <p className={styles.waitingTitle}>{t`Waiting for the first position`}</p>
              <p className={styles.waitingText}>{t`The device shows on the map as soon as it reports where it is.`}</p>
            </div>
          </div>
        )}
        <ActionBar aria-label={t`Device actions`} className={styles.actions}>
          {main.map((action) =>
            action.href === null ? (
              <ActionButton key={action.id} icon={action.icon} label={action.label} tooltip={action.tooltip} isActive={action.isActive} onPress={action.onAction} />
            ) : (
              <ActionLink key={action.id} icon={action.icon} label={action.label} tooltip={action.tooltip} href={action.href} isDisabled={action.disabled} />
            ),
          )}
          {more.length > 0 && (
            <MenuTrigger>
              <ActionButton icon={<MoreIcon />} label={t`More`} tooltip={t`More actions`} />
              <Menu aria-label={t`More`} placement="top end">
                <DeviceActionMenuItems actions={more} />
              </Menu>
            </MenuTrigger>
          )}
        </ActionBar>
      </Dialog>
      {dialog}
    </div>
  );
}

/** The position's address; without one, a "Show address" action when the server has a geocoder, else the coordinates. */
function Address({ position, geocoder }: { position: LivePosition; geocoder: boolean }) {
  const { t, i18n } = useLingui();
  const services = useServices();
  const lookup = useRequest((at: { latitude: number; longitude: number }) => dataFor(services).entities.address(at.latitude, at.longitude));
  if (position.address) return <bdi>{position.address}</bdi>;
  const here = lookup.input?.latitude === position.latitude && lookup.input.longitude === position.longitude;
  if (here && lookup.output) return <bdi>{lookup.output}</bdi>;
  const coordinates = formatCoordinates(i18n.locale, position.latitude, position.longitude);
  if (!geocoder) return <span className={styles.coordinates}>{coordinates}</span>;
  const notFound = here && (lookup.state === 'failed' || lookup.state === 'timedOut' || (lookup.state === 'done' && !lookup.output));
  return (
    <span className={styles.address}>
      <span className={styles.coordinates}>{coordinates}</span>
      <Button variant="quiet" onPress={() => lookup.run({ latitude: position.latitude, longitude: position.longitude })} isPending={lookup.pending}>
        {notFound ? t`Address not found: try again` : t`Show address`}
      </Button>
    </span>
  );
}

/** The device's state as its marker shows it (colour and shape); its name is written beside it. */
function CardStateMarker({ deviceId }: { deviceId: number }) {
  const state = useStateSince(deviceId)?.state ?? 'never';
  return (
    <span className={styles.statusDot}>
      <StateMarker state={state} size={16} />
    </span>
  );
}
