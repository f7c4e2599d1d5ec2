import { createFileRoute } from '@tanstack/react-router';
import { FleetPage } from '../../features/devices/FleetPage';

/** The fleet overview as a page of its own (desktop; on phones the device panel shows it too). */
export const Route = createFileRoute('/_app/fleet')({
  component: FleetPage,
});
