import { useEffect, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { createMapSettings, MapView, selectByUniqueIdOnce } from '../../map';
import { fieldPreference, preference } from '../../domain/permissions';
import { selectServer, selectUser } from '../../machines/session/selectors';
import { Alert } from '../../ui';
import { useServices } from '../app/services';
import { useSession } from '../app/hooks';
import { DeviceCard } from './DeviceCard';
import { LayersMenu } from './LayersMenu';
import * as styles from './MapPage.css';

/** MapLibre's control texts in the active language (its keys are MapLibre's own). */
function useMapUiStrings(): Record<string, string> {
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the texts change with the language only
    [i18n.locale],
  );
}

export function MapPage() {
  const { t, i18n } = useLingui();
  const { live } = useServices();
  const [settings] = useState(createMapSettings);
  const user = useSession(selectUser);
  const server = useSession(selectServer);
  const uniqueId = useSession((s) => s.context.uniqueId);
  // Traccar keeps the map style in the `map` field; an attribute `map` (the embedded server's demo pin) also counts
  const preferredStyle = fieldPreference('map', user, server) ?? preference('map', user, server, null);
  const uiStrings = useMapUiStrings();
  const [fallback, setFallback] = useState(false);
  const [noticeClosed, setNoticeClosed] = useState(false);

  // `?uniqueId=`: select that device once the devices are in the store (the wait lives in src/map)
  useEffect(() => selectByUniqueIdOnce(live, uniqueId), [live, uniqueId]);

  return (
    <div className={styles.page}>
      {/* keyed by language: MapLibre takes its control texts when it is created */}
      <MapView
        key={i18n.locale}
        store={live}
        settings={settings}
        preferredStyle={preferredStyle}
        uiStrings={uiStrings}
        onFallback={(on) => {
          setFallback(on);
          setNoticeClosed(false);
        }}
      />
      <LayersMenu settings={settings} preferredStyle={preferredStyle} />
      {fallback && !noticeClosed && (
        <div className={styles.notice} data-testid="map-fallback-notice">
          <Alert variant="info" onDismiss={() => setNoticeClosed(true)} dismissLabel={t`Close`}>
            {t`The chosen map could not be loaded; the offline map is shown.`}
          </Alert>
        </div>
      )}
      <DeviceCard />
    </div>
  );
}
