import { createFileRoute } from '@tanstack/react-router';
import { EntityListPage } from '../../../shared/entity/EntityListPage';
import { userList } from '../../../features/settings/entities';

export const Route = createFileRoute('/_app/settings/users')({
  component: () => <EntityListPage descriptor={userList} />,
});
