import { createFileRoute } from '@tanstack/react-router';
import { EntityListPage } from '../../../shared/entity/EntityListPage';
import { groupList } from '../../../features/settings/entities';

export const Route = createFileRoute('/_app/settings/groups')({
  component: () => <EntityListPage descriptor={groupList} />,
});
