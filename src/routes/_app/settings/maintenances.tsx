import { createFileRoute } from '@tanstack/react-router';
import { EntityListPage } from '../../../shared/entity/EntityListPage';
import { maintenanceList } from '../../../features/settings/maintenance';

export const Route = createFileRoute('/_app/settings/maintenances')({
  component: () => <EntityListPage descriptor={maintenanceList} />,
});
