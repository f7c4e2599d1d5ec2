import { createFileRoute } from '@tanstack/react-router';
import { ReplayPage } from '../../features/replay/ReplayPage';

/** A device's (or several devices') history played on the map; the filter is the address's search, parsed in the page's chunk. */
export const Route = createFileRoute('/_app/replay')({
  component: ReplayPage,
});
