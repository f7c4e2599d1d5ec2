import React, { type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Button as AriaButton, MenuTrigger } from 'react-aria-components';
import {
  AppShell,
  Badge,
  BellIcon,
  BottomNavigation,
  useCoverToastZone,
  Menu,
  MenuItem,
  MapIcon,
  ReportsIcon,
  SettingsIcon,
  PersonIcon,
  LogoutIcon,
  type BottomNavigationItem,
} from '../../ui';
import { useServices } from '../../shared/services';
import { useSession, useSocketStatus, type SocketStatus } from '../../shared/hooks';
import { selectServer, selectUser } from '../../machines/session/selectors';
import { restrictionsOf } from '../../domain/restrictions';
import { navigationItems } from '../../domain/navigation';
import { activeTab } from '../../domain/navigation';
import { unreadEvents } from '../../domain/eventRules';
import { TermsDialog } from './TermsDialog';
import { WithQuery } from '../../shared/query';
import { SessionListsLoading } from '../../shared/sessionLists';
import { startedChild } from '../../machines/app/actors';
import { useLive } from '../../shared/useLive';
import { useNow } from '../../shared/useNow';
import { relativeTime } from '../../domain/deviceList';
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

/**
 * The other screens' parts the shell places (the device list, the settings and reports menus, the
 * events drawer and toasts): given by the layout route (src/routes/-shellParts.ts), which composes
 * the screens, so that the shell imports none of them.
 */
export interface ShellParts {
  DevicesPanel: ComponentType<{ phoneOpen: boolean; onPhoneOpenChange: (open: boolean) => void }>;
  DevicesToggle: ComponentType<{ isOpen: boolean; onChange: (open: boolean) => void }>;
  SettingsNav: ComponentType<{ className?: string }>;
  ReportsNav: ComponentType<{ className?: string }>;
  EventsDrawer: ComponentType<{ isOpen: boolean; onOpenChange: (isOpen: boolean) => void }>;
  EventsController: ComponentType<{ drawerOpen?: boolean; onOpenDrawer?: () => void }>;
}

