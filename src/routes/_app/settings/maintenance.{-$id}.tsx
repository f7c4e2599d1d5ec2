import { createFileRoute, useParams } from '@tanstack/react-router';
import { EntityEditPage } from '../../../shared/entity/EntityEditPage';
import { maintenanceEditor } from '../../../features/settings/maintenance';

/** A maintenance: new without an id. */
export const Route = createFileRoute('/_app/settings/maintenance/{-$id}')({
  component: function Edit() {
    const { id } = useParams({ from: '/_app/settings/maintenance/{-$id}' });
    return <EntityEditPage key={id ?? ''} descriptor={maintenanceEditor} id={id === undefined ? null : Number(id)} />;
  },
});
