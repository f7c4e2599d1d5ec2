/**
 * Announces new live events: a toast per event (auto-hide after 2750 ms) and, for the event and
 * alarm types the settings name, the alarm sound. Listens to the live store directly so that a
 * burst of events is handled once per store change, without re-rendering anything else.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { createToastQueue, ToastRegion } from '../../ui';
import { EVENT_TOAST_MS, newEvents, shouldPlaySound, soundSettings } from '../../domain/eventRules';
import { selectServer, selectUser } from '../../machines/session/selectors';
import { useServices } from '../app/services';
import { useSession } from '../app/hooks';
import { eventTitle } from './eventTypes';
import { playAlarm } from './sound';

export interface EventsControllerProps {
  /** Injected in tests. */
  play?: () => void;
}

export function EventsController({ play = playAlarm }: EventsControllerProps) {
  const { t, i18n } = useLingui();
  const { live } = useServices();
  const user = useSession(selectUser);
  const server = useSession(selectServer);
  const queue = useMemo(() => createToastQueue({ maxVisibleToasts: 3 }), []);

  // The latest settings and language for the store listener, without resubscribing.
  const latest = useRef({ sounds: soundSettings(user, server), i18n, play });
  useEffect(() => {
    latest.current = { sounds: soundSettings(user, server), i18n, play };
  });

  useEffect(() => {
    let previous = live.getState().events;
    // Deferred like React's own reads: the toasts render after the map drew the batch.
    return live.subscribeDeferred(() => {
      const state = live.getState();
      if (state.events === previous) return;
      const added = newEvents(previous, state.events);
      previous = state.events;
      if (added.length === 0) return;
      const { sounds, i18n: current, play: playSound } = latest.current;
      const devices = state.devices;
      // Oldest first, so the newest toast ends up on top.
      for (const event of [...added].reverse()) {
        const device = devices.get(event.deviceId);
        queue.add(
          { title: eventTitle(current, event), ...(device ? { description: device.name } : {}) },
          { timeout: EVENT_TOAST_MS },
        );
      }
      if (added.some((event) => shouldPlaySound(event, sounds))) playSound();
    });
  }, [live, queue]);

  return <ToastRegion queue={queue} aria-label={t`Events`} closeLabel={t`Close`} />;
}
