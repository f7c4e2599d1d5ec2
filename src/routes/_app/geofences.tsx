import { createFileRoute } from '@tanstack/react-router';
import { GeofencesPage } from '../../features/geofences/GeofencesPage';

/** The geofences beside the map, drawn and edited there; MapLibre and terra-draw load with this route only. */
export const Route = createFileRoute('/_app/geofences')({
  component: GeofencesPage,
});
