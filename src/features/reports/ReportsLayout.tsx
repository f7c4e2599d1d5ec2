import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { SectionNav, sectionStyles } from '../../ui/SectionNav';
import { isAdministrator } from '../../domain/permissions';
import { canOpen } from '../../domain/restrictions';
import { useSettingsContext } from '../settings/useSettingsContext';
import { REPORT_MENU } from './kinds';

/** The reports menu: every kind the user may run (statistics and audit for administrators). */
export function ReportsNav({ className }: { className?: string }) {
  const { t, i18n } = useLingui();
  const { user, restrictions } = useSettingsContext();
  const admin = isAdministrator(user);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const entries = REPORT_MENU.filter((entry) => (entry.access === 'all' || admin) && (entry.id !== 'scheduled' || canOpen('scheduledReports', restrictions)));
  const current = entries.find((entry) => pathname === `/reports/${entry.id}` || pathname.startsWith(`/reports/${entry.id}/`))?.id ?? null;
  return (
    <SectionNav
      aria-label={t`Reports`}
      className={className}
      current={current}
      entries={entries.map((entry) => ({ id: entry.id, label: i18n._(entry.title), href: `/reports/${entry.id}` }))}
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
