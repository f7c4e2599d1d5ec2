import { createFileRoute } from '@tanstack/react-router';
import { parseReportSearch } from '../../../domain/reportFilter';
import { ReportPage } from '../../../features/reports/ReportPage';
import { REPORTS } from '../../../features/reports/kinds';

export const Route = createFileRoute('/_app/reports/route')({
  validateSearch: parseReportSearch,
  component: () => <ReportPage kind={REPORTS.route} />,
});
