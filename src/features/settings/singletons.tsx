/**
 * The settings that are one object, not a list: the server (administrators), the signed-in
 * user's preferences and account. Same edit page and editor machine, other load and save.
 */
import { msg } from '@lingui/core/macro';
import { useMemo } from 'react';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { Server, User } from '../../../contract/models';
import { MAX_RETENTION_DAYS, RETENTION_DAYS } from '../../../contract/extensions';
import { resources } from '../../api/resources';
import { useServices } from '../../shared/services';
import { dataFor } from '../../shared/data';
import { mutationsFor } from '../../shared/useMutations';
import { EntityEditPage, type EditSource } from '../../shared/entity/EntityEditPage';
import type { EditDescriptor, FieldContext, FieldDescriptor } from '../../shared/entity/model';
import { userEditor, USER_ATTRIBUTES } from './entities';
import { TokenField } from './TokenField';
import { TimeZoneField } from './TimeZoneField';
import { RebootServer } from './RebootServer';
import { MAP_STYLE_OPTIONS } from '../../shared/options';
import { selectUser } from '../../machines/session/selectors';
import { ALARM_KEYS, alarmLabel, eventTypeName } from '../../shared/eventTypes';
import { useSession } from '../../shared/hooks';
import { themeOf } from '../../domain/theme';
import { START_VIEW_ATTRIBUTE } from '../../domain/homeView';
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from '../../domain/language';

const option = (id: string, label: MessageDescriptor) => ({ id, label });
const SPEED = [option('kn', msg`Knots (kn)`), option('kmh', msg`Kilometres per hour (km/h)`), option('mph', msg`Miles per hour (mph)`)];
const DISTANCE = [option('km', msg`Kilometres (km)`), option('mi', msg`Miles (mi)`), option('nmi', msg`Nautical miles (nmi)`)];
const ALTITUDE = [option('m', msg`Metres (m)`), option('ft', msg`Feet (ft)`)];
const VOLUME = [option('ltr', msg`Litres`), option('usGal', msg`US gallons`), option('impGal', msg`Imperial gallons`)];
const COORDINATES = [option('dd', msg`Decimal degrees`), option('ddm', msg`Degrees and decimal minutes`), option('dms', msg`Degrees, minutes and seconds`)];
const START_VIEWS = [option('map', msg`Map`), option('overview', msg`Fleet overview`)];
const LIVE_ROUTES = [option('none', msg`None`), option('selected', msg`Selected device`), option('all', msg`All devices`)];
/** Each language in its own name, in the product's order (Arabic first). */
const LANGUAGES = SUPPORTED_LANGUAGES.map((id) => ({ id, label: LANGUAGE_NAMES[id], lang: id }));

const choices = (list: Array<{ id: string; label: MessageDescriptor }>) => (_c: FieldContext, i18n: { _: (d: MessageDescriptor) => string }) =>
  list.map((item) => ({ id: item.id, label: i18n._(item.label) }));

/** The preferences a user or the server holds in attributes (the server's are the defaults, or forced). */
function preferenceFields(): FieldDescriptor[] {
  return [
    { kind: 'select', key: 'attributes.language', label: msg`Language`, allowEmpty: true, options: () => LANGUAGES },
    { kind: 'select', key: 'map', label: msg`Map style`, allowEmpty: true, options: choices(MAP_STYLE_OPTIONS) },
    { kind: 'select', key: 'attributes.speedUnit', label: msg`Speed unit`, allowEmpty: true, options: choices(SPEED) },
    { kind: 'select', key: 'attributes.distanceUnit', label: msg`Distance unit`, allowEmpty: true, options: choices(DISTANCE) },
    { kind: 'select', key: 'attributes.altitudeUnit', label: msg`Altitude unit`, allowEmpty: true, options: choices(ALTITUDE) },
    { kind: 'select', key: 'attributes.volumeUnit', label: msg`Volume unit`, allowEmpty: true, options: choices(VOLUME) },
    { kind: 'select', key: 'coordinateFormat', label: msg`Coordinate format`, allowEmpty: true, options: choices(COORDINATES) },
    { kind: 'custom', key: 'attributes.timezone', label: msg`Time zone`, render: (props) => <TimeZoneField {...props} /> },
    { kind: 'select', key: `attributes.${START_VIEW_ATTRIBUTE}`, label: msg`Start page`, allowEmpty: true, options: choices(START_VIEWS) },
  ];
}

