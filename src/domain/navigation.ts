export type Tab = 'map' | 'reports' | 'settings' | 'account';

/** The bottom navigation's active tab, derived from the path. */
export function activeTab(pathname: string, userId: number | null): Tab {
  if (userId !== null && pathname === `/settings/user/${userId}`) return 'account';
  if (pathname === '/settings' || pathname.startsWith('/settings/')) return 'settings';
  if (pathname === '/reports' || pathname.startsWith('/reports/')) return 'reports';
  return 'map';
}
