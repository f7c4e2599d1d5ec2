import { createFileRoute } from '@tanstack/react-router';
import { LogsPage } from '../../../features/reports/LogsPage';

/** What the devices send, live (the socket streams it while this page is open). */
export const Route = createFileRoute('/_app/reports/logs')({
  component: LogsPage,
});
