/**
 * The start view a user chose (Preferences): the map, or the fleet overview. A user attribute,
 * `athar.startView` (`map` | `overview`), with the server's as the default (or forced, as Traccar's
 * `forceSettings` forces every preference).
 */
import type { Server, User } from '../../contract/models';
import { preference } from './permissions';

export const START_VIEW_ATTRIBUTE = 'athar.startView';
export type StartView = 'map' | 'overview';

export function startView(user: User | null | undefined, server: Server | null | undefined): StartView {
  return preference(START_VIEW_ATTRIBUTE, user, server, 'map') === 'overview' ? 'overview' : 'map';
}

export function landsOnOverview(user: User | null | undefined, server: Server | null | undefined): boolean {
  return startView(user, server) === 'overview';
}
