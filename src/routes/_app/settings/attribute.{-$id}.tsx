import { createFileRoute, useParams } from '@tanstack/react-router';
import { EntityEditPage } from '../../../shared/entity/EntityEditPage';
import { computedEditor } from '../../../features/settings/computed';

/** A computed attribute: new without an id. */
export const Route = createFileRoute('/_app/settings/attribute/{-$id}')({
  component: function Edit() {
    const { id } = useParams({ from: '/_app/settings/attribute/{-$id}' });
    return <EntityEditPage key={id ?? ''} descriptor={computedEditor} id={id === undefined ? null : Number(id)} />;
  },
});
