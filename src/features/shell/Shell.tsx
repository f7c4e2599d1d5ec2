import { Outlet, useLocation } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { AppShell, BottomNavigation, Menu, MenuItem, MapIcon, ReportsIcon, SettingsIcon, PersonIcon, LogoutIcon, type BottomNavigationItem } from '../../ui';
import { useServices } from '../app/services';
import { useSession } from '../app/hooks';
import { selectServer, selectUser } from '../../machines/session/selectors';
import { isRestricted } from '../../domain/permissions';
import { activeTab } from '../../domain/navigation';
import { TermsDialog } from './TermsDialog';
import { WithQuery } from '../app/query';
import * as styles from './Shell.css';

export function Shell() {
  const { t } = useLingui();
  const { session } = useServices();
  const user = useSession(selectUser);
  const server = useSession(selectServer);
  const pathname = useLocation({ select: (location) => location.pathname });
  const readonly = isRestricted('readonly', user, server);

  const items: BottomNavigationItem[] = [
    { id: 'map', label: t`Map`, icon: <MapIcon />, href: '/', badge: true, badgeLabel: t`New events` },
  ];
  if (!isRestricted('disableReports', user, server)) {
    items.push({ id: 'reports', label: t`Reports`, icon: <ReportsIcon />, href: '/reports/combined' });
  }
  items.push({ id: 'settings', label: t`Settings`, icon: <SettingsIcon />, href: '/settings/preferences' });
  if (readonly) {
    items.push({ id: 'logout', label: t`Logout`, icon: <LogoutIcon />, onAction: () => session.send({ type: 'LOGOUT' }) });
  } else {
    items.push({
      id: 'account',
      label: t`Account`,
      icon: <PersonIcon />,
      menu: (
        <Menu
          aria-label={t`Account`}
          onAction={(key) => {
            if (key === 'logout') session.send({ type: 'LOGOUT' });
          }}
        >
          <MenuItem id="account" href={user ? `/settings/user/${user.id}` : '/'} icon={<PersonIcon />}>
            {t`Account settings`}
          </MenuItem>
          <MenuItem id="logout" icon={<LogoutIcon />}>
            {t`Logout`}
          </MenuItem>
        </Menu>
      ),
    });
  }

  const selectedId = activeTab(pathname, user?.id ?? null);
  return (
    <AppShell
      sidebar={
        <div className={styles.sidebar}>
          <p className={styles.brand}>{t`Athar`}</p>
          <BottomNavigation aria-label={t`Main navigation`} items={items} selectedId={selectedId} />
        </div>
      }
      bottomNav={<BottomNavigation aria-label={t`Main navigation`} items={items} selectedId={selectedId} />}
    >
      <WithQuery>
        <Outlet />
      </WithQuery>
      <TermsDialog />
    </AppShell>
  );
}
