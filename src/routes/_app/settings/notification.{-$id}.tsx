import { createFileRoute, useParams } from '@tanstack/react-router';
import { EntityEditPage } from '../../../shared/entity/EntityEditPage';
import { notificationEditor } from '../../../features/settings/notifications';

/** A notification: new without an id. */
export const Route = createFileRoute('/_app/settings/notification/{-$id}')({
  component: function Edit() {
    const { id } = useParams({ from: '/_app/settings/notification/{-$id}' });
    return <EntityEditPage key={id ?? ''} descriptor={notificationEditor} id={id === undefined ? null : Number(id)} />;
  },
});
