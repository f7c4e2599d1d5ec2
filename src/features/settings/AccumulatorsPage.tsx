/**
 * A device's accumulators (`/settings/accumulators/{deviceId}`): its total distance and engine
 * hours, in the user's units, taken from its last position and set on the server, which writes them
 * into a copy of that position. The edit page and its editor machine run it.
 */
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { useMemo } from 'react';
import { resources } from '../../api/resources';
import { useServices } from '../../shared/services';
import { dataFor } from '../../shared/data';
import { distanceUnitLabel } from '../../shared/format';
import { EntityEditPage, type EditSource } from '../../shared/entity/EntityEditPage';
import { fromUserUnit, toUserUnit } from './maintenance';
import type { EditDescriptor } from '../../shared/entity/model';
import { Subject } from './Subject';

interface Accumulators {
  id: number;
  totalDistance: number;
  hours: number;
}

const descriptor: EditDescriptor<Accumulators> = {
  resource: resources.devices as never,
  screen: 'accumulators',
  titleNew: msg`Accumulators`,
  titleEdit: msg`Accumulators`,
  listPath: '/settings/devices',
  removable: false,
  defaults: () => ({ id: 0, totalDistance: 0, hours: 0 }),
  sections: [
    {
      title: msg`Accumulators`,
      defaultExpanded: true,
      fields: [
        {
          kind: 'number',
          key: 'totalDistance',
          label: msg`Total distance`,
          minValue: 0,
          unit: (c, i18n: I18n) => distanceUnitLabel(i18n, c.units.distance),
          toDisplay: (v, c) => toUserUnit(v, 'distance', c),
          fromDisplay: (v, c) => fromUserUnit(v, 'distance', c),
        },
        {
          kind: 'number',
          key: 'hours',
          label: msg`Hours`,
          minValue: 0,
          unit: (_c, i18n: I18n) => i18n._(msg`h`),
          toDisplay: (v, c) => toUserUnit(v, 'hours', c),
          fromDisplay: (v, c) => fromUserUnit(v, 'hours', c),
        },
      ],
    },
  ],
};

export function AccumulatorsPage({ deviceId }: { deviceId: number }) {
  const services = useServices();
  const source = useMemo<EditSource<Accumulators>>(
    () => ({
      load: async () => {
        const device = await dataFor(services).entities.item(resources.devices, deviceId);
        const position = device.positionId ? await dataFor(services).entities.position(device.positionId) : null;
        const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
        return { id: deviceId, totalDistance: number(position?.attributes?.totalDistance), hours: number(position?.attributes?.hours) };
      },
      save: async (draft) => {
        await dataFor(services).entities.setAccumulators(deviceId, { totalDistance: draft.totalDistance, hours: Math.round(draft.hours) });
        return draft;
      },
    }),
    [services, deviceId],
  );
  return <EntityEditPage descriptor={descriptor} id={deviceId} source={source} stay subject={<Subject kind="devices" id={deviceId} />} />;
}
