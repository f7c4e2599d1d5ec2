/**
 * Notifications (`/settings/notifications`, `notification`, `notification/{id}`), as declarations on
 * the generic pages: the event type and the notificators come from the server's lists, alarm kinds
 * for alarm events, all devices or the linked ones, a calendar, and a Test that sends one now.
 */
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { Notification } from '../../../contract/models';
import { resources } from '../../api/resources';
import { Alert, Button, Section } from '../../ui';
import { translated } from '../../shared/translated';
import { useServices } from '../../shared/services';
import { dataFor } from '../../shared/data';
import { useRequest } from '../../shared/useRequest';
import { ALARM_KEYS, alarmLabel, eventTypeName } from '../../shared/eventTypes';
import type { EditDescriptor, ListDescriptor } from '../../shared/entity/model';
import * as styles from '../../shared/entity/settings.css';

const NOTIFICATORS: Readonly<Record<string, MessageDescriptor>> = {
  web: msg`Web`,
  mail: msg`Email`,
  sms: msg`SMS`,
  command: msg`Command`,
  firebase: msg`Push (Firebase)`,
  traccar: msg`Push (Traccar)`,
  telegram: msg`Telegram`,
  pushover: msg`Pushover`,
};

export function notificatorName(i18n: I18n, key: string): string {
  return translated(i18n, NOTIFICATORS, key);
}

const notificatorList = (value: string | null | undefined, i18n: I18n) =>
  (value ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean)
    .map((n) => notificatorName(i18n, n))
    .join(', ');

export const notificationList: ListDescriptor<Notification> = {
  resource: resources.notifications,
  screen: 'notifications',
  title: msg`Notifications`,
  empty: {
    about: msg`A notification tells you when something happens to a device (it goes offline, enters a geofence, raises an alarm): on this page, by email or another channel.`,
    add: msg`Add a notification`,
  },
  newPath: '/settings/notification',
  itemPath: (row) => `/settings/notification/${row.id}`,
  columns: [
    { id: 'type', header: msg`Type`, text: (row, c) => eventTypeName(c.i18n as I18n, row.type) },
    { id: 'description', header: msg`Description`, text: (row) => row.description ?? '' },
    { id: 'notificators', header: msg`Notificators`, text: (row, c) => notificatorList(row.notificators, c.i18n as I18n) },
    { id: 'always', header: msg`All devices`, text: (row, c) => c.i18n._(row.always ? msg`Yes` : msg`No`) },
  ],
};

export const notificationEditor: EditDescriptor<Notification> = {
  resource: resources.notifications,
  screen: 'notifications',
  titleNew: msg`New notification`,
  titleEdit: msg`Notification`,
  listPath: '/settings/notifications',
  defaults: () => ({ id: 0, description: null, type: 'alarm', always: false, calendarId: 0, commandId: 0, notificators: 'web', attributes: {} }),
  sections: [
    {
      title: msg`Required`,
      fields: [
        { kind: 'select', key: 'type', label: msg`Type`, options: { load: (q) => q.notificationTypes(), label: (id, i18n) => eventTypeName(i18n, id) } },
        {
          kind: 'choices',
          key: 'attributes.alarms',
          label: msg`Alarms`,
          description: msg`None chosen: every alarm.`,
          visible: (c) => c.draft.type === 'alarm',
          options: (_c, i18n) => ALARM_KEYS.map((key) => ({ id: key, label: alarmLabel(i18n as I18n, key) })),
        },
        { kind: 'choices', key: 'notificators', label: msg`Notificators`, options: { load: (q) => q.notificators(), label: (id, i18n) => notificatorName(i18n, id) } },
      ],
    },
    {
      title: msg`Extra`,
      defaultExpanded: true,
      fields: [
        { kind: 'text', key: 'description', label: msg`Description` },
        { kind: 'switch', key: 'always', label: msg`All devices`, description: msg`Otherwise only the devices and groups linked to it.` },
        { kind: 'entity', key: 'calendarId', label: msg`Calendar`, resource: resources.calendars, emptyLabel: msg`No calendar` },
        {
          kind: 'entity',
          key: 'commandId',
          label: msg`Saved command`,
          resource: resources.commands,
          emptyLabel: msg`No command`,
          visible: (c) => String(c.draft.notificators ?? '').split(',').includes('command'),
        },
      ],
    },
  ],
  knownAttributes: [],
  extra: () => <NotificationTest />,
  extraOnNew: true,
};

/** Sends a test notification to oneself now, through every notificator (the web one as a toast). */
function NotificationTest() {
  const { t } = useLingui();
  const services = useServices();
  const test = useRequest(() => dataFor(services).entities.testNotification());
  return (
    <Section title={t`Test`} defaultExpanded>
      <div className={styles.actions}>
        <Button variant="secondary" isPending={test.pending} onPress={() => test.run()}>
          {t`Send a test notification`}
        </Button>
      </div>
      {test.state === 'done' ? <p role="status" className={styles.muted}>{t`Sent`}</p> : null}
      {test.errorText ? <Alert variant="error">{test.errorText}</Alert> : null}
    </Section>
  );
}
