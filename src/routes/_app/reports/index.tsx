import { createFileRoute, redirect } from '@tanstack/react-router';

/** /reports itself opens the combined report, as the Reports tab does. */
export const Route = createFileRoute('/_app/reports/')({
  beforeLoad: () => {
    throw redirect({ to: '/reports/combined', replace: true });
  },
});
