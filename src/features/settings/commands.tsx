/**
 * Saved commands (`/settings/commands`, `command`, `command/{id}`), as declarations on the generic
 * pages: the type from the server's list, the parameters that type takes (one table, shared with
 * sending a command), the text channel and "no queue".
 */
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { Command } from '../../../contract/models';
import { resources } from '../../api/resources';
import { NumberField, Select } from '../../ui';
import { translated } from '../../shared/translated';
import type { Draft } from '../../machines/editor/editor.machine';
import { readField, writeField, type EditDescriptor, type FieldContext, type FieldDescriptor, type ListDescriptor } from '../../shared/entity/model';
import * as styles from '../../shared/entity/settings.css';

/** Traccar's command types (Command.TYPE_*) in the active language; unknown types show as they are. */
const TYPES: Readonly<Record<string, MessageDescriptor>> = {
  custom: msg`Custom`,
  identification: msg`Identification`,
  positionSingle: msg`Single position`,
  positionPeriodic: msg`Periodic positions`,
  positionStop: msg`Stop positions`,
  engineStop: msg`Stop the engine`,
  engineResume: msg`Resume the engine`,
  alarmArm: msg`Arm the alarm`,
  alarmDisarm: msg`Disarm the alarm`,
  alarmDismiss: msg`Dismiss the alarm`,
  setTimezone: msg`Set the time zone`,
  requestPhoto: msg`Request a photo`,
  powerOff: msg`Power off`,
  rebootDevice: msg`Reboot`,
  factoryReset: msg`Factory reset`,
  sendSms: msg`Send an SMS`,
  sendUssd: msg`Send a USSD code`,
  sosNumber: msg`Set the SOS number`,
  silenceTime: msg`Set the silence time`,
  setPhonebook: msg`Set the phone book`,
  message: msg`Message`,
  voiceMessage: msg`Voice message`,
  outputControl: msg`Output control`,
  voiceMonitoring: msg`Voice monitoring`,
  setAgps: msg`Set AGPS`,
  setIndicator: msg`Set the indicator`,
  configuration: msg`Configuration`,
  getVersion: msg`Get the version`,
  firmwareUpdate: msg`Update the firmware`,
  setConnection: msg`Set the connection`,
  setOdometer: msg`Set the odometer`,
  getModemStatus: msg`Get the modem status`,
  getDeviceStatus: msg`Get the device status`,
  setSpeedLimit: msg`Set the speed limit`,
  modePowerSaving: msg`Power saving mode`,
  modeDeepSleep: msg`Deep sleep mode`,
  alarmGeofence: msg`Geofence alarm`,
  alarmBattery: msg`Battery alarm`,
  alarmSos: msg`SOS alarm`,
  alarmRemove: msg`Removal alarm`,
  alarmClock: msg`Alarm clock`,
  alarmSpeed: msg`Speed alarm`,
  alarmFall: msg`Fall alarm`,
  alarmVibration: msg`Vibration alarm`,
  frontCamera: msg`Front camera`,
  rearCamera: msg`Rear camera`,
  liveStream: msg`Live stream`,
};

export function commandTypeName(i18n: I18n, type: string): string {
  return translated(i18n, TYPES, type);
}

const ENABLE_TYPES = ['voiceMonitoring', 'setAgps', 'modePowerSaving', 'modeDeepSleep', 'alarmBattery', 'alarmSos', 'alarmRemove', 'alarmFall', 'alarmVibration'];
const DATA_TYPES = ['custom', 'silenceTime', 'setPhonebook', 'outputControl', 'setIndicator', 'configuration', 'firmwareUpdate', 'setOdometer', 'setSpeedLimit', 'alarmClock', 'alarmSpeed'];
const forTypes = (types: string[]) => (c: { draft: Draft }) => types.includes(String(c.draft.type));

/** A frequency kept in seconds, typed with its unit (seconds, minutes or hours). */
function FrequencyField({ draft, change, isDisabled }: { draft: Draft; change: (draft: Draft) => void; isDisabled: boolean }) {
  const { t } = useLingui();
  const seconds = Number(readField(draft, 'attributes.frequency') ?? 0) || 0;
  const unit = seconds > 0 && seconds % 3600 === 0 ? 3600 : seconds > 0 && seconds % 60 === 0 ? 60 : 1;
  const set = (value: number | null, factor: number) => change(writeField(draft, 'attributes.frequency', value === null ? null : Math.round(value * factor)));
  return (
    <div className={styles.attributeRow}>
      <div className={styles.grow}>
        <NumberField label={t`Frequency`} value={seconds ? seconds / unit : null} minValue={1} isDisabled={isDisabled} onChange={(value) => set(value, unit)} />
      </div>
      <Select
        label={t`Unit`}
        items={[
          { id: '1', label: t`Seconds` },
          { id: '60', label: t`Minutes` },
          { id: '3600', label: t`Hours` },
        ]}
        selectedKey={String(unit)}
        isDisabled={isDisabled}
        onSelectionChange={(key) => set(seconds ? seconds / unit : null, Number(key))}
      />
    </div>
  );
}

