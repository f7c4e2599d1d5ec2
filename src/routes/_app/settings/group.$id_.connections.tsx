import { createFileRoute, useParams } from '@tanstack/react-router';
import { ConnectionsPage } from '../../../features/settings/ConnectionsPage';

export const Route = createFileRoute('/_app/settings/group/$id_/connections')({
  component: function Connections() {
    const { id } = useParams({ from: '/_app/settings/group/$id_/connections' });
    return <ConnectionsPage key={id} owner="groups" id={Number(id)} />;
  },
});
