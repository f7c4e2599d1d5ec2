import { createFileRoute } from '@tanstack/react-router';
import { EmulatorPage } from '../../features/emulator/EmulatorPage';

/** The position emulator (OsmAnd protocol); MapLibre loads with this route only. */
export const Route = createFileRoute('/_app/emulator')({
  component: EmulatorPage,
});