/** The parameters of every command type: each field shows for the types that take it. */
export const COMMAND_PARAMETERS: FieldDescriptor[] = [
  { kind: 'custom', key: 'attributes.frequency', label: msg`Frequency`, visible: forTypes(['positionPeriodic']), render: (props) => <FrequencyField {...props} /> },
  { kind: 'text', key: 'attributes.timezoneName', label: msg`Time zone`, dir: 'ltr', visible: forTypes(['setTimezone']), description: msg`For example Asia/Riyadh.` },
  { kind: 'number', key: 'attributes.index', label: msg`Index`, integer: true, minValue: 0, visible: forTypes(['sosNumber', 'outputControl']) },
  { kind: 'text', key: 'attributes.phone', label: msg`Phone`, type: 'tel', dir: 'ltr', visible: forTypes(['sendSms', 'sendUssd', 'sosNumber']) },
  { kind: 'text', key: 'attributes.message', label: msg`Message`, visible: forTypes(['sendSms', 'message']) },
  { kind: 'text', key: 'attributes.data', label: msg`Data`, dir: 'ltr', visible: forTypes(DATA_TYPES) },
  { kind: 'text', key: 'attributes.server', label: msg`Server`, dir: 'ltr', visible: forTypes(['setConnection']) },
  { kind: 'number', key: 'attributes.port', label: msg`Port`, integer: true, minValue: 1, visible: forTypes(['setConnection']) },
  { kind: 'number', key: 'attributes.radius', label: msg`Radius`, minValue: 0, unit: (_c, i18n) => i18n._(msg`m`), visible: forTypes(['alarmGeofence']) },
  { kind: 'switch', key: 'attributes.enable', label: msg`Enable`, visible: forTypes(ENABLE_TYPES) },
];

/** The parameters a draft's type does not take, removed (left over from the type chosen before). */
export function withoutOtherParameters(draft: Draft): Draft {
  const attributes = { ...((draft.attributes as Record<string, unknown> | undefined) ?? {}) };
  for (const field of COMMAND_PARAMETERS) {
    // the parameters' `visible` read the draft's type only
    if (field.key.startsWith('attributes.') && field.visible && !field.visible({ draft } as FieldContext)) delete attributes[field.key.slice(11)];
  }
  return { ...draft, attributes };
}

/** The command type, from the server's list (for a device, the types it supports); changing it drops the old type's parameters. */
export function commandTypeField(deviceId: number | null): FieldDescriptor {
  return {
    kind: 'select',
    key: 'type',
    label: msg`Type`,
    options: { load: (q) => q.commandTypes(deviceId), label: (id, i18n) => commandTypeName(i18n, id) },
    onSet: (next) => withoutOtherParameters(next),
  };
}

/** How a command is sent: by SMS rather than the data connection, and not queued for an offline device. */
export const COMMAND_DELIVERY: FieldDescriptor[] = [
  { kind: 'switch', key: 'textChannel', label: msg`Send by SMS` },
  { kind: 'switch', key: 'attributes.noQueue', label: msg`Do not queue`, description: msg`Send only if the device is connected now.` },
];

export const commandList: ListDescriptor<Command> = {
  resource: resources.commands,
  screen: 'commands',
  title: msg`Saved commands`,
  empty: {
    about: msg`A saved command is a command kept with its settings, ready to send to a device or a group.`,
    add: msg`Add a saved command`,
  },
  newPath: '/settings/command',
  itemPath: (row) => `/settings/command/${row.id}`,
  columns: [
    { id: 'description', header: msg`Description`, text: (row) => row.description ?? '' },
    { id: 'type', header: msg`Type`, text: (row, c) => commandTypeName(c.i18n as I18n, row.type) },
    { id: 'textChannel', header: msg`Send by SMS`, text: (row, c) => c.i18n._(row.textChannel ? msg`Yes` : msg`No`) },
  ],
};

export const commandEditor: EditDescriptor<Command> = {
  resource: resources.commands,
  screen: 'commands',
  titleNew: msg`New saved command`,
  titleEdit: msg`Saved command`,
  listPath: '/settings/commands',
  defaults: () => ({ id: 0, deviceId: 0, type: 'custom', textChannel: false, description: '', attributes: {} }),
  sections: [
    {
      title: msg`Required`,
      fields: [
        { kind: 'text', key: 'description', label: msg`Description`, required: true },
        commandTypeField(null),
        ...COMMAND_PARAMETERS,
      ],
    },
    { title: msg`Sending`, fields: COMMAND_DELIVERY, defaultExpanded: true },
  ],
  knownAttributes: [],
};
