/**
 * The selected device's card over the map: a react-aria Dialog (non-modal: the map stays usable),
 * at most 288 px wide, with the device image (144 px high) when the device has one, the spec's
 * fields the user chose (`positionItems`, as Traccar's client: fix time, address, speed and total
 * distance by default) in the user's units, links to the position and network pages, a "more" menu
 * (the place in other maps) and the actions the user may take: Track (Stop tracking while the
 * device's path is drawn), Replay, Command, Edit, Delete. Closing (button or Escape) deselects
 * the device and returns focus where it came from (the device row).
 */
import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Heading, MenuTrigger } from 'react-aria-components';
import { useNavigate } from '@tanstack/react-router';
import { FocusScope } from 'react-aria';
import type { Device, Geofence } from '../../../contract/models';
import { formatArea } from '../../../contract/wkt';
import type { LivePosition } from '../../domain/liveStore';
import { normalizeStatus, statusColor } from '../../domain/categories';
import { preference } from '../../domain/permissions';
import { canEdit, canOpen, restrictionsOf } from '../../domain/restrictions';
import { selectServer, selectUser } from '../../machines/session/selectors';
import { AlertDialog, Button, CloseIcon, Dialog, Link, Menu, MenuItem } from '../../ui';
import { useServices } from '../app/services';
import { useRequest } from '../app/useRequest';
import { useSession, useTracking } from '../app/hooks';
import { useUnitFormatters } from '../app/useUnits';
import { deviceImageUrl } from './deviceImage';
import { formatCoordinates } from './format';
import { mutationsFor } from '../app/useMutations';
import { dataFor } from '../app/data';
import { resources } from '../../api/resources';
import { attributeName, attributeValue } from './positionAttributes';
import { externalMapLinks } from './externalMaps';
import { useLiveSelection } from './useLiveSelection';
import * as styles from './DeviceCard.css';