/**
 * The map's settings and the sounds: the event types (the server's list) and alarm types that play
 * one, chosen by their names and kept as Traccar keeps them (keys separated by commas). Nothing
 * chosen leaves the attribute unset: the user then hears what the server says, the server its default.
 */
function mapFields(owner: 'server' | 'user'): FieldDescriptor[] {
  return [
    { kind: 'number', key: 'latitude', label: msg`Latitude`, minValue: -90, maxValue: 90 } as FieldDescriptor,
    { kind: 'number', key: 'longitude', label: msg`Longitude`, minValue: -180, maxValue: 180 } as FieldDescriptor,
    { kind: 'number', key: 'zoom', label: msg`Zoom`, minValue: 0, integer: true },
    { kind: 'select', key: 'attributes.mapLiveRoutes', label: msg`Live routes`, allowEmpty: true, options: choices(LIVE_ROUTES) },
    { kind: 'number', key: 'attributes.web.liveRouteLength', label: msg`Live route length (points)`, minValue: 1, integer: true, notZero: true },
    // unset is dark (the spec's default), or what the server sets for its users
    { kind: 'switch', key: 'attributes.darkMode', label: msg`Dark mode`, whenUnset: (context) => themeOf(null, context.server) === 'dark' },
    {
      kind: 'choices',
      key: 'attributes.soundEvents',
      label: msg`Sounds for events`,
      description: owner === 'server' ? msg`None chosen: no event plays a sound.` : msg`None chosen: as the server's settings say.`,
      options: { load: (q) => q.notificationTypes(), label: (id, i18n) => eventTypeName(i18n, id) },
    },
    {
      kind: 'choices',
      key: 'attributes.soundAlarms',
      label: msg`Sounds for alarms`,
      description: owner === 'server' ? msg`None chosen: SOS alone.` : msg`None chosen: as the server's settings say (SOS unless it names others).`,
      options: (_c, i18n) => ALARM_KEYS.map((key) => ({ id: key, label: alarmLabel(i18n as I18n, key) })),
    },
  ];
}

/**
 * How long positions and events are kept: Athar's embedded server's own setting, shown only when
 * the server reports it (a Traccar server never does: it removed `database.historyDays`).
 */
const retentionField: FieldDescriptor = {
  kind: 'number',
  key: `attributes.${RETENTION_DAYS}`,
  label: msg`Keep history (days)`,
  description: msg`Positions and events older than this are deleted, checked every hour; each device keeps its latest position. Empty or 0: keep everything.`,
  minValue: 0,
  integer: true,
  visible: (context) => typeof context.server?.attributes[RETENTION_DAYS] === 'number',
  validate: (value) => (typeof value === 'number' && value > MAX_RETENTION_DAYS ? msg`At most 36,500 days (a hundred years).` : null),
};

// --- server ---

