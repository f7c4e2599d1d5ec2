import { createFileRoute } from '@tanstack/react-router';
import { EntityListPage } from '../../../features/settings/EntityListPage';
import { maintenanceList } from '../../../features/settings/maintenance';

export const Route = createFileRoute('/_app/settings/maintenances')({
  component: () => <EntityListPage descriptor={maintenanceList} />,
});
