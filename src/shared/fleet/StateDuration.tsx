import { useLingui } from '@lingui/react/macro';
import { useNow } from '../useNow';
import { stateMinutes } from '../../domain/fleetState';
import { useStateSince } from './stateSince';
import { stateText } from './stateText';

/** The one minute ticker every duration shares: they all move on together. */
export const DURATION_TICK_MS = 60_000;

/**
 * "Idle 12 min": the device's fleet state and how long it has lasted, kept current by the shared
 * minute ticker (`useNow`) and the tracker (`useStateSince`); nothing for a device the live store does
 * not hold. Only this text renders again: its row or card does not. With a known start it is a
 * `<time>` holding the duration (`PT12M`): like every relative time, the screenshots mask it.
 */
export function StateDuration({ deviceId, className }: { deviceId: number; className?: string }) {
  const { i18n } = useLingui();
  const entry = useStateSince(deviceId);
  const now = useNow(DURATION_TICK_MS);
  if (!entry) return null;
  const minutes = entry.state === 'never' ? null : stateMinutes(entry.since, now);
  const text = stateText(i18n, entry, now);
  return minutes === null ? (
    <span className={className} data-fleet-state={entry.state}>
      {text}
    </span>
  ) : (
    <time className={className} data-fleet-state={entry.state} dateTime={`PT${minutes}M`}>
      {text}
    </time>
  );
}
