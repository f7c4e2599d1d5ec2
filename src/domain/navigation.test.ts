import { describe, expect, it } from 'vitest';
import { activeTab } from './navigation';

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
