import { createFileRoute, useParams } from '@tanstack/react-router';
import { EntityEditPage } from '../../../shared/entity/EntityEditPage';
import { groupEditor } from '../../../features/settings/entities';

/** A group: new without an id. */
export const Route = createFileRoute('/_app/settings/group/{-$id}')({
  component: function Edit() {
    const { id } = useParams({ from: '/_app/settings/group/{-$id}' });
    return <EntityEditPage key={id ?? ''} descriptor={groupEditor} id={id === undefined ? null : Number(id)} />;
  },
});
