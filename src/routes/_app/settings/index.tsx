import { createFileRoute, redirect } from '@tanstack/react-router';

/** /settings itself opens the first screen of the menu, as Traccar's does. */
export const Route = createFileRoute('/_app/settings/')({
  beforeLoad: () => {
    throw redirect({ to: '/settings/preferences', replace: true });
  },
});
