import { createFileRoute, useParams } from '@tanstack/react-router';
import { UserPage } from '../../../features/settings/singletons';

/** A user (new without an id, for managers); one's own is the Account page. */
export const Route = createFileRoute('/_app/settings/user/{-$id}')({
  component: function Edit() {
    const { id } = useParams({ from: '/_app/settings/user/{-$id}' });
    return <UserPage key={id ?? ''} id={id === undefined ? null : Number(id)} />;
  },
});
