import { createFileRoute, useParams } from '@tanstack/react-router';
import { ConnectionsPage } from '../../../features/settings/ConnectionsPage';

export const Route = createFileRoute('/_app/settings/user/$id_/connections')({
  component: function Connections() {
    const { id } = useParams({ from: '/_app/settings/user/$id_/connections' });
    return <ConnectionsPage key={id} owner="users" id={Number(id)} />;
  },
});
