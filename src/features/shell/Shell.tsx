import { useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Button as AriaButton } from 'react-aria-components';
import {
  AppShell,
  Badge,
  BellIcon,
  BottomNavigation,
  Menu,
  MenuItem,
  MapIcon,
  ReportsIcon,
  SettingsIcon,
  PersonIcon,
  LogoutIcon,
  type BottomNavigationItem,
} from '../../ui';
import { useServices } from '../app/services';
import { useSession } from '../app/hooks';
import { selectServer, selectUser } from '../../machines/session/selectors';
import { isRestricted } from '../../domain/permissions';
import { activeTab } from '../../domain/navigation';
import { unreadEvents } from '../../domain/eventRules';
import { TermsDialog } from './TermsDialog';
import { WithQuery } from '../app/query';
import { DevicesPanel, DevicesToggle } from '../devices/DevicesPanel';
import { EventsController } from '../events/EventsController';
import { EventsDrawer } from '../events/EventsDrawer';
import { useLive } from '../devices/useLive';
import type { LiveState } from '../../domain/liveStore';
import * as styles from './Shell.css';

/**
 * Unread events: those not in the list when the events drawer was last closed (kept here, in the
 * shell's state; while the drawer is open everything is read). The shell re-renders when the badge
 * appears or goes, not on every event.
 */
function useUnread(drawerOpen: boolean): { unread: boolean; markRead: () => void } {
  const { live } = useServices();
  const [seen, setSeen] = useState<ReadonlySet<number>>(() => new Set());
  const select = useCallback((state: LiveState) => !drawerOpen && unreadEvents(state.events, seen) > 0, [drawerOpen, seen]);
  const unread = useLive(select);
  const markRead = useCallback(() => setSeen(new Set(live.getState().events.map((event) => event.id))), [live]);
  return { unread, markRead };
}

/**
 * Each page starts with focus on the main region: after signing in and after every navigation,
 * focus would otherwise stay on the body (or on a link of the previous page). Scrolling is left
 * alone.
 */
function useFocusMainOnNavigation(pathname: string) {
  useEffect(() => {
    const main = document.querySelector<HTMLElement>('main[data-testid="main"]');
    if (!main) return;
    const active = document.activeElement;
    const shell = main.parentElement;
    // focus on the body, or left on the previous page's navigation, moves to the new page; what the
    // page focused itself (inside main) and pop-ups (portalled outside the shell) keep their focus
    const stale = active === null || active === document.body || (shell?.contains(active) === true && !main.contains(active));
    if (stale) main.focus({ preventScroll: true });
  }, [pathname]);
}

export function Shell() {
  const { t } = useLingui();
  const { session } = useServices();
  const user = useSession(selectUser);
  const server = useSession(selectServer);
  const pathname = useLocation({ select: (location) => location.pathname });
  useFocusMainOnNavigation(pathname);
  const readonly = isRestricted('readonly', user, server);
  const [eventsOpen, setEventsOpen] = useState(false);
  const [devicesOpen, setDevicesOpen] = useState(false);
  const { unread, markRead } = useUnread(eventsOpen);
  // closing the drawer marks what it showed as read, in the same render (no badge flash)
  const onEventsOpenChange = useCallback(
    (open: boolean) => {
      if (!open) markRead();
      setEventsOpen(open);
    },
    [markRead],
  );

  const items: BottomNavigationItem[] = [
    { id: 'map', label: t`Map`, icon: <MapIcon />, href: '/', badge: unread, badgeLabel: t`New events` },
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
    <WithQuery>
      <AppShell
        sidebar={
          <div className={styles.sidebar}>
            <div className={styles.header}>
              <p className={styles.brand}>{t`Athar`}</p>
              <DevicesToggle isOpen={devicesOpen} onChange={setDevicesOpen} />
              <AriaButton className={styles.eventsButton} onPress={() => setEventsOpen(true)} aria-label={t`Events`} data-testid="events-button">
                <span className={styles.iconWrap}>
                  <BellIcon />
                  {unread && <Badge anchored label={t`New events`} />}
                </span>
              </AriaButton>
            </div>
            <div className={styles.nav}>
              <BottomNavigation aria-label={t`Main navigation`} items={items} selectedId={selectedId} />
            </div>
            <DevicesPanel phoneOpen={devicesOpen} onPhoneOpenChange={setDevicesOpen} />
          </div>
        }
        bottomNav={<BottomNavigation aria-label={t`Main navigation`} items={items} selectedId={selectedId} />}
      >
        <Outlet />
        <TermsDialog />
      </AppShell>
      <EventsDrawer isOpen={eventsOpen} onOpenChange={onEventsOpenChange} />
      <EventsController />
    </WithQuery>
  );
}
