import { createFileRoute, useParams } from '@tanstack/react-router';
import { EntityEditPage } from '../../../shared/entity/EntityEditPage';
import { geofenceEditor } from '../../../features/settings/geofences';

/** A geofence: new without an id. */
export const Route = createFileRoute('/_app/settings/geofence/{-$id}')({
  component: function Edit() {
    const { id } = useParams({ from: '/_app/settings/geofence/{-$id}' });
    return <EntityEditPage key={id ?? ''} descriptor={geofenceEditor} id={id === undefined ? null : Number(id)} />;
  },
});
