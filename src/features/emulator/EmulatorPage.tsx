/**
 * `/emulator`: choose a device, click the map, and the page reports a position for it through the
 * OsmAnd protocol (`POST /` on the backend origin with `id`, `lat`, `lon`, `timestamp`, `speed`),
 * as a Traccar Client phone would. The result (or the server's error text) is shown below.
 */
import { useCallback, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Alert, Select, type SelectItem } from '../../ui';
import type { LiveState } from '../../domain/liveStore';
import { compareDevices } from '../../domain/deviceList';
import { useServices } from '../../shared/services';
import { useLive } from '../../shared/useLive';
import type { OsmandFix } from '../../api/entityEndpoints';
import { dataFor } from '../../shared/data';
import { useRequest, type RequestState } from '../../shared/useRequest';
import { PointMap, type LonLat } from '../../map/PointMap';
import * as styles from './emulator.css';

/** The sending's state as the page exposes it (`data-status`). */
const REQUEST_STATUS: Record<RequestState, string> = { idle: 'idle', running: 'pending', done: 'success', failed: 'error', timedOut: 'error' };

const DEFAULT_CENTER: LonLat = [46.6753, 24.7136];
const selectDevices = (state: LiveState) => state.devices;

export function EmulatorPage() {
  const { t } = useLingui();
  const services = useServices();
  const { live } = services;
  const devices = useLive(selectDevices);
  const storeSelected = useLive((state: LiveState) => state.selectedId);
  const [chosen, setChosen] = useState<number | null>(null);
  const deviceId = chosen ?? (storeSelected !== null && devices.has(storeSelected) ? storeSelected : null);
  const [marker, setMarker] = useState<LonLat | null>(null);

  const items: SelectItem[] = useMemo(
    () => [...devices.values()].sort(compareDevices('name')).map((device) => ({ id: String(device.id), label: device.name })),
    [devices],
  );
  const center = useMemo<LonLat>(() => {
    const position = deviceId !== null ? live.getState().positions.get(deviceId) : undefined;
    return position ? [position.longitude, position.latitude] : DEFAULT_CENTER;
    // The map keeps its first centre; later clicks move only the marker.
  }, []);

  const send = useRequest<OsmandFix, unknown>((fix) => dataFor(services).entities.osmand(fix));

  const onPick = useCallback(
    ({ latitude, longitude }: { latitude: number; longitude: number }) => {
      const device = deviceId !== null ? devices.get(deviceId) : undefined;
      if (!device) return;
      setMarker([longitude, latitude]);
      send.run({ uniqueId: device.uniqueId, latitude, longitude, timestamp: Date.now() / 1000, speed: 0 });
    },
    [deviceId, devices, send],
  );

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t`Emulator`}</h1>
      <div className={styles.controls}>
        <Select
          label={t`Device`}
          placeholder={t`Choose a device`}
          items={items}
          selectedKey={deviceId === null ? null : String(deviceId)}
          onSelectionChange={(key) => setChosen(Number(key))}
          className={styles.field}
        />
      </div>
      <p className={styles.hint}>{deviceId === null ? t`Choose a device, then click the map to send its position.` : t`Click the map to send a position for this device.`}</p>
      <div aria-live="polite" data-testid="emulator-result" data-status={REQUEST_STATUS[send.state]}>
        {send.state === 'done' && <Alert variant="info">{t`Position sent.`}</Alert>}
        {send.errorText !== null && (
          <Alert variant="error" title={t`Sending failed`}>
            {send.errorText}
          </Alert>
        )}
      </div>
      <PointMap center={center} zoom={11} point={marker} onPick={onPick} label={t`Map: click to send a position`} className={styles.map} data-testid="emulator-map" />
    </div>
  );
}
