/**
 * What every map of the app takes from the person: MapLibre's control texts in their language and
 * the map style they prefer (the live map, the geofence editor, replay and the report maps).
 */
import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { fieldPreference, preference } from '../domain/permissions';
import { selectServer, selectUser } from '../machines/session/selectors';
import { useSession } from './hooks';

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