export function DeviceCard() {
  const { live } = useServices();
  const { id, device, position } = useLiveSelection(live);
  if (id === null || !device) return null;
  // keyed by id: a new selection starts with a closed confirmation
  return (
    <FocusScope restoreFocus>
      <DeviceCardContent key={id} device={device} position={position} onClose={() => live.select(null)} />
    </FocusScope>
  );
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

function DeviceCardContent({ device, position, onClose }: { device: Device; position: LivePosition | undefined; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const format = useUnitFormatters();
  const services = useServices();
  const user = useSession(selectUser);
  const server = useSession(selectServer);
  const [confirming, setConfirming] = useState(false);
  // the socket machine owns tracking: Track draws the device's path from now on, until stopped or logout
  const tracking = useTracking(device.id);
  const restrictions = restrictionsOf(user, server);
  const mayEdit = canEdit('devices', restrictions);
  const status = normalizeStatus(device.status);
  const statusLabel = { online: t`Online`, offline: t`Offline`, unknown: t`Unknown` }[status];
  const image = deviceImageUrl(device, services.backendOrigin, window.location.href);

  const rows: Array<{ key: string; label: string; value: string }> = [];
  if (position) {
    for (const key of positionItems(preference('positionItems', user, server, null))) {
      if (key === 'address') continue; // its own row, below
      const raw = key in position ? (position as unknown as Record<string, unknown>)[key] : position.attributes[key];
      const value = raw === undefined || raw === null || raw === '' ? null : attributeValue(i18n, format, key, raw);
      if (value !== null) rows.push({ key, label: attributeName(i18n, key), value });
    }
  }
  const mapNames = { google: t`Open in Google Maps`, apple: t`Open in Apple Maps`, streetView: t`Open Street View` };
  const more = [
    ...(position ? externalMapLinks(position.latitude, position.longitude, position.course) : []).map((link) => ({ id: link.id, href: link.href, label: mapNames[link.id], external: true })),
    ...(canOpen('share', restrictions) ? [{ id: 'share', href: `/settings/device/${device.id}/share`, label: t`Share`, external: false }] : []),
    ...(canEdit('deviceConnections', restrictions) ? [{ id: 'connections', href: `/settings/device/${device.id}/connections`, label: t`Connections`, external: false }] : []),
  ];
  const mayAddGeofence = position !== undefined && canEdit('geofences', restrictions);

  // Traccar's "create a geofence here": a 50 m circle on the position, named after the device (the
  // server links it to its creator) linked to the device, then its edit page; a failure goes to the errors queue
  const navigate = useNavigate();
  const geofenceHere = useRequest(async (at: { latitude: number; longitude: number }, signal: AbortSignal) => {
    const draft: Geofence = { id: 0, name: device.name, description: null, calendarId: 0, area: formatArea({ type: 'circle', lat: at.latitude, lon: at.longitude, radius: 50 }), attributes: {} };
    const mutations = mutationsFor(services);
    const saved = await mutations.save(resources.geofences, draft);
    // linked to the device, as Traccar's client does: on Traccar the device's own geofences are the ones it checks
    await mutations.link(resources.devices, device.id, resources.geofences, saved.id, true);
    if (!signal.aborted) void navigate({ to: '/settings/geofence/{-$id}', params: { id: String(saved.id) } });
  });

  // the resource layer: the socket machine (the live store's one writer) drops the device, the
  // device queries refresh, a failure goes to the errors queue and closes the question
  const removal = useRequest(async (_: void, signal: AbortSignal) => {
    try {
      await mutationsFor(services).remove(resources.devices, device.id);
    } catch (error) {
      setConfirming(false);
      throw error;
    }
    if (!signal.aborted) onClose();
  });
  const remove = () => removal.run();

  return (
    <div
      className={styles.card}
      data-testid="device-card"
      // over the map: the camera keeps the selected device clear of it (src/map/camera.ts)
      data-map-obstacle=""
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !confirming) onClose();
      }}
    >
      <Dialog aria-labelledby={`device-card-${device.id}`} className={styles.dialog}>
        {image && (
          <div className={styles.imageArea}>
            <img src={image} alt="" className={styles.image} />
          </div>
        )}
        <div className={styles.header}>
          <span className={styles.statusDot} style={{ backgroundColor: statusColor(status) }} aria-hidden="true" />
          <Heading id={`device-card-${device.id}`} level={2} className={styles.title}>
            {device.name}
          </Heading>
          <Button variant="quiet" aria-label={t`Close`} onPress={onClose} autoFocus>
            <CloseIcon />
          </Button>
        </div>
        <dl className={styles.fields}>
          <div className={styles.row}>
            <dt>{t`Status`}</dt>
            <dd>{statusLabel}</dd>
          </div>
          {rows.map((row) => (
            <div key={row.key} className={styles.row}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
          {position && (
            <div className={styles.row}>
              <dt>{t`Address`}</dt>
              <dd>
                <Address position={position} geocoder={server?.geocoderEnabled === true} />
              </dd>
            </div>
          )}
        </dl>
        <div className={styles.links}>
          {position && <Link href={`/position/${position.id}`}>{t`More details`}</Link>}
          {position && <Link href={`/network/${position.id}`}>{t`Network`}</Link>}
          {(more.length > 0 || mayAddGeofence) && (
            <MenuTrigger>
              <Button variant="quiet" className={styles.more}>
                {t`More`}
              </Button>
              <Menu aria-label={t`More`} placement="top start">
                {more.map((item) => (
                  <MenuItem key={item.id} id={item.id} href={item.href} {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                    {item.label}
                  </MenuItem>
                ))}
                {mayAddGeofence && (
                  <MenuItem
                    key="geofence"
                    id="geofence"
                    isDisabled={geofenceHere.pending}
                    onAction={() => geofenceHere.run({ latitude: position.latitude, longitude: position.longitude })}
                  >
                    {t`Create a geofence here`}
                  </MenuItem>
                )}
              </Menu>
            </MenuTrigger>
          )}
        </div>
        <div className={styles.actions}>
          <Link href={`/replay?deviceId=${device.id}`} className={styles.action}>
            {t`Replay`}
          </Link>
          {canOpen('sendCommand', restrictions) && (
            <Link href={`/settings/device/${device.id}/command`} className={styles.action}>
              {t`Command`}
            </Link>
          )}
          {mayEdit && (
            <Link href={`/settings/device/${device.id}`} className={styles.action}>
              {t`Edit`}
            </Link>
          )}
          {/* the buttons together, at the end (on a line of their own when the links fill one) */}
          <div className={styles.buttons}>
            <Button variant="secondary" className={styles.track} onPress={tracking.tracked ? tracking.untrack : tracking.track}>
              {tracking.tracked ? t`Stop tracking` : t`Track`}
            </Button>
            {mayEdit && (
              <Button variant="danger" onPress={() => setConfirming(true)}>
                {t`Delete`}
              </Button>
            )}
          </div>
        </div>
      </Dialog>
      {confirming && (
        <AlertDialog
          title={t`Remove item?`}
          primaryActionLabel={t`Delete`}
          cancelLabel={t`Cancel`}
          variant="danger"
          onPrimaryAction={remove}
          onCancel={() => setConfirming(false)}
          isPrimaryActionPending={removal.pending}
        >
          {device.name}
        </AlertDialog>
      )}
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
  if (!geocoder) return <span>{coordinates}</span>;
  const notFound = here && (lookup.state === 'failed' || lookup.state === 'timedOut' || (lookup.state === 'done' && !lookup.output));
  return (
    <span className={styles.address}>
      <span>{coordinates}</span>
      <Button variant="quiet" onPress={() => lookup.run({ latitude: position.latitude, longitude: position.longitude })} isPending={lookup.pending}>
        {notFound ? t`Address not found: try again` : t`Show address`}
      </Button>
    </span>
  );
}
