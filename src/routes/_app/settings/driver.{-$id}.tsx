import { createFileRoute, useParams } from '@tanstack/react-router';
import { EntityEditPage } from '../../../shared/entity/EntityEditPage';
import { driverEditor } from '../../../features/settings/entities';

/** A driver: new without an id. */
export const Route = createFileRoute('/_app/settings/driver/{-$id}')({
  component: function Edit() {
    const { id } = useParams({ from: '/_app/settings/driver/{-$id}' });
    return <EntityEditPage key={id ?? ''} descriptor={driverEditor} id={id === undefined ? null : Number(id)} />;
  },
});
