import { describe, expect, it } from 'vitest';
import type { Server, User } from '../../contract/models';
import { makeServer, makeUser } from '../../tests/fixtures/models';
import { themeOf } from './theme';

const user = (attributes: User['attributes'] = {}): User => makeUser({ administrator: false, attributes });
const server = (attributes: Server['attributes'] = {}, forceSettings = false): Server => makeServer({ forceSettings, attributes });

describe('the theme from darkMode', () => {
  it('is dark by default: nobody signed in, nothing set, or darkMode true', () => {
    expect(themeOf(null, null)).toBe('dark');
    expect(themeOf(null, server())).toBe('dark');
    expect(themeOf(user(), server())).toBe('dark');
    expect(themeOf(user({ darkMode: true }), server({ darkMode: true }, true))).toBe('dark');
    expect(themeOf(user({ darkMode: 'true' }), server())).toBe('dark');
  });

  it('is light when the user sets darkMode to false (as a boolean or as Traccar\'s text)', () => {
    expect(themeOf(user({ darkMode: false }), server())).toBe('light');
    expect(themeOf(user({ darkMode: 'false' }), server())).toBe('light');
    // the server's value is only the default: the user's wins
    expect(themeOf(user({ darkMode: false }), server({ darkMode: true }))).toBe('light');
    expect(themeOf(user({ darkMode: true }), server({ darkMode: false }))).toBe('dark');
  });

  it('follows the server\'s darkMode when the user has none (before sign-in too)', () => {
    expect(themeOf(user(), server({ darkMode: false }))).toBe('light');
    expect(themeOf(null, server({ darkMode: false }))).toBe('light');
  });

  it('takes the server\'s value when the server forces settings', () => {
    expect(themeOf(user({ darkMode: true }), server({ darkMode: false }, true))).toBe('light');
    expect(themeOf(user({ darkMode: false }), server({ darkMode: true }, true))).toBe('dark');
    // forced, but the server has no value: the user's stands
    expect(themeOf(user({ darkMode: false }), server({}, true))).toBe('light');
  });

  it('keeps the dark theme for values that are not false', () => {
    for (const value of [null, '', 0, 'no', 'light']) expect(themeOf(user({ darkMode: value as never }), server())).toBe('dark');
  });
});
