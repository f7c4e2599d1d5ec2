import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { unitsOf, type DistanceUnit } from '../domain/units';
import { preference } from '../domain/permissions';
import { preferredTimeZone } from '../domain/timeZone';
import { selectServer, selectUser } from '../machines/session/selectors';
import { unitFormatters, type UnitFormatters } from './format';
import { useSession } from './hooks';

/**
 * Formatters for the signed-in user's units (speed, distance, altitude, volume) and times (in the
 * user's preferred zone: the `timezone` preference, else the browser's), in the active language.
 */
export function useUnitFormatters(): UnitFormatters {
  const { i18n } = useLingui();
  const user = useSession(selectUser);
  const server = useSession(selectServer);
  const locale = i18n.locale;
  return useMemo(() => unitFormatters(i18n, unitsOf(user, server), preferredTimeZone(preference('timezone', user, server, ''))), [i18n, locale, user, server]);
}

/** The signed-in user's distance unit (km, mi or nmi): the maps' scale bars count in it. */
export function useDistanceUnit(): DistanceUnit {
  const user = useSession(selectUser);
  const server = useSession(selectServer);
  return unitsOf(user, server).distance;
}
