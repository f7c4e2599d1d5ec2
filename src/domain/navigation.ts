export type Tab = 'map' | 'reports' | 'settings' | 'account';

/** The bottom navigation's active tab, derived from the path. */
export function activeTab(pathname: string, userId: number | null): Tab {
  if (userId !== null && pathname === `/settings/user/${userId}`) return 'account';
  if (pathname === '/settings' || pathname.startsWith('/settings/')) return 'settings';
  if (pathname === '/reports' || pathname.startsWith('/reports/')) return 'reports';
  return 'map';
}

export type NavigationItem = 'map' | 'reports' | 'settings' | 'logout' | 'account';

/**
 * The bottom navigation's entries, by the spec: Map; Reports unless the reports-disabled flag
 * applies; Settings; then Logout when a user is logged in, otherwise the user menu entry. (Traccar's
 * own client chooses the last one by the readonly flag; the spec chooses by the session. The user
 * menu — account settings and logout — is also in the shell's header, so it is always reachable.)
 */
export function navigationItems(input: { loggedIn: boolean; reportsDisabled: boolean }): NavigationItem[] {
  const items: NavigationItem[] = ['map'];
  if (!input.reportsDisabled) items.push('reports');
  items.push('settings', input.loggedIn ? 'logout' : 'account');
  return items;
}
