import { createFileRoute } from '@tanstack/react-router';
import { ReportKindPage } from '../../../features/reports/ReportPage';

/**
 * Every report: /reports/combined, route, events, trips, stops, summary, chart, statistics, audit,
 * scheduled and logs (one route definition for all, since route definitions load with the app's
 * entry). The filter is the search; it is validated by `parseReportSearch` in the page's own
 * chunk (route definitions load with the app's entry, which the sign-in page's 150 KB counts), so
 * anything malformed in the address is dropped there. An unknown kind shows "not found"; `/reports`
 * itself opens the combined report (the kind is optional, so this costs the entry no route of its own).
 */
export const Route = createFileRoute('/_app/reports/{-$kind}')({
  component: ReportKindPage,
});
