import { createFileRoute, useParams } from '@tanstack/react-router';
import { ScheduledEditPage } from '../../../features/reports/ScheduledPage';
import { ReportsFrame } from '../../../features/reports/ReportsLayout';

/** One scheduled report (new ones are ordered from a report's filter, so an id is always there). */
export const Route = createFileRoute('/_app/reports/scheduled_/$id')({
  component: function Edit() {
    const { id } = useParams({ from: '/_app/reports/scheduled_/$id' });
    return (
      <ReportsFrame>
        <ScheduledEditPage id={Number(id)} />
      </ReportsFrame>
    );
  },
});
