import { createFileRoute, useParams } from '@tanstack/react-router';
import { EntityEditPage } from '../../../shared/entity/EntityEditPage';
import { commandEditor } from '../../../features/settings/commands';

/** A saved command: new without an id. */
export const Route = createFileRoute('/_app/settings/command/{-$id}')({
  component: function Edit() {
    const { id } = useParams({ from: '/_app/settings/command/{-$id}' });
    return <EntityEditPage key={id ?? ''} descriptor={commandEditor} id={id === undefined ? null : Number(id)} />;
  },
});
