import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { relativeTime } from '../domain/deviceList';
import { useNow } from './useNow';

/**
 * How long ago a moment was ("2 min. ago", "now"), in the active language, kept current by the
 * shared clock (`useNow`); `fallback` when there is no valid moment. A `<time>` with the moment.
 */
export function RelativeTime({ value, fallback, className }: { value: string | null | undefined; fallback: string; className?: string }) {
  const { i18n } = useLingui();
  const now = useNow();
  const relative = relativeTime(value, now);
  const formatter = useMemo(() => new Intl.RelativeTimeFormat(i18n.locale, { numeric: 'auto', style: 'short' }), [i18n.locale]);
  return (
    <time className={className} dateTime={relative ? (value ?? undefined) : undefined}>
      {relative ? formatter.format(relative.value, relative.unit) : fallback}
    </time>
  );
}
