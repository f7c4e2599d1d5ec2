import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BottomNavigation, type BottomNavigationItem, type BottomNavigationLinkProps } from './BottomNavigation';
import type { Href } from './href';
import { MapIcon, ReportsIcon, SettingsIcon, LogoutIcon } from './shellIcons';

afterEach(cleanup);

/** Test paths need not exist in the app's route tree. */
const href = (path: string) => path as unknown as NonNullable<Href>;

const items: BottomNavigationItem[] = [
  { id: 'map', label: 'Map', icon: <MapIcon />, href: href('/'), badge: true, badgeLabel: 'New' },
  { id: 'reports', label: 'Reports', icon: <ReportsIcon />, href: href('/reports/combined') },
  { id: 'settings', label: 'Settings', icon: <SettingsIcon />, href: href('/settings/preferences') },
  { id: 'logout', label: 'Logout', icon: <LogoutIcon />, onAction: vi.fn() },
];

describe('BottomNavigation', () => {
  it('is a named navigation landmark with links and a button', () => {
    render(<BottomNavigation aria-label="Main" items={items} selectedId="map" />);
    const nav = screen.getByRole('navigation', { name: /Main/ });
    expect(within(nav).getAllByRole('link')).toHaveLength(3);
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Reports/ }).getAttribute('href')).toBe('/reports/combined');
  });

  it('marks only the selected item with aria-current="page"', () => {
    render(<BottomNavigation aria-label="Main" items={items} selectedId="settings" />);
    const settings = screen.getByRole('link', { name: /Settings/ });
    expect(settings.getAttribute('aria-current')).toBe('page');
    for (const name of [/Map/, /Reports/]) {
      expect(screen.getByRole('link', { name }).hasAttribute('aria-current')).toBe(false);
    }
  });

  it('shows the badge only on items that ask for it', () => {
    render(<BottomNavigation aria-label="Main" items={items} selectedId="map" />);
    const map = screen.getByRole('link', { name: /Map/ });
    expect(map.querySelector('[data-badge]')).not.toBeNull();
    expect(map.textContent).toContain('New');
    expect(screen.getByRole('link', { name: /Reports/ }).querySelector('[data-badge]')).toBeNull();
  });

  it('lets the app render its own router links', () => {
    const renderLink = vi.fn(({ href: to, item: _item, ...rest }: BottomNavigationLinkProps) => (
      <a data-router-link="" href={`#${String(to)}`} {...rest} />
    ));
    render(<BottomNavigation aria-label="Main" items={items} selectedId="reports" renderLink={renderLink} />);
    expect(renderLink).toHaveBeenCalledTimes(3);
    const reports = screen.getByRole('link', { name: /Reports/ });
    expect(reports.hasAttribute('data-router-link')).toBe(true);
    expect(reports.getAttribute('href')).toBe('#/reports/combined');
    expect(reports.getAttribute('aria-current')).toBe('page');
  });
});
