import { createFileRoute } from '@tanstack/react-router';
import { EntityListPage } from '../../../shared/entity/EntityListPage';
import { notificationList } from '../../../features/settings/notifications';

export const Route = createFileRoute('/_app/settings/notifications')({
  component: () => <EntityListPage descriptor={notificationList} />,
});
