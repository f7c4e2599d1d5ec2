/**
 * The entity screens of the first settings issue, as declarations: devices, groups, drivers and
 * users (list and edit). Each is a descriptor on the generic pages; the routes are thin.
 */
import { msg } from '@lingui/core/macro';
import type { Device, Driver, Group, User } from '../../../contract/models';
import { resources } from '../../api/resources';
import { DEVICE_CATEGORIES } from '../../domain/categories';
import { canAddDevice, canAddUser, canOpen } from '../../domain/restrictions';
import { categoryLabel, statusLabel } from '../../shared/labels';
import type { EditDescriptor, FieldContext, KnownAttribute, ListDescriptor } from '../../shared/entity/model';
import { DeviceExtra } from './DeviceExtra';
import { TotpField } from './TotpField';
import { ShareSessionNotice } from './ShareSessionNotice';
import type { I18n } from '@lingui/core';
import { speedFromKnots, speedToKnots } from '../../domain/units';
import { formatDateTime, speedUnitLabel } from '../../shared/format';
import type { LiveState } from '../../domain/liveStore';

const toSpeed = (knots: number, c: FieldContext) => speedFromKnots(knots, c.units.speed);
const fromSpeed = (value: number, c: FieldContext) => speedToKnots(value, c.units.speed);
const speedUnit = (c: FieldContext, i18n: I18n) => speedUnitLabel(i18n, c.units.speed);
const isAdmin = (c: FieldContext) => c.restrictions.administrator;

/** The attributes Traccar knows for devices and groups (its attribute catalogue). */
export const DEVICE_ATTRIBUTES: KnownAttribute[] = [
  { key: 'speedLimit', label: msg`Speed limit (knots)`, type: 'number' },
  { key: 'fuelDropThreshold', label: msg`Fuel drop threshold`, type: 'number' },
  { key: 'fuelIncreaseThreshold', label: msg`Fuel increase threshold`, type: 'number' },
  { key: 'report.ignoreOdometer', label: msg`Ignore the odometer in reports`, type: 'boolean' },
  { key: 'web.reportColor', label: msg`Report colour`, type: 'color' },
  { key: 'devicePassword', label: msg`Device password`, type: 'string' },
  { key: 'deviceInactivityStart', label: msg`Inactivity start (ms)`, type: 'number' },
  { key: 'deviceInactivityPeriod', label: msg`Inactivity period (ms)`, type: 'number' },
  { key: 'processing.copyAttributes', label: msg`Copy attributes`, type: 'string' },
  { key: 'decoder.timezone', label: msg`Decoder time zone`, type: 'string' },
  { key: 'notificationTokens', label: msg`Notification tokens`, type: 'string' },
];

const COMMON_ATTRIBUTES: KnownAttribute[] = [
  { key: 'web.reportColor', label: msg`Report colour`, type: 'color' },
  { key: 'speedLimit', label: msg`Speed limit (knots)`, type: 'number' },
];

export const USER_ATTRIBUTES: KnownAttribute[] = [
  { key: 'telegramChatId', label: msg`Telegram chat id`, type: 'string' },
  { key: 'pushoverUserKey', label: msg`Pushover user key`, type: 'string' },
  { key: 'mail.smtp.host', label: msg`SMTP host`, type: 'string' },
  { key: 'mail.smtp.port', label: msg`SMTP port`, type: 'number' },
  { key: 'mail.smtp.from', label: msg`SMTP sender`, type: 'string' },
  { key: 'ui.disableReport', label: msg`Hide reports`, type: 'boolean' },
  { key: 'ui.disableEvents', label: msg`Hide events`, type: 'boolean' },
  { key: 'ui.disableVehicleFeatures', label: msg`Hide vehicle features`, type: 'boolean' },
  { key: 'ui.disableDrivers', label: msg`Hide drivers`, type: 'boolean' },
  { key: 'ui.disableMaintenance', label: msg`Hide maintenance`, type: 'boolean' },
  { key: 'ui.disableGroups', label: msg`Hide groups`, type: 'boolean' },
  { key: 'ui.disableCalendars', label: msg`Hide calendars`, type: 'boolean' },
  { key: 'ui.disableComputedAttributes', label: msg`Hide computed attributes`, type: 'boolean' },
  { key: 'ui.disableSavedCommands', label: msg`Hide saved commands`, type: 'boolean' },
  { key: 'ui.disableAttributes', label: msg`Hide attributes`, type: 'boolean' },
  { key: 'role', label: msg`Role (announcements)`, type: 'string' },
];

// --- devices ---

