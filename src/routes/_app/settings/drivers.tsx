import { createFileRoute } from '@tanstack/react-router';
import { EntityListPage } from '../../../shared/entity/EntityListPage';
import { driverList } from '../../../features/settings/entities';

export const Route = createFileRoute('/_app/settings/drivers')({
  component: () => <EntityListPage descriptor={driverList} />,
});
