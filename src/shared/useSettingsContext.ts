import { useSession } from './hooks';
import { restrictionsOf, type Restrictions } from '../domain/restrictions';
import { preference } from '../domain/permissions';
import type { Server, User } from '../../contract/models';
import { unitsOf, type Units } from '../domain/units';
import { preferredTimeZone } from '../domain/timeZone';

export interface SettingsContext {
  user: User | null;
  server: Server | null;
  restrictions: Restrictions;
  units: Units;
  timeZone: string;
}

/** The signed-in user, the server and what follows from them for the settings screens. */
export function useSettingsContext(): SettingsContext {
  const user = useSession((s) => s.context.user);
  const server = useSession((s) => s.context.server);
  const units = unitsOf(user, server);
  const zone = preference('timezone', user, server, '');
  return {
    user,
    server,
    restrictions: restrictionsOf(user, server),
    units,
    timeZone: preferredTimeZone(zone),
  };
}
