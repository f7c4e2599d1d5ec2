import { describe, expect, it } from 'vitest';
import type { Server, User } from '../../contract/models';
import { makeServer, makeUser } from '../../tests/fixtures/models';
import { isManager, isReadonly, isRestricted, isUiDisabled, preference } from './permissions';

const user = (patch: Partial<User> = {}): User => makeUser({ administrator: false, ...patch });
const server = (patch: Partial<Server> = {}): Server => makeServer({ registration: false, ...patch });

describe('permissions', () => {
  it('manager: administrator or non-zero userLimit', () => {
    expect([isManager(user()), isManager(user({ userLimit: 5 })), isManager(user({ userLimit: -1 })), isManager(user({ administrator: true }))]).toEqual([false, true, true, true]);
  });
  it('restriction from server or user, never for administrators', () => {
    expect(isRestricted('disableReports', user(), server({ disableReports: true }))).toBe(true);
    expect(isRestricted('disableReports', user({ disableReports: true }), server())).toBe(true);
    expect(isRestricted('disableReports', user({ administrator: true, disableReports: true }), server({ disableReports: true }))).toBe(false);
    expect(isRestricted('disableReports', user(), server())).toBe(false);
  });
  it('read-only covers deviceReadonly', () => {
    expect(isReadonly(user({ deviceReadonly: true }), server())).toBe(true);
    expect(isReadonly(user(), server({ deviceReadonly: true }))).toBe(true);
    expect(isReadonly(user(), server())).toBe(false);
  });
  it('ui.disable flags never apply to administrators', () => {
    expect(isUiDisabled('ui.disableGroups', user({ attributes: { 'ui.disableGroups': true } }), server())).toBe(true);
    expect(isUiDisabled('Groups', user(), server({ attributes: { 'ui.disableGroups': 'true' } }))).toBe(true);
    expect(isUiDisabled('ui.disableGroups', user({ administrator: true, attributes: { 'ui.disableGroups': true } }), server())).toBe(false);
  });
  it('settings precedence honours forceSettings', () => {
    const u = user({ attributes: { mapLiveRoutes: 'all' } });
    expect(preference('mapLiveRoutes', u, server({ attributes: { mapLiveRoutes: 'selected' } }), 'none')).toBe('all');
    expect(preference('mapLiveRoutes', u, server({ forceSettings: true, attributes: { mapLiveRoutes: 'selected' } }), 'none')).toBe('selected');
    expect(preference('mapLiveRoutes', user(), server(), 'none')).toBe('none');
  });
});