export function Shell({ parts }: { parts: ShellParts }) {
  const { DevicesPanel, DevicesToggle, SettingsNav, ReportsNav, EventsDrawer, EventsController } = parts;
  const { t } = useLingui();
  const { session, app } = useServices();
  const user = useSession(selectUser);
  const server = useSession(selectServer);
  // what this user is shown: the events (button, drawer, toasts) and the Reports tab may be hidden
  const { features, disableReports } = restrictionsOf(user, server);
  const pathname = useLocation({ select: (location) => location.pathname });
  useFocusMainOnNavigation(pathname);
  const [eventsOpen, setEventsOpen] = useState(false);
  const [devicesOpen, setDevicesOpen] = useState(false);
  // the device list on phones lies over the page: the toasts leave the map's zone for the strip
  useCoverToastZone(devicesOpen);
  const eventsButton = useRef<HTMLButtonElement>(null);
  // opened from the toasts' count: focus goes to the events button first, so that closing the
  // drawer returns it there (the count itself is gone by then: opening the drawer closes the toasts)
  const openEventsFromToasts = useCallback(() => {
    eventsButton.current?.focus();
    setEventsOpen(true);
  }, []);
  const { unread, markRead } = useUnread(eventsOpen);
  // closing the drawer marks what it showed as read, in the same render (no badge flash)
  const onEventsOpenChange = useCallback(
    (open: boolean) => {
      if (!open) markRead();
      setEventsOpen(open);
    },
    [markRead],
  );

  const socket = useSocketStatus();
  const logout = () => session.send({ type: 'LOGOUT' });
  const accountMenu = (
    <Menu
      aria-label={t`Account`}
      onAction={(key) => {
        if (key === 'logout') logout();
      }}
    >
      <MenuItem id="account" href={user ? `/settings/user/${user.id}` : '/'} icon={<PersonIcon />}>
        {t`Account settings`}
      </MenuItem>
      <MenuItem id="logout" icon={<LogoutIcon />}>
        {t`Logout`}
      </MenuItem>
    </Menu>
  );
  // which tabs, by the spec's rules (src/domain/navigation): reports unless disabled; logout when
  // a user is logged in, else the user menu entry; the Map tab's red dot while the socket is down
  const items: BottomNavigationItem[] = navigationItems({
    loggedIn: user !== null,
    reportsDisabled: disableReports || !features.reports,
  }).map((id): BottomNavigationItem => {
    switch (id) {
      case 'map':
        return { id, label: t`Map`, icon: <MapIcon />, href: '/', badge: socket === 'offline', badgeLabel: t`Connection lost, reconnecting` };
      case 'reports':
        return { id, label: t`Reports`, icon: <ReportsIcon />, href: '/reports/combined' };
      case 'settings':
        return { id, label: t`Settings`, icon: <SettingsIcon />, href: '/settings/preferences' };
      case 'logout':
        return { id, label: t`Logout`, icon: <LogoutIcon />, onAction: logout };
      case 'account':
        return { id, label: t`Account`, icon: <PersonIcon />, menu: accountMenu };
    }
  });

  const selectedId = activeTab(pathname, user?.id ?? null);
  const inSettings = pathname === '/settings' || pathname.startsWith('/settings/');
  const inReports = pathname === '/reports' || pathname.startsWith('/reports/');
  return (
    <WithQuery>
      {/* geofences, groups, drivers, maintenance and calendars: loaded once the first map is drawn */}
      <SessionListsLoading onMapPage={pathname === '/'} socket={startedChild(app.system, 'socket')} />
      <AppShell
        sidebarWidth={inSettings || inReports ? 'menu' : 'list'}
        sidebar={
          // in settings and reports the sidebar holds their menu in place of the device list (from
          // tablets up; on phones they show their menu as a strip and the list stays a toggled view)
          <div className={styles.sidebar} data-area={inSettings ? 'settings' : inReports ? 'reports' : 'map'}>
            <div className={styles.header}>
              <p className={styles.brand}>{t`Athar`}</p>
              <ConnectionState status={socket} />
              <DevicesToggle isOpen={devicesOpen} onChange={setDevicesOpen} />
              {features.events ? (
                <AriaButton
                  ref={eventsButton}
                  className={styles.eventsButton}
                  onPress={() => setEventsOpen(true)}
                  aria-label={t`Events`}
                  data-testid="events-button"
                >
                  <span className={styles.iconWrap}>
                    <BellIcon />
                    {unread && <Badge anchored label={t`New events`} />}
                  </span>
                </AriaButton>
              ) : null}
              {/* the user menu: account settings and logout, on every screen size */}
              <MenuTrigger>
                <AriaButton className={styles.eventsButton} aria-label={t`Account`} data-testid="account-button">
                  <PersonIcon />
                </AriaButton>
                {React.cloneElement(accountMenu, { placement: 'bottom end' })}
              </MenuTrigger>
            </div>
            <div className={styles.nav}>
              <BottomNavigation aria-label={t`Main navigation`} items={items} selectedId={selectedId} />
            </div>
            {inSettings ? <SettingsNav className={styles.settingsNav} /> : null}
            {inReports ? <ReportsNav className={styles.settingsNav} /> : null}
            <DevicesPanel phoneOpen={devicesOpen} onPhoneOpenChange={setDevicesOpen} />
          </div>
        }
        bottomNav={<BottomNavigation aria-label={t`Main navigation`} items={items} selectedId={selectedId} />}
      >
        <Outlet />
        <TermsDialog />
      </AppShell>
      {features.events ? (
        <>
          <EventsDrawer isOpen={eventsOpen} onOpenChange={onEventsOpenChange} />
          <EventsController drawerOpen={eventsOpen} onOpenDrawer={openEventsFromToasts} />
        </>
      ) : null}
    </WithQuery>
  );
}

/**
 * The live connection as a person sees it: a dot, and words when it is not connected. While it
 * reconnects (the back-off reaches 60 s) it says how old the positions on screen are: the store was
 * current until the socket closed, or until the last refetch.
 */
function ConnectionState({ status }: { status: SocketStatus }) {
  const { t } = useLingui();
  if (status === 'stopped') return null;
  const text = { online: t`Connected`, connecting: t`Connecting…`, offline: t`Reconnecting…` }[status];
  return (
    <span className={styles.connection} data-status={status} data-testid="connection-state">
      <span className={styles.connectionDot} aria-hidden="true" />
      <span className={styles.connectionTexts}>
        <span className={status === 'online' ? styles.visuallyHidden : styles.connectionText} role="status">
          {text}
        </span>
        {status !== 'online' && <PositionsAge />}
      </span>
    </span>
  );
}

/**
 * "positions 40s old", renewed every second (outside the status region: not announced each second);
 * nothing before the first load, nor while the positions are less than a second old (the first
 * connection, just after the fleet loaded).
 */
function PositionsAge() {
  const { t, i18n } = useLingui();
  const { live } = useServices();
  const now = useNow(1000);
  const syncedAt = live.syncedAt();
  if (syncedAt === null) return null;
  const age = relativeTime(new Date(syncedAt).toISOString(), now);
  if (!age || age.value === 0) return null;
  const amount = new Intl.NumberFormat(i18n.locale, { style: 'unit', unit: age.unit, unitDisplay: 'narrow' }).format(Math.abs(age.value));
  return (
    <span className={styles.connectionText} data-testid="positions-age">
      {t`positions ${amount} old`}
    </span>
  );
}
