/**
 * Sending a command (`/settings/device/{id}/command`, `/settings/group/{id}/command`): a saved
 * command, or a new one of a type the device supports with that type's parameters. The edit page and
 * its editor machine run it (the save is the send); the answer says whether the device took it now
 * or it is queued until the device connects. Users limited to saved commands see only those.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Command } from '../../../contract/models';
import { resources } from '../../api/resources';
import { Select } from '../../ui';
import { useServices } from '../../shared/services';
import { dataFor, useData } from '../../shared/data';
import type { Draft } from '../../machines/editor/editor.machine';
import { EntityEditPage, type EditSource } from '../../shared/entity/EntityEditPage';
import { COMMAND_DELIVERY, COMMAND_PARAMETERS, commandTypeField } from './commands';
import type { EditDescriptor, FieldContext, FieldDescriptor } from '../../shared/entity/model';
import { useSettingsContext } from '../../shared/useSettingsContext';
import { Subject } from './Subject';

type Target = { deviceId: number } | { groupId: number };
type Sent = Command & { result?: 'sent' | 'queued' };

const isNew = (c: FieldContext) => !c.draft.id;
const onlyNew = (fields: FieldDescriptor[]): FieldDescriptor[] => fields.map((f) => ({ ...f, visible: (c: FieldContext) => isNew(c) && (f.visible?.(c) ?? true) }));

/** The saved commands this device can take, or a new one (unless the user may send saved commands only). */
function SavedChoice({ draft, change, isDisabled, deviceId, savedOnly }: { draft: Draft; change: (d: Draft) => void; isDisabled: boolean; deviceId: number; savedOnly: boolean }) {
  const { t } = useLingui();
  const { queries } = useData();
  const saved = useQuery({ ...queries.savedCommandsFor(deviceId), enabled: deviceId > 0 });
  const list = deviceId > 0 ? (saved.data ?? []) : [];
  const items = [...(savedOnly ? [] : [{ id: '0', label: t`New command` }]), ...list.map((c) => ({ id: String(c.id), label: c.description || String(c.id) }))];
  return (
    <Select
      label={t`Saved command`}
      items={items}
      isDisabled={isDisabled}
      selectedKey={String(draft.id ?? 0)}
      onSelectionChange={(key) => {
        const chosen = list.find((c) => c.id === Number(key));
        change(chosen ? ({ ...chosen } as unknown as Draft) : { id: 0, deviceId: 0, type: 'custom', textChannel: false, description: null, attributes: {} });
      }}
    />
  );
}

function sendDescriptor(target: Target, savedOnly: boolean): EditDescriptor<Sent> {
  const deviceId = 'deviceId' in target ? target.deviceId : 0;
  return {
    resource: resources.commands,
    screen: 'sendCommand',
    titleNew: msg`Send a command`,
    titleEdit: msg`Send a command`,
    listPath: 'deviceId' in target ? '/' : '/settings/groups',
    removable: false,
    saveLabel: msg`Send`,
    againLabel: msg`Send another command`,
    savedMessage: (item) => (item.result === 'queued' ? msg`Queued: the device gets it when it next connects.` : msg`Sent.`),
    defaults: () => ({ id: 0, deviceId: 0, type: 'custom', textChannel: false, description: null, attributes: {} }),
    sections: [
      {
        title: msg`Command`,
        defaultExpanded: true,
        fields: [
          {
            kind: 'custom',
            key: 'id',
            label: msg`Saved command`,
            visible: () => deviceId > 0,
            render: (props) => <SavedChoice {...props} deviceId={deviceId} savedOnly={savedOnly} />,
          },
          ...onlyNew([
            commandTypeField(deviceId || null),
            ...COMMAND_PARAMETERS,
          ]),
        ],
      },
      { title: msg`Sending`, fields: onlyNew(COMMAND_DELIVERY), defaultExpanded: true },
    ],
  };
}

export function SendCommandPage({ target }: { target: Target }) {
  const services = useServices();
  const { restrictions, timeZone } = useSettingsContext();
  const savedOnly = restrictions.limitCommands && !restrictions.administrator;
  const descriptor = useMemo(() => sendDescriptor(target, savedOnly), [target, savedOnly]);
  const source = useMemo<EditSource<Sent>>(
    () => ({
      load: async () => descriptor.defaults({ timeZone }),
      save: async (draft) => {
        const { result: _previous, ...command } = draft;
        const result = await dataFor(services).entities.sendCommand(command, target);
        return { ...draft, result };
      },
    }),
    [services, target, descriptor, timeZone],
  );
  const subject = 'deviceId' in target ? <Subject kind="devices" id={target.deviceId} /> : <Subject kind="groups" id={target.groupId} />;
  return <EntityEditPage descriptor={descriptor} id={0} source={source} stay subject={subject} />;
}
