import { createFileRoute } from '@tanstack/react-router';
import { EntityEditPage } from '../../../features/settings/EntityEditPage';
import { notificationEditor } from '../../../features/settings/notifications';

/** A new notification. */
export const Route = createFileRoute('/_app/settings/notification/')({
  component: () => <EntityEditPage descriptor={notificationEditor} id={null} />,
});
