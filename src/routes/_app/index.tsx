import { createFileRoute, redirect } from '@tanstack/react-router';
import { MapPage } from '../../features/map/MapPage';
import { parseFleetSearch } from '../../domain/fleetSearch';
import { landsOnOverview } from '../../domain/homeView';
import { selectServer, selectUser } from '../../machines/session/selectors';

/** Whether this page's life has shown a signed-in page yet: only its first landing on `/` goes to the preferred view. */
let landed = false;

/**
 * The main map page. MapLibre is loaded with this route only. It writes nothing into the live
 * store: the socket machine loads the whole fleet when the session starts and keeps it current, so
 * coming back to the map never puts an older copy over newer data. `?fleet=` filters the device
 * list to an overview tile's vehicles (`parseFleetSearch`). A user who chose the overview as the
 * start page (Preferences) lands on `/fleet` when the app opens on `/`.
 */
export const Route = createFileRoute('/_app/')({
  validateSearch: parseFleetSearch,
  beforeLoad: ({ context, search, cause }) => {
    if (cause === 'preload') return;
    const first = !landed;
    landed = true;
    const snapshot = context.services.session.getSnapshot();
    if (first && !search.fleet && landsOnOverview(selectUser(snapshot), selectServer(snapshot))) {
      throw redirect({ to: '/fleet', replace: true });
    }
  },
  component: MapPage,
});