const deviceRowsOf = new WeakMap<LiveState['devices'], Device[]>();
/** The live store's devices as the list's rows: the same array until the devices change (not at each position). */
export function deviceRows(state: LiveState): readonly Device[] {
  let rows = deviceRowsOf.get(state.devices);
  if (!rows) {
    rows = [...state.devices.values()];
    deviceRowsOf.set(state.devices, rows);
  }
  return rows;
}

/** The device categories by name, 'Default' first, the others in the language's order. */
export function categoryOptions(i18n: I18n): Array<{ id: string; label: string }> {
  const collator = new Intl.Collator(i18n.locale);
  const named = DEVICE_CATEGORIES.map((key) => ({ id: key as string, label: categoryLabel(i18n, key) }));
  const first = named.filter((option) => option.id === 'default');
  return [...first, ...named.filter((option) => option.id !== 'default').sort((a, b) => collator.compare(a.label, b.label))];
}

export const deviceList: ListDescriptor<Device> = {
  resource: resources.devices,
  // the devices the socket keeps (loaded at sign-in, updated live): no second download of every device
  live: deviceRows,
  screen: 'devices',
  title: msg`Devices`,
  empty: {
    about: msg`A device is a tracker, or a phone with a tracking app, that reports its position to this server.`,
    how: msg`Add it with the identifier it reports: its IMEI, or the id set in the app.`,
    add: msg`Add a device`,
  },
  newPath: '/settings/device',
  itemPath: (row) => `/settings/device/${row.id}`,
  lookups: [resources.groups],
  columns: [
    { id: 'name', header: msg`Name`, text: (row) => row.name },
    { id: 'uniqueId', header: msg`Identifier`, text: (row) => row.uniqueId },
    { id: 'group', header: msg`Group`, text: (row, c) => (row.groupId ? c.names(resources.groups, row.groupId) : '') },
    { id: 'phone', header: msg`Phone`, text: (row) => row.phone ?? '' },
    { id: 'model', header: msg`Model`, text: (row) => row.model ?? '', defaultVisible: false },
    { id: 'contact', header: msg`Contact`, text: (row) => row.contact ?? '', defaultVisible: false },
    { id: 'category', header: msg`Category`, text: (row, c) => (row.category ? categoryLabel(c.i18n as never, row.category as never) : '') , defaultVisible: false },
    { id: 'status', header: msg`Status`, text: (row, c) => statusLabel(c.i18n as never, row.status) },
    {
      id: 'expiration',
      header: msg`Expiration`,
      text: (row, c) => formatDateTime(c.i18n.locale, row.expirationTime, { year: 'numeric', month: 'numeric', day: 'numeric', timeZone: c.timeZone }) ?? '',
      defaultVisible: false,
    },
  ],
  links: [
    { id: 'connections', label: msg`Connections`, href: (row) => `/settings/device/${row.id}/connections`, visible: (r) => !r.deviceReadonly },
    { id: 'command', label: msg`Send a command`, href: (row) => `/settings/device/${row.id}/command`, visible: (r) => canOpen('sendCommand', r) },
    { id: 'accumulators', label: msg`Accumulators`, href: (row) => `/settings/accumulators/${row.id}`, visible: (r) => canOpen('accumulators', r) },
    { id: 'share', label: msg`Share`, href: (row) => `/settings/device/${row.id}/share`, visible: (r) => canOpen('share', r) },
  ],
  canAdd: (r, user, count) => canAddDevice(r, user, count),
};

export const deviceEditor: EditDescriptor<Device> = {
  resource: resources.devices,
  screen: 'devices',
  titleNew: msg`New device`,
  titleEdit: msg`Device`,
  listPath: '/settings/devices',
  defaults: () => ({ id: 0, name: '', uniqueId: '', groupId: 0, calendarId: 0, status: 'unknown', lastUpdate: null, positionId: 0, phone: null, model: null, contact: null, category: null, disabled: false, expirationTime: null, attributes: {} }),
  sections: [
    {
      title: msg`Required`,
      fields: [
        { kind: 'text', key: 'name', label: msg`Name`, required: true },
        {
          kind: 'text',
          key: 'uniqueId',
          label: msg`Identifier`,
          required: true,
          dir: 'ltr',
          description: msg`The identifier the tracker or the phone app reports (its IMEI or the id set in the app).`,
        },
      ],
    },
    {
      title: msg`Extra`,
      fields: [
        { kind: 'entity', key: 'groupId', label: msg`Group`, resource: resources.groups, emptyLabel: msg`No group` },
        { kind: 'text', key: 'phone', label: msg`Phone`, type: 'tel', dir: 'ltr' },
        { kind: 'text', key: 'model', label: msg`Model` },
        { kind: 'text', key: 'contact', label: msg`Contact` },
        {
          kind: 'select',
          key: 'category',
          label: msg`Category`,
          // one 'Default' (Traccar's `default` category, what an unset one shows), no map markers
          unsetAs: 'default',
          options: (_c, i18n) => categoryOptions(i18n as I18n),
        },
        { kind: 'entity', key: 'calendarId', label: msg`Calendar`, resource: resources.calendars, emptyLabel: msg`No calendar` },
        { kind: 'number', key: 'attributes.speedLimit', label: msg`Speed limit`, unit: speedUnit, minValue: 0, toDisplay: toSpeed, fromDisplay: fromSpeed },
        { kind: 'date', key: 'expirationTime', label: msg`Expiration`, visible: isAdmin },
        { kind: 'switch', key: 'disabled', label: msg`Disabled`, visible: isAdmin },
      ],
    },
  ],
  knownAttributes: DEVICE_ATTRIBUTES,
  extra: (props) => <DeviceExtra {...props} />,
};

