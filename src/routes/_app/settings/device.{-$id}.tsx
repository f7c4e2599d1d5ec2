import { createFileRoute, useParams } from '@tanstack/react-router';
import { EntityEditPage } from '../../../features/settings/EntityEditPage';
import { deviceEditor } from '../../../features/settings/entities';

/** A device: new without an id. */
export const Route = createFileRoute('/_app/settings/device/{-$id}')({
  component: function Edit() {
    const { id } = useParams({ from: '/_app/settings/device/{-$id}' });
    return <EntityEditPage key={id ?? ''} descriptor={deviceEditor} id={id === undefined ? null : Number(id)} />;
  },
});
