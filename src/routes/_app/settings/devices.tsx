import { createFileRoute } from '@tanstack/react-router';
import { EntityListPage } from '../../../shared/entity/EntityListPage';
import { deviceList } from '../../../features/settings/entities';

export const Route = createFileRoute('/_app/settings/devices')({
  component: () => <EntityListPage descriptor={deviceList} />,
});
