import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { SectionNav, sectionStyles } from '../../ui/SectionNav';
import { isAdministrator } from '../../domain/permissions';
import { canOpen } from '../../domain/restrictions';
import { useSettingsContext } from '../../shared/useSettingsContext';
import { REPORT_MENU } from '../../shared/reports/kinds';
import { carriedSearch, parseReportSearch, type ReportSearch } from '../../domain/reportFilter';
import { isTableReport } from '../../domain/reportSearch';

/**
 * The reports menu: every kind the user may run (statistics and audit for administrators). From a
 * report, each kind's link carries the devices, groups and period chosen (and shows the kind again
 * when it was shown with them in this session), so switching kinds keeps the filter, and back and
 * forward restore each step.
 */
export function ReportsNav({ className }: { className?: string }) {
  const { t, i18n } = useLingui();
  const { user, restrictions } = useSettingsContext();
  const admin = isAdministrator(user);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const rawSearch = useRouterState({ select: (s) => s.location.search as Record<string, unknown> });
  const router = useRouter();
  const entries = REPORT_MENU.filter((entry) => (entry.access === 'all' || admin) && (entry.id !== 'scheduled' || canOpen('scheduledReports', restrictions)));
  const current = entries.find((entry) => pathname === `/reports/${entry.id}` || pathname.startsWith(`/reports/${entry.id}/`))?.id ?? null;
  // the filter of the report on screen (none on the logs or the scheduled orders)
  const from: ReportSearch | null = current && isTableReport(current) ? parseReportSearch(rawSearch) : null;
  const reportHref = (id: string): string => {
    if (!from || !isTableReport(id)) return `/reports/${id}`;
    return router.buildLocation({ to: `/reports/${id}` as never, search: carriedSearch(id, from) as never }).href;
  };
  return (
    <SectionNav
      aria-label={t`Reports`}
      className={className}
      current={current}
      entries={entries.map((entry) => ({ id: entry.id, label: i18n._(entry.title), href: reportHref(entry.id) }))}
    />
  );
}

/**
 * The reports area: the menu beside the report (on a phone, a strip above it). The report pages wrap
 * themselves in it (no layout route: route definitions load with the app's entry, which the sign-in
 * budget counts).
 */
export function ReportsFrame({ children }: { children: ReactNode }) {
  return (
    <div className={sectionStyles.layout}>
      <ReportsNav className={sectionStyles.menu} />
      <div className={sectionStyles.content}>{children}</div>
    </div>
  );
}
