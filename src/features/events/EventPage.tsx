/**
 * `/event/{id}`: one event from `GET /api/events/{id}` and its position (`GET /api/positions?id=`):
 * type, time, device, message (the body of the push notification that opened it, else the event's
 * own or its live copy's), attributes, and a link to the position page.
 */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Alert, Link, Loader } from '../../ui';
import type { LiveState } from '../../domain/liveStore';
import { useData } from '../../shared/data';
import { useNotificationBody } from '../../shared/hooks';
import { useLive } from '../../shared/useLive';
import { useUnitFormatters } from '../../shared/useUnits';
import { attributeName, attributeValue } from '../../shared/positionAttributes';
import { alarmLabel, eventTitle } from '../../shared/eventTypes';
import { useEventSubjects } from '../../shared/useEventSubjects';
import * as styles from './events.css';

export function EventPage({ id }: { id: number }) {
  const { t, i18n } = useLingui();
  const format = useUnitFormatters();
  const { queries } = useData();
  const subjects = useEventSubjects();
  // a driver's identifier (a driverChanged event's) reads as the driver's name
  const drivers = subjects.driver;
  const event = useQuery(queries.event(id));
  const positionId = event.data?.positionId ?? 0;
  const position = useQuery({ ...queries.position(positionId), enabled: positionId > 0 });
  const deviceId = event.data?.deviceId ?? 0;
  const device = useLive((state: LiveState) => state.devices.get(deviceId));
  // The stored event has no text: the push notification that opened this page carries it (spec
  // section 7), or the live copy the socket delivered.
  const notificationBody = useNotificationBody(id);
  const liveMessage = useLive((state: LiveState) => state.events.find((item) => item.id === id)?.attributes?.message);

  if (event.isPending) return <Loader label={t`Loading`} />;
  if (event.isError) {
    return (
      <div className={styles.page}>
        <Alert variant="error">{event.error.message}</Alert>
      </div>
    );
  }
  const data = event.data;
  const time = format.dateTime(data.eventTime) ?? '';
  const { message: storedMessage, ...attributes } = data.attributes ?? {};
  const message = notificationBody ?? storedMessage ?? liveMessage;
  return (
    <article className={styles.page} data-testid="event-page">
      <h1 className={styles.heading}>{eventTitle(i18n, data, subjects)}</h1>
      <dl className={styles.fields}>
        <dt className={styles.term}>{t`Time`}</dt>
        <dd className={styles.value}>{data.eventTime ? <time dateTime={data.eventTime}>{time}</time> : '—'}</dd>
        <dt className={styles.term}>{t`Device`}</dt>
        <dd className={styles.value}>
          <bdi>{device?.name ?? `#${data.deviceId}`}</bdi>
        </dd>
        {typeof message === 'string' && message !== '' && (
          <>
            <dt className={styles.term}>{t`Message`}</dt>
            <dd className={styles.value} data-testid="event-message">
              <bdi>{String(message)}</bdi>
            </dd>
          </>
        )}
        {Object.entries(attributes).map(([key, value]) => (
          <FragmentRow
            key={key}
            term={attributeName(i18n, key)}
            value={key === 'alarm' && typeof value === 'string' ? alarmLabel(i18n, value) : attributeValue(i18n, format, key, value, { drivers })}
          />
        ))}
        {position.data && (
          <>
            <dt className={styles.term}>{t`Location`}</dt>
            <dd className={styles.value}>
              <bdi dir="ltr">
                {position.data.latitude.toFixed(6)}, {position.data.longitude.toFixed(6)}
              </bdi>
            </dd>
          </>
        )}
      </dl>
      {positionId > 0 && <Link href={`/position/${positionId}`}>{t`Show position`}</Link>}
    </article>
  );
}

function FragmentRow({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt className={styles.term}>
        <bdi>{term}</bdi>
      </dt>
      <dd className={styles.value}>
        <bdi>{value}</bdi>
      </dd>
    </>
  );
}
