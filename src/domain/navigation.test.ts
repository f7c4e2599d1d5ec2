import { describe, expect, it } from 'vitest';
import { activeTab, navigationItems } from './navigation';

describe('activeTab', () => {
  it.each([
    ['/', 7, 'map'],
    ['/position/3', 7, 'map'],
    ['/reports/combined', 7, 'reports'],
    ['/settings/preferences', 7, 'settings'],
    ['/settings/user/7', 7, 'account'],
    ['/settings/user/8', 7, 'settings'],
    ['/settings/user/7', null, 'settings'],
    ['/reportsx', 7, 'map'],
  ] as const)('%s (user %s) → %s', (path, user, tab) => {
    expect(activeTab(path, user)).toBe(tab);
  });
});

describe('navigation items (the spec)', () => {
  it('ends with Logout when a user is logged in, otherwise the user menu entry, whatever readonly says', () => {
    expect(navigationItems({ loggedIn: true, reportsDisabled: false })).toEqual(['map', 'reports', 'settings', 'logout']);
    expect(navigationItems({ loggedIn: false, reportsDisabled: false })).toEqual(['map', 'reports', 'settings', 'account']);
  });

  it('hides Reports when the reports-disabled flag applies', () => {
    expect(navigationItems({ loggedIn: true, reportsDisabled: true })).toEqual(['map', 'settings', 'logout']);
  });
});
