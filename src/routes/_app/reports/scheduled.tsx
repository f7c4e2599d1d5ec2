import { createFileRoute } from '@tanstack/react-router';
import { ScheduledPage } from '../../../features/reports/ScheduledPage';

/** The user's scheduled report orders (made from a report's filter with Schedule). */
export const Route = createFileRoute('/_app/reports/scheduled')({
  component: ScheduledPage,
});
