/**
 * The words for a fleet state and how long it has lasted: "Parked 2 h 10 min", "Idle 12 min",
 * "Moving 35 min", "Offline 3 d 4 h"; the state alone while its start is unknown; "Never reported".
 * Numbers in the language's digits (`Intl.NumberFormat`).
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { durationParts, stateMinutes, type FleetState, type StateSince } from '../../domain/fleetState';
import { intlLocale } from '../../domain/language';
import { formatNumber } from '../format';

/** A state's name alone. */
export const STATE_LABELS: Readonly<Record<FleetState, MessageDescriptor>> = {
  moving: msg`Moving`,
  idle: msg`Idle`,
  parked: msg`Parked`,
  offline: msg`Offline`,
  never: msg`Never reported`,
};

/** "12 min", "2 h 10 min", "3 d 4 h" (a day or more drops the minutes). */
export function durationText(i18n: I18n, minutes: number): string {
  const parts = durationParts(minutes);
  const locale = intlLocale(i18n.locale);
  const n = (value: number) => formatNumber(locale, value, 0);
  if (parts.days > 0) {
    const d = n(parts.days);
    const h = n(parts.hours);
    return i18n._(msg`${d} d ${h} h`);
  }
  const m = n(parts.minutes);
  if (parts.hours > 0) {
    const h = n(parts.hours);
    return i18n._(msg`${h} h ${m} min`);
  }
  return i18n._(msg`${m} min`);
}

/** The state with its duration at `now` ("Idle 12 min"), or its name alone when its start is unknown. */
export function stateText(i18n: I18n, entry: StateSince, now: number): string {
  const minutes = stateMinutes(entry.since, now);
  if (minutes === null || entry.state === 'never') return i18n._(STATE_LABELS[entry.state]);
  const duration = durationText(i18n, minutes);
  switch (entry.state) {
    case 'moving':
      return i18n._(msg`Moving ${duration}`);
    case 'idle':
      return i18n._(msg`Idle ${duration}`);
    case 'parked':
      return i18n._(msg`Parked ${duration}`);
    case 'offline':
      return i18n._(msg`Offline ${duration}`);
  }
}
