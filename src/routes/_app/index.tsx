import { createFileRoute } from '@tanstack/react-router';
import { MapPage } from '../../features/map/MapPage';

/**
 * The main map page. MapLibre is loaded with this route only. It writes nothing into the live
 * store: the socket machine loads the whole fleet when the session starts and keeps it current, so
 * coming back to the map never puts an older copy over newer data.
 */
export const Route = createFileRoute('/_app/')({
  component: MapPage,
});