// --- groups ---

export const groupList: ListDescriptor<Group> = {
  resource: resources.groups,
  screen: 'groups',
  title: msg`Groups`,
  empty: {
    about: msg`A group gathers devices (and other groups), so that connections, notifications and commands apply to all of them at once.`,
    how: msg`Add a group, then choose it in each device's Group field.`,
    add: msg`Add a group`,
  },
  newPath: '/settings/group',
  itemPath: (row) => `/settings/group/${row.id}`,
  lookups: [resources.groups],
  columns: [
    { id: 'name', header: msg`Name`, text: (row) => row.name },
    { id: 'parent', header: msg`Group`, text: (row, c) => (row.groupId ? c.names(resources.groups, row.groupId) : '') },
  ],
  links: [
    { id: 'connections', label: msg`Connections`, href: (row) => `/settings/group/${row.id}/connections` },
    { id: 'command', label: msg`Send a command`, href: (row) => `/settings/group/${row.id}/command`, visible: (r) => canOpen('sendCommand', r) },
  ],
};

export const groupEditor: EditDescriptor<Group> = {
  resource: resources.groups,
  screen: 'groups',
  titleNew: msg`New group`,
  titleEdit: msg`Group`,
  listPath: '/settings/groups',
  defaults: () => ({ id: 0, name: '', groupId: 0, attributes: {} }),
  sections: [
    { title: msg`Required`, fields: [{ kind: 'text', key: 'name', label: msg`Name`, required: true }] },
    {
      title: msg`Extra`,
      fields: [
        { kind: 'entity', key: 'groupId', label: msg`Parent group`, resource: resources.groups, emptyLabel: msg`No group`, exclude: (c) => [c.draft.id] },
        { kind: 'number', key: 'attributes.speedLimit', label: msg`Speed limit`, unit: speedUnit, minValue: 0, toDisplay: toSpeed, fromDisplay: fromSpeed },
      ],
    },
  ],
  knownAttributes: COMMON_ATTRIBUTES,
};

// --- drivers ---

export const driverList: ListDescriptor<Driver> = {
  resource: resources.drivers,
  screen: 'drivers',
  title: msg`Drivers`,
  empty: {
    about: msg`A driver is a person identified by a card or key (RFID, iButton) that the tracker reads: positions, reports and events then name who was driving.`,
    how: msg`Add a driver with the identifier on their card.`,
    add: msg`Add a driver`,
  },
  newPath: '/settings/driver',
  itemPath: (row) => `/settings/driver/${row.id}`,
  columns: [
    { id: 'name', header: msg`Name`, text: (row) => row.name },
    { id: 'uniqueId', header: msg`Identifier`, text: (row) => row.uniqueId },
  ],
};

export const driverEditor: EditDescriptor<Driver> = {
  resource: resources.drivers,
  screen: 'drivers',
  titleNew: msg`New driver`,
  titleEdit: msg`Driver`,
  listPath: '/settings/drivers',
  defaults: () => ({ id: 0, name: '', uniqueId: '', attributes: {} }),
  sections: [
    {
      title: msg`Required`,
      fields: [
        { kind: 'text', key: 'name', label: msg`Name`, required: true },
        { kind: 'text', key: 'uniqueId', label: msg`Identifier`, required: true, dir: 'ltr', description: msg`The driver's card or key identifier.` },
      ],
    },
  ],
  knownAttributes: [],
};

// --- users ---

