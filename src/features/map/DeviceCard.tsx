/**
 * The selected device's card over the map: a react-aria Dialog (non-modal: the map stays usable),
 * at most 288 px wide, with the device image (144 px high) when the device has one, the spec's
 * fields as text, links to the position and network pages, and the actions the user may take.
 * Closing (button or Escape) deselects the device.
 */
import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Heading } from 'react-aria-components';
import type { Device } from '../../api/models';
import type { LivePosition } from '../../domain/liveStore';
import { normalizeStatus, statusColor } from '../../domain/categories';
import { isReadonly, isRestricted } from '../../domain/permissions';
import { selectServer, selectUser } from '../../machines/session/selectors';
import type { ErrorsActor } from '../../composition';
import { AlertDialog, Button, CloseIcon, Dialog, Link } from '../../ui';
import { useServices } from '../app/services';
import { useSession } from '../app/hooks';
import { deviceImageUrl } from './deviceImage';
import { formatCoordinates, formatDateTime, formatNumber, KNOTS_TO_KMH } from './format';
import { mapApi } from './mapApi';
import { useLiveSelection } from './useLiveSelection';
import * as styles from './DeviceCard.css';

export function DeviceCard() {
  const { live } = useServices();
  const { id, device, position } = useLiveSelection(live);
  if (id === null || !device) return null;
  // keyed by id: a new selection starts with a closed confirmation
  return <DeviceCardContent key={id} device={device} position={position} onClose={() => live.select(null)} />;
}

function DeviceCardContent({ device, position, onClose }: { device: Device; position: LivePosition | undefined; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const services = useServices();
  const user = useSession(selectUser);
  const server = useSession(selectServer);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const readonly = isReadonly(user, server);
  const limitCommands = isRestricted('limitCommands', user, server);
  const locale = i18n.locale;
  const status = normalizeStatus(device.status);
  const statusLabel = { online: t`Online`, offline: t`Offline`, unknown: t`Unknown` }[status];
  const image = deviceImageUrl(device, services.backendOrigin, window.location.href);

  const rows: Array<{ key: string; label: string; value: string }> = [];
  const add = (key: string, label: string, value: string | null | undefined) => {
    if (value != null && value !== '') rows.push({ key, label, value });
  };
  add('lastUpdate', t`Last update`, formatDateTime(locale, device.lastUpdate ?? position?.fixTime));
  if (position) {
    add('speed', t`Speed`, t`${formatNumber(locale, position.speed * KNOTS_TO_KMH)} km/h`);
    add('course', t`Course`, `${formatNumber(locale, position.course, 0)}°`);
    add('address', position.address ? t`Address` : t`Coordinates`, position.address || formatCoordinates(locale, position.latitude, position.longitude));
    if (Number.isFinite(position.altitude) && position.altitude !== 0) add('altitude', t`Altitude`, t`${formatNumber(locale, position.altitude, 0)} m`);
    const battery = position.attributes.batteryLevel ?? position.attributes.battery;
    if (typeof battery === 'number') add('battery', t`Battery`, position.attributes.batteryLevel !== undefined ? `${formatNumber(locale, battery, 0)}%` : t`${formatNumber(locale, battery, 2)} V`);
    const ignition = position.attributes.ignition;
    if (typeof ignition === 'boolean') add('ignition', t`Ignition`, ignition ? t`On` : t`Off`);
    const motion = position.attributes.motion;
    if (typeof motion === 'boolean') add('motion', t`Motion`, motion ? t`Moving` : t`Stopped`);
  }

  const remove = () => {
    setDeleting(true);
    mapApi(services.backendOrigin)
      .deleteDevice(device.id)
      .then(() => {
        const state = services.live.getState();
        services.live.setDevices([...state.devices.values()].filter((d) => d.id !== device.id));
        onClose();
        return import('../app/query').then(({ queryClient }) => queryClient.invalidateQueries({ queryKey: ['devices'] }));
      })
      .catch((error: unknown) => {
        const errors = services.app.system.get('errors') as ErrorsActor | undefined;
        errors?.send({ type: 'PUSH', message: error instanceof Error ? error.message : String(error) });
        setDeleting(false);
        setConfirming(false);
      });
  };

  return (
    <div
      className={styles.card}
      data-testid="device-card"
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
        </dl>
        {position && (
          <div className={styles.links}>
            <Link href={`/position/${position.id}`}>{t`More details`}</Link>
            <Link href={`/network/${position.id}`}>{t`Network`}</Link>
          </div>
        )}
        <div className={styles.actions}>
          <Link href={`/replay?deviceId=${device.id}`} className={styles.action}>
            {t`Replay`}
          </Link>
          {!readonly && !limitCommands && (
            <Link href={`/settings/device/${device.id}/command`} className={styles.action}>
              {t`Command`}
            </Link>
          )}
          {!readonly && (
            <Link href={`/settings/device/${device.id}`} className={styles.action}>
              {t`Edit`}
            </Link>
          )}
          {!readonly && (
            <Button variant="danger" onPress={() => setConfirming(true)}>
              {t`Delete`}
            </Button>
          )}
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
          isPrimaryActionPending={deleting}
        >
          {device.name}
        </AlertDialog>
      )}
    </div>
  );
}
