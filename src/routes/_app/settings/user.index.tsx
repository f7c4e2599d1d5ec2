import { createFileRoute } from '@tanstack/react-router';
import { UserPage } from '../../../features/settings/singletons';

/** A new user (managers). */
export const Route = createFileRoute('/_app/settings/user/')({
  component: () => <UserPage id={null} />,
});
