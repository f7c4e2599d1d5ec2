import { createFileRoute } from '@tanstack/react-router';
import { MapPage } from '../../features/map/MapPage';

/** The main map page. MapLibre is loaded with this route only. */
export const Route = createFileRoute('/_app/')({
  loader: async ({ context }) => {
    const { queries, live } = context.services;
    const { queryClient } = await import('../../features/app/query');
    const [devices, positions] = await Promise.all([
      queryClient.ensureQueryData(queries.devices()),
      queryClient.ensureQueryData(queries.positions()),
    ]);
    live.setDevices(devices);
    live.updatePositions(positions);
  },
  component: MapPage,
});
