import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { SectionNav, sectionStyles } from '../../ui/SectionNav';
import { canOpen, type Restrictions, type SettingsScreen } from '../../domain/restrictions';
import { useSettingsContext } from '../../shared/useSettingsContext';
import * as styles from '../../shared/entity/settings.css';

interface MenuEntry {
  screen: SettingsScreen;
  label: MessageDescriptor;
  href: (userId: number | null) => string;
  /** paths that belong to this entry (its list and its items) */
  prefixes: (userId: number | null) => string[];
}

/** Every settings screen, in Traccar's order; each shows only when the user may open it. */
export const SETTINGS_MENU: MenuEntry[] = [
  { screen: 'preferences', label: msg`Preferences`, href: () => '/settings/preferences', prefixes: () => ['/settings/preferences'] },
  { screen: 'notifications', label: msg`Notifications`, href: () => '/settings/notifications', prefixes: () => ['/settings/notifications', '/settings/notification'] },
  { screen: 'account', label: msg`Account`, href: (id) => `/settings/user/${id ?? 0}`, prefixes: (id) => [`/settings/user/${id ?? 0}`] },
  { screen: 'devices', label: msg`Devices`, href: () => '/settings/devices', prefixes: () => ['/settings/devices', '/settings/device', '/settings/accumulators'] },
  { screen: 'geofences', label: msg`Geofences`, href: () => '/settings/geofences', prefixes: () => ['/settings/geofences', '/settings/geofence'] },
  { screen: 'groups', label: msg`Groups`, href: () => '/settings/groups', prefixes: () => ['/settings/groups', '/settings/group'] },
  { screen: 'drivers', label: msg`Drivers`, href: () => '/settings/drivers', prefixes: () => ['/settings/drivers', '/settings/driver'] },
  { screen: 'calendars', label: msg`Calendars`, href: () => '/settings/calendars', prefixes: () => ['/settings/calendars', '/settings/calendar'] },
  { screen: 'attributes', label: msg`Computed attributes`, href: () => '/settings/attributes', prefixes: () => ['/settings/attributes', '/settings/attribute'] },
  { screen: 'maintenance', label: msg`Maintenance`, href: () => '/settings/maintenances', prefixes: () => ['/settings/maintenances', '/settings/maintenance'] },
  { screen: 'commands', label: msg`Saved commands`, href: () => '/settings/commands', prefixes: () => ['/settings/commands', '/settings/command'] },
  { screen: 'users', label: msg`Users`, href: () => '/settings/users', prefixes: () => ['/settings/users', '/settings/user'] },
  { screen: 'server', label: msg`Server`, href: () => '/settings/server', prefixes: () => ['/settings/server'] },
  { screen: 'announcements', label: msg`Announcements`, href: () => '/settings/announcements', prefixes: () => ['/settings/announcements', '/settings/announcement'] },
];

export function menuEntries(restrictions: Restrictions): MenuEntry[] {
  return SETTINGS_MENU.filter((entry) => canOpen(entry.screen, restrictions));
}

/** The entry a path belongs to (the longest matching prefix; one's own user page is the Account). */
export function currentEntry(pathname: string, userId: number | null, entries: MenuEntry[]): SettingsScreen | null {
  let best: { screen: SettingsScreen; length: number } | null = null;
  for (const entry of entries) {
    for (const prefix of entry.prefixes(userId)) {
      const matches = pathname === prefix || pathname.startsWith(`${prefix}/`);
      if (matches && (!best || prefix.length > best.length)) best = { screen: entry.screen, length: prefix.length };
    }
  }
  return best?.screen ?? null;
}

export function SettingsNav({ className }: { className?: string }) {
  const { t, i18n } = useLingui();
  const { user, restrictions } = useSettingsContext();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const entries = menuEntries(restrictions);
  const current = currentEntry(pathname, user?.id ?? null, entries);
  return (
    <SectionNav
      aria-label={t`Settings`}
      className={className}
      current={current}
      entries={entries.map((entry) => ({ id: entry.screen, label: i18n._(entry.label), href: entry.href(user?.id ?? null) }))}
    />
  );
}

/** The settings area: the menu beside the screen (on a phone, a strip above it). */
export function SettingsLayout() {
  return (
    <div className={sectionStyles.layout}>
      <SettingsNav className={sectionStyles.menu} />
      <div className={sectionStyles.content}>
        <Outlet />
      </div>
    </div>
  );
}
