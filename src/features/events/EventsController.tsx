/**
 * Announces new live events: a toast per event (auto-hide after 2750 ms) and, for the event and
 * alarm types the settings name, the alarm sound. Listens to the live store directly so that a
 * burst of events is handled once per store change, without re-rendering anything else.
 *
 * Three toasts show at once, newest first; older ones fold into a count ("+5 more events") that
 * opens the events drawer. Hovering or focusing the toasts holds them (react-aria), never longer
 * than 10 s after each arrived. No flow of its own: react-aria's queue holds which toasts show,
 * wait or are held, and the queue's deadline per toast bounds the hold (src/ui/toastQueue.ts).
 * While the drawer is open, it shows the events: no toast, and opening it closes the toasts.
 */
import { useEffect, useMemo, useRef } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { createToastQueue, ToastRegion } from '../../ui';
import {
  EVENT_TOAST_MAX_MS,
  EVENT_TOAST_MS,
  EVENT_TOASTS_VISIBLE,
  byEventTimeNewestFirst,
  newEvents,
  shouldPlaySound,
  soundSettings,
} from '../../domain/eventRules';
import { selectServer, selectUser } from '../../machines/session/selectors';
import { useServices } from '../../shared/services';
import { useSession } from '../../shared/hooks';
import { eventTitle } from '../../shared/eventTypes';
import { useEventSubjects } from '../../shared/useEventSubjects';
import { playAlarm } from './sound';

export interface EventsControllerProps {
  /** Whether the events drawer is open (it lists the events: no toasts meanwhile). */
  drawerOpen?: boolean;
  /** Opens the events drawer (the count of folded toasts). */
  onOpenDrawer?: () => void;
  /** Injected in tests. */
  play?: () => void;
}

export function EventsController({ drawerOpen = false, onOpenDrawer, play = playAlarm }: EventsControllerProps) {
  const { t, i18n } = useLingui();
  const { live } = useServices();
  const user = useSession(selectUser);
  const server = useSession(selectServer);
  const queue = useMemo(() => createToastQueue({ maxVisibleToasts: EVENT_TOASTS_VISIBLE, maxLifetimeMs: EVENT_TOAST_MAX_MS }), []);

  // The latest settings, language and drawer state for the store listener, without resubscribing.
  const subjects = useEventSubjects();
  const latest = useRef({ sounds: soundSettings(user, server), i18n, play, drawerOpen, subjects });
  useEffect(() => {
    latest.current = { sounds: soundSettings(user, server), i18n, play, drawerOpen, subjects };
  });

  // the drawer shows every event: the toasts have been read
  useEffect(() => {
    if (drawerOpen) queue.clear();
  }, [drawerOpen, queue]);
  // signed out: no deadline left running
  useEffect(() => () => queue.clear(), [queue]);

  useEffect(() => {
    let previous = live.getState().events;
    // Deferred like React's own reads: the toasts render after the map drew the batch.
    return live.subscribeDeferred(() => {
      const state = live.getState();
      if (state.events === previous) return;
      const added = newEvents(previous, state.events);
      previous = state.events;
      if (added.length === 0) return;
      const { sounds, i18n: current, play: playSound, drawerOpen: listed, subjects: names } = latest.current;
      const devices = state.devices;
      // Oldest first (by event time), so the newest toast ends up on top.
      for (const event of listed ? [] : byEventTimeNewestFirst(added).reverse()) {
        const device = devices.get(event.deviceId);
        queue.add(
          { title: eventTitle(current, event, names), ...(device ? { description: device.name } : {}) },
          { timeout: EVENT_TOAST_MS },
        );
      }
      if (added.some((event) => shouldPlaySound(event, sounds))) playSound();
    });
  }, [live, queue]);

  return (
    <ToastRegion
      queue={queue}
      aria-label={t`Events`}
      closeLabel={t`Close`}
      foldedLabel={(count) => t`${plural(count, { one: '+# more event', other: '+# more events' })}`}
      {...(onOpenDrawer ? { onFoldedPress: onOpenDrawer } : {})}
    />
  );
}
