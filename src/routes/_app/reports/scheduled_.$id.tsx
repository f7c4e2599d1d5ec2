import { createFileRoute, useParams } from '@tanstack/react-router';
import { ScheduledEditPage } from '../../../features/reports/ScheduledPage';

/** One scheduled report (new ones are ordered from a report's filter, so an id is always there). */
export const Route = createFileRoute('/_app/reports/scheduled_/$id')({
  component: function Edit() {
    const { id } = useParams({ from: '/_app/reports/scheduled_/$id' });
    return <ScheduledEditPage id={Number(id)} />;
  },
});
