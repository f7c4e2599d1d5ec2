/**
 * The events drawer (320 px, inline-end side): the live events, newest first, each with its time,
 * device and message; one can be deleted, or all. Choosing one opens `/event/{id}`.
 */
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { Button as AriaButton, GridList, GridListItem } from 'react-aria-components';
import { Button, DeleteIcon, Drawer } from '../../ui';
import type { Event } from '../../../contract/models';
import type { LiveState } from '../../domain/liveStore';

import { useUnitFormatters } from '../../shared/useUnits';
import { useServices } from '../../shared/services';
import { useLive } from '../../shared/useLive';
import { eventTitle } from '../../shared/eventTypes';
import { useEventSubjects } from '../../shared/useEventSubjects';
import { useEvents } from './useEvents';
import * as styles from './events.css';

export interface EventsDrawerProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

const selectDevices = (state: LiveState) => state.devices;

const selectNoEvents = (state: LiveState) => state.events.length === 0;

/**
 * The drawer; its parts read the live store only while it is open (a closed drawer does not
 * re-render on every device or event update).
 */
export function EventsDrawer({ isOpen, onOpenChange }: EventsDrawerProps) {
  const { t } = useLingui();
  return (
    <Drawer isOpen={isOpen} onOpenChange={onOpenChange} title={t`Events`} closeLabel={t`Close`} actions={<DeleteAll />}>
      <EventList onOpenChange={onOpenChange} />
    </Drawer>
  );
}

function DeleteAll() {
  const { t } = useLingui();
  const { live } = useServices();
  const empty = useLive(selectNoEvents);
  return (
    <Button variant="quiet" onPress={() => live.clearEvents()} isDisabled={empty}>
      {t`Delete all`}
    </Button>
  );
}

function EventList({ onOpenChange }: Pick<EventsDrawerProps, 'onOpenChange'>) {
  const { t, i18n } = useLingui();
  const { live } = useServices();
  const navigate = useNavigate();
  const events = useEvents();
  const subjects = useEventSubjects();
  const devices = useLive(selectDevices);
  const time = useUnitFormatters().dateFormat({ dateStyle: 'short', timeStyle: 'medium' });

  const open = (id: number) => {
    onOpenChange(false);
    void navigate({ to: '/event/$id', params: { id: String(id) } });
  };

  return (
    <GridList
      aria-label={t`Events`}
      items={events}
      onAction={(key) => open(Number(key))}
      className={styles.list}
      data-testid="events-list"
      renderEmptyState={() => <p className={styles.empty}>{t`No events`}</p>}
    >
      {(event: Event) => {
        const text = eventTitle(i18n, event, subjects);
        const device = devices.get(event.deviceId)?.name ?? '';
        return (
          <GridListItem id={event.id} textValue={`${text} ${device}`} className={styles.item} data-event-id={event.id}>
            <div className={styles.itemTexts}>
              <span className={styles.message}>
                <bdi>{text}</bdi>
              </span>
              <span className={styles.meta}>
                <bdi>{device}</bdi>
                {event.eventTime && <time dateTime={event.eventTime}>{time.format(new Date(event.eventTime))}</time>}
              </span>
            </div>
            <AriaButton className={styles.iconButton} aria-label={t`Delete`} onPress={() => live.removeEvent(event.id)}>
              <DeleteIcon />
            </AriaButton>
          </GridListItem>
        );
      }}
    </GridList>
  );
}
