import type { Server, User } from '../../contract/models';
import { preference } from './permissions';

export type ThemeName = 'dark' | 'light';

/**
 * The theme from `darkMode` (a user attribute, and a server one that is the default, or wins when
 * the server forces settings). The interface is dark-themed (the spec): only a `darkMode` set to
 * false chooses the light theme; unset, true or anything else keeps the dark one.
 */
export function themeOf(user: User | null | undefined, server: Server | null | undefined): ThemeName {
  const darkMode = preference('darkMode', user, server, true);
  return darkMode === false || darkMode === 'false' ? 'light' : 'dark';
}
