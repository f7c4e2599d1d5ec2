import { useEffect, useMemo, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { waitFor } from 'xstate';
import { createMapSettings, MapView, selectByUniqueIdOnce } from '../../map';
import type { UniqueIdLookup } from '../../map/selectByUniqueId';
import { appChild, startedChild } from '../../machines/app/actors';
import { selectFleetLoading } from '../../machines/socket/selectors';
import { dataFor } from '../app/data';
import { createGeofenceFeed } from '../../map/geofenceFeed';
import { resources } from '../../api/resources';
import { fieldPreference, preference } from '../../domain/permissions';
import { selectServer, selectUser } from '../../machines/session/selectors';
import { Alert, ToastZone, media } from '../../ui';
import { useServices } from '../app/services';
import { useSessionList, useSessionLists } from '../app/sessionLists';
import { useFleetLoading, useSession } from '../app/hooks';
import { useDistanceUnit } from '../app/useUnits';
import { DeviceCard } from './DeviceCard';
import { LayersMenu } from './LayersMenu';
import * as styles from './MapPage.css';

/** MapLibre's control texts in the active language (its keys are MapLibre's own). */
export function useMapUiStrings(): Record<string, string> {
  const { t, i18n } = useLingui();
  return useMemo(
    () => ({
      'AttributionControl.ToggleAttribution': t`Toggle attribution`,
      'AttributionControl.MapFeedback': t`Map feedback`,
      'FullscreenControl.Enter': t`Enter full screen`,
      'FullscreenControl.Exit': t`Exit full screen`,
      'GeolocateControl.FindMyLocation': t`Find my location`,
      'GeolocateControl.LocationNotAvailable': t`Location not available`,
      'LogoControl.Title': t`MapLibre logo`,
      'Map.Title': t`Map`,
      'Marker.Title': t`Map marker`,
      'NavigationControl.ResetBearing': t`Drag to rotate the map, click to reset north`,
      'NavigationControl.ZoomIn': t`Zoom in`,
      'NavigationControl.ZoomOut': t`Zoom out`,
      'Popup.Close': t`Close`,
      'ScaleControl.Feet': t`ft`,
      'ScaleControl.Meters': t`m`,
      'ScaleControl.Kilometers': t`km`,
      'ScaleControl.Miles': t`mi`,
      'ScaleControl.NauticalMiles': t`nmi`,
      'CooperativeGesturesHandler.WindowsHelpText': t`Use Ctrl + scroll to zoom the map`,
      'CooperativeGesturesHandler.MacHelpText': t`Use ⌘ + scroll to zoom the map`,
      'CooperativeGesturesHandler.MobileHelpText': t`Use two fingers to move the map`,
    }),
    // the texts change with the language only
    [i18n.locale],
  );
}

/** The map style preference: Traccar keeps it in the `map` field; an attribute `map` (the embedded server's demo pin) also counts. */
export function usePreferredMapStyle(): unknown {
  const user = useSession(selectUser);
  const server = useSession(selectServer);
  return fieldPreference('map', user, server) ?? preference('map', user, server, null);
}

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
  const uiStrings = useMapUiStrings();
  const distanceUnit = useDistanceUnit();
  const [fallback, setFallback] = useState(false);
  // the first map after Sign in waits for the fleet to paint (the map reads it when it is created)
  const fleetOnItsWay = useFleetLoading();
  const [noticeClosed, setNoticeClosed] = useState(false);
  // a person moved the map away from the chosen vehicle: its card offers to show it again
  const [keepingPaused, setKeepingPaused] = useState(false);

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
        keepSelectedInView
        onCameraPaused={setKeepingPaused}
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
      <ToastZone className={styles.toastZone} media={media.narrow} mapObstacle />
    </div>
  );
}
