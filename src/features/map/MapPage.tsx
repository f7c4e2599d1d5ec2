import { useEffect, useMemo, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { waitFor } from 'xstate';
import { createMapSettings, MapView, selectByUniqueIdOnce, type DevicePoint } from '../../map';
import type { UniqueIdLookup } from '../../map/selectByUniqueId';
import { appChild, startedChild } from '../../machines/app/actors';
import { selectFleetLoading } from '../../machines/socket/selectors';
import { dataFor } from '../../shared/data';
import { createGeofenceFeed } from '../../map/geofenceFeed';
import { resources } from '../../api/resources';
import { fieldPreference, preference } from '../../domain/permissions';
import { fleetThresholds } from '../../domain/fleetState';
import { selectServer, selectUser } from '../../machines/session/selectors';
import { Alert, ToastZone, media } from '../../ui';
import { useMapUiStrings, usePreferredMapStyle } from '../../shared/mapPreferences';
import { useServices } from '../../shared/services';
import { useSessionList, useSessionLists } from '../../shared/sessionLists';
import { useFleetLoading, useSession } from '../../shared/hooks';
import { useDistanceUnit } from '../../shared/useUnits';
import { createValueStore } from '../../domain/valueStore';
import { DeviceMenu, type DeviceMenuRequest } from '../../shared/deviceActions';
import { DeviceCard } from './DeviceCard';
import { MarkerTooltip } from './MarkerTooltip';
import { LayersMenu } from './LayersMenu';
import * as styles from './MapPage.css';

/**
 * How `?uniqueId=` looks for a device the fleet's load did not bring: `GET /api/devices?uniqueId=`
 * and the device's last position (`GET /api/positions?id=`), into the store through the socket
 * machine (its one writer); none found is said in the errors toast.
 */
function useUniqueIdLookup(): UniqueIdLookup {
  const { t } = useLingui();
  const services = useServices();
  // what "not found" says, in the language of the moment it is said
  const say = useRef<(uniqueId: string) => string>((uniqueId) => uniqueId);
  useEffect(() => {
    say.current = (uniqueId) => t`No device has the identifier ${uniqueId}`;
  });
  return useMemo(() => {
    const socket = startedChild(services.app.system, 'socket');
    const { entities } = dataFor(services);
    return {
      // settles when the fleet's first load is done, or at once when aborted
      fleetLoaded: (signal) =>
        waitFor(socket, (snapshot) => !selectFleetLoading(snapshot), { timeout: Infinity, signal }).then(
          () => undefined,
          () => undefined,
        ),
      find: async (uniqueId, signal) => {
        const device = (await entities.list(resources.devices, { uniqueId }, signal)).find((item) => item.uniqueId === uniqueId);
        if (!device) return null;
        const position = device.positionId > 0 ? await entities.position(device.positionId, signal).catch(() => null) : null;
        return { device, position };
      },
      deliver: (device, position) => socket.send({ type: 'DEVICE_SAVED', device, position }),
      notFound: (uniqueId) => (appChild(services.app.system, 'errors'))?.send({ type: 'PUSH', message: say.current(uniqueId) }),
    };
  }, [services]);
}

export function MapPage() {
  const { t, i18n } = useLingui();
  const { live } = useServices();
  const [settings] = useState(createMapSettings);
  // the session's geofences: loaded once this map is drawn (`onDrawn`), with the other session lists
  const lists = useSessionLists();
  const geofences = useSessionList(resources.geofences);
  // the feed's one writer: the map draws what the geofences list holds
  const [geofenceFeed] = useState(() => createGeofenceFeed());
  useEffect(() => {
    if (geofences.data) geofenceFeed.set(geofences.data);
  }, [geofenceFeed, geofences.data]);
  const uniqueId = useSession((s) => s.context.uniqueId);
  const preferredStyle = usePreferredMapStyle();
  // the markers' states follow the administrator's thresholds (the server's attributes)
  const serverAttributes = useSession((s) => s.context.server?.attributes);
  const thresholds = useMemo(() => fleetThresholds(serverAttributes), [serverAttributes]);
  const uiStrings = useMapUiStrings();
  const distanceUnit = useDistanceUnit();
  const [fallback, setFallback] = useState(false);
  // the first map after Sign in waits for the fleet to paint (the map reads it when it is created)
  const fleetOnItsWay = useFleetLoading();
  const [noticeClosed, setNoticeClosed] = useState(false);
  // a person moved the map away from the chosen vehicle: its card offers to show it again
  const [keepingPaused, setKeepingPaused] = useState(false);
  // the marker under the mouse (its tooltip follows this store, not the page's state) and a marker's menu
  const [hovered] = useState(() => createValueStore<DevicePoint | null>(null));
  const [menu, setMenu] = useState<DeviceMenuRequest | null>(null);

  // `?uniqueId=`: select that device once the devices are in the store, or as the server finds it
  // when the fleet did not bring it (the wait lives in src/map)
  const uniqueIdLookup = useUniqueIdLookup();
  useEffect(() => selectByUniqueIdOnce(live, uniqueId, uniqueIdLookup), [live, uniqueId, uniqueIdLookup]);

  return (
    // the map's page: the camera watches here for what covers the map (src/map/camera.ts)
    <div className={styles.page} data-map-page="">
      {/* keyed by language: MapLibre takes its control texts when it is created */}
      <MapView
        key={i18n.locale}
        store={live}
        settings={settings}
        preferredStyle={preferredStyle}
        uiStrings={uiStrings}
        distanceUnit={distanceUnit}
        geofences={geofenceFeed}
        holdFirstPaint={fleetOnItsWay}
        fleetThresholds={thresholds}
        keepSelectedInView
        onCameraPaused={setKeepingPaused}
        onDeviceHover={hovered.set}
        onDeviceMenu={(at) => {
          hovered.set(null);
          setMenu({ deviceId: at.id, x: at.x, y: at.y });
        }}
        onDrawn={lists.load}
        onFallback={(on) => {
          setFallback(on);
          setNoticeClosed(false);
        }}
      />
      <LayersMenu settings={settings} preferredStyle={preferredStyle} />
      {fallback && !noticeClosed && (
        <div className={styles.notice} data-testid="map-fallback-notice" data-map-obstacle="">
          <Alert variant="info" onDismiss={() => setNoticeClosed(true)} dismissLabel={t`Close`}>
            {t`The chosen map could not be loaded; the offline map is shown.`}
          </Alert>
        </div>
      )}
      <DeviceCard keepingPaused={keepingPaused} />
      <MarkerTooltip hovered={hovered} />
      <DeviceMenu request={menu} onClose={() => setMenu(null)} />
      <ToastZone className={styles.toastZone} media={media.narrow} mapObstacle />
    </div>
  );
}