export const serverEditor: EditDescriptor<Server> = {
  resource: resources.users as never,
  screen: 'server',
  titleNew: msg`Server`,
  titleEdit: msg`Server`,
  listPath: '/settings/server',
  removable: false,
  defaults: () => ({}) as Server,
  sections: [
    { title: msg`Preferences`, fields: preferenceFields(), defaultExpanded: true },
    { title: msg`Map and sounds`, fields: mapFields('server') },
    {
      title: msg`Permissions`,
      fields: [
        { kind: 'switch', key: 'registration', label: msg`Registration` },
        { kind: 'switch', key: 'readonly', label: msg`Read-only` },
        { kind: 'switch', key: 'deviceReadonly', label: msg`Device read-only` },
        { kind: 'switch', key: 'limitCommands', label: msg`Limit commands` },
        { kind: 'switch', key: 'disableReports', label: msg`Disable reports` },
        { kind: 'switch', key: 'fixedEmail', label: msg`Fixed email` },
        { kind: 'switch', key: 'forceSettings', label: msg`Force settings` },
        { kind: 'switch', key: 'attributes.disableChange', label: msg`Disable server change` },
        { kind: 'switch', key: 'attributes.disableShare', label: msg`Disable device sharing` },
        { kind: 'switch', key: 'attributes.totpEnable', label: msg`One-time passwords`, description: msg`Users may add a one-time password key to their account.` },
        { kind: 'switch', key: 'attributes.totpForce', label: msg`Force one-time password`, description: msg`At the next sign-in, a user without a key sets one up; a user with a key enters a code.` },
      ],
    },
    {
      title: msg`Look and texts`,
      fields: [
        { kind: 'color', key: 'attributes.colorPrimary', label: msg`Primary colour` },
        { kind: 'color', key: 'attributes.colorSecondary', label: msg`Secondary colour` },
        { kind: 'text', key: 'announcement', label: msg`Announcement` },
        { kind: 'text', key: 'attributes.termsUrl', label: msg`Terms of use URL`, type: 'url', dir: 'ltr', description: msg`An https address.` },
        { kind: 'text', key: 'attributes.privacyUrl', label: msg`Privacy policy URL`, type: 'url', dir: 'ltr', description: msg`An https address.` },
      ],
    },
    { title: msg`Stored history`, fields: [retentionField] },
  ],
  knownAttributes: [...USER_ATTRIBUTES.filter((a) => a.key.startsWith('ui.')), { key: 'serviceWorkerUpdateInterval', label: msg`Update check interval (ms)`, type: 'number' }],
  // an action of the server, not a setting: apart from the form's state
  extra: () => <RebootServer />,
};

export function ServerPage() {
  const services = useServices();
  const source = useMemo<EditSource<Server>>(
    () => ({
      load: () => services.api.server(),
      save: async (draft) => {
        const saved = await services.api.updateServer(draft);
        services.session.send({ type: 'SERVER_UPDATED', server: saved });
        void mutationsFor(services).refreshServer();
        return saved;
      },
    }),
    [services],
  );
  return <EntityEditPage descriptor={serverEditor} id={1} source={source} stay />;
}

// --- the signed-in user: preferences and account ---

export const preferencesEditor: EditDescriptor<User> = {
  resource: resources.users,
  screen: 'preferences',
  titleNew: msg`Preferences`,
  titleEdit: msg`Preferences`,
  listPath: '/settings/preferences',
  removable: false,
  defaults: () => ({}) as User,
  sections: [
    { title: msg`Preferences`, fields: preferenceFields(), defaultExpanded: true },
    { title: msg`Map and sounds`, fields: mapFields('user'), defaultExpanded: true },
    { title: msg`API token`, fields: [{ kind: 'custom', key: 'token', label: msg`API token`, render: () => <TokenField /> }], defaultExpanded: true },
  ],
};

/** Saves the signed-in user and hands the answer to the session (language, units and theme follow at once). */
function useSelfSource(): EditSource<User> {
  const services = useServices();
  return useMemo<EditSource<User>>(
    () => ({
      load: async () => {
        const user = selectUser(services.session.getSnapshot());
        if (!user) throw new Error('Not signed in');
        return dataFor(services).entities.item(resources.users, user.id);
      },
      save: async (draft) => {
        const saved = await mutationsFor(services).save(resources.users, draft, { report: false });
        if (saved.id === selectUser(services.session.getSnapshot())?.id) services.session.send({ type: 'USER_UPDATED', user: saved });
        return saved;
      },
    }),
    [services],
  );
}

export function PreferencesPage() {
  const user = useSession(selectUser);
  const source = useSelfSource();
  return <EntityEditPage descriptor={preferencesEditor} id={user?.id ?? 0} source={source} stay editable />;
}

const accountDescriptor = userEditor(true);
const userDescriptor = userEditor(false);

/** /settings/user/{id}: the Account page for oneself (anyone), another user's page for managers. */
export function UserPage({ id }: { id: number | null }) {
  const me = useSession(selectUser);
  const source = useSelfSource();
  if (id !== null && id === me?.id) {
    return <EntityEditPage key="self" descriptor={accountDescriptor} id={id} source={source} stay />;
  }
  return <EntityEditPage key={id ?? 'new'} descriptor={userDescriptor} id={id} />;
}
