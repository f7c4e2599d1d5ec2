import { createFileRoute } from '@tanstack/react-router';
import { ReportsLayout } from '../../features/reports/ReportsLayout';

/** The reports area: its menu beside every report. */
export const Route = createFileRoute('/_app/reports')({
  component: ReportsLayout,
});