export const userList: ListDescriptor<User> = {
  resource: resources.users,
  screen: 'users',
  title: msg`Users`,
  empty: {
    about: msg`Users sign in to this server; each sees the devices and groups connected to them.`,
    add: msg`Add a user`,
  },
  newPath: '/settings/user',
  itemPath: (row) => `/settings/user/${row.id}`,
  columns: [
    { id: 'name', header: msg`Name`, text: (row) => row.name },
    { id: 'email', header: msg`Email`, text: (row) => row.email },
    { id: 'administrator', header: msg`Administrator`, text: (row, c) => (row.administrator ? c.i18n._(msg`Yes`) : c.i18n._(msg`No`)) },
    { id: 'disabled', header: msg`Disabled`, text: (row, c) => (row.disabled ? c.i18n._(msg`Yes`) : c.i18n._(msg`No`)), defaultVisible: false },
  ],
  links: [{ id: 'connections', label: msg`Connections`, href: (row) => `/settings/user/${row.id}/connections` }],
  canAdd: (r, user, count) => canAddUser(r, user, count),
  // a share link's user (Traccar's `temporary`, named after the caller and the device) is no account to manage
  hiddenRows: { is: (row) => row.temporary === true, show: msg`Show share link users` },
};

export function userEditor(self: boolean): EditDescriptor<User> {
  // one's own account in a session opened by a share link: no email, password or key of its own to show
  const account = (c: FieldContext) => !(self && c.draft.temporary === true);
  return {
    resource: resources.users,
    screen: self ? 'account' : 'users',
    titleNew: msg`New user`,
    titleEdit: self ? msg`Account` : msg`User`,
    listPath: self ? '/' : '/settings/users',
    removable: !self,
    defaults: () =>
      ({
        id: 0, name: '', email: '', password: null, administrator: false, readonly: false, deviceReadonly: false, disabled: false,
        limitCommands: false, disableReports: false, fixedEmail: false, deviceLimit: -1, userLimit: 0, expirationTime: null,
        phone: null, login: null, map: null, latitude: 0, longitude: 0, zoom: 0, coordinateFormat: null, poiLayer: null,
        totpKey: null, temporary: false, attributes: {},
      }) as User,
    sections: [
      {
        title: msg`Required`,
        fields: [
          { kind: 'text', key: 'name', label: msg`Name`, required: true },
          { kind: 'text', key: 'email', label: msg`Email`, required: true, type: 'email', dir: 'ltr', visible: account, disabled: (c) => c.restrictions.fixedEmail && c.draft.id === c.user?.id },
          {
            kind: 'text',
            key: 'password',
            label: msg`Password`,
            type: 'password',
            autoComplete: 'new-password',
            visible: account,
            // a new user signs in with it; a saved one keeps theirs unless a new one is typed
            required: (c) => !c.draft.id,
            description: (c) => (c.draft.id ? msg`Leave empty to keep the current password.` : msg`Required: the password the new user signs in with.`),
          },
        ],
      },
      {
        title: msg`Preferences`,
        fields: [
          { kind: 'text', key: 'phone', label: msg`Phone`, type: 'tel', dir: 'ltr', visible: account },
          { kind: 'custom', key: 'totpKey', label: msg`One-time password`, visible: account, render: (props) => <TotpField {...props} /> },
        ],
      },
      {
        title: msg`Permissions`,
        fields: [
          { kind: 'date', key: 'expirationTime', label: msg`Expiration`, visible: isAdmin },
          { kind: 'number', key: 'deviceLimit', label: msg`Device limit`, integer: true, minValue: -1, notZero: true, description: msg`-1: no limit`, visible: isAdmin },
          { kind: 'number', key: 'userLimit', label: msg`User limit`, integer: true, minValue: -1, description: msg`-1: no limit; 0: not a manager`, visible: isAdmin },
          { kind: 'switch', key: 'disabled', label: msg`Disabled`, visible: isAdmin },
          { kind: 'switch', key: 'administrator', label: msg`Administrator`, visible: isAdmin },
          { kind: 'switch', key: 'readonly', label: msg`Read-only`, visible: isAdmin },
          { kind: 'switch', key: 'deviceReadonly', label: msg`Device read-only`, visible: isAdmin },
          { kind: 'switch', key: 'limitCommands', label: msg`Limit commands`, visible: isAdmin },
          { kind: 'switch', key: 'disableReports', label: msg`Disable reports`, visible: isAdmin },
          { kind: 'switch', key: 'fixedEmail', label: msg`Fixed email`, visible: isAdmin },
          { kind: 'switch', key: 'temporary', label: msg`Temporary`, description: msg`A temporary account, such as one a share link makes: it cannot share.`, visible: isAdmin },
        ],
      },
    ],
    knownAttributes: USER_ATTRIBUTES,
    notice: (item) => (self && item.temporary ? <ShareSessionNotice user={item} /> : null),
  };
}
