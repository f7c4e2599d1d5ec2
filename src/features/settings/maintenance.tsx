/**
 * Maintenance (`/settings/maintenances`, `maintenance`, `maintenance/{id}`), as declarations on the
 * generic pages: a service reminder on a numeric position attribute, with its start and period in
 * the user's units (distances in the distance unit, hours in hours), kept in the wire's units
 * (metres, milliseconds).
 */
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { Maintenance } from '../../../contract/models';
import { resources } from '../../api/resources';
import { distanceFromMeters, distanceToMeters } from '../../domain/units';
import { distanceUnitLabel, formatNumber } from '../../shared/format';
import { attributeName } from '../../shared/positionAttributes';
import type { EditDescriptor, FieldContext, ListContext, ListDescriptor } from '../../shared/entity/model';

/** The attributes a maintenance can count on, by their unit. */
export const MAINTENANCE_TYPES = {
  totalDistance: 'distance',
  odometer: 'distance',
  serviceOdometer: 'distance',
  obdOdometer: 'distance',
  tripOdometer: 'distance',
  hours: 'hours',
} as const;

type Kind = 'distance' | 'hours' | 'number';
const HOUR_MS = 3_600_000;

export function maintenanceKind(type: unknown): Kind {
  return (MAINTENANCE_TYPES as Record<string, Kind>)[String(type)] ?? 'number';
}

/** A wire value (metres, milliseconds) in the user's unit for this kind, and back. */
export function toUserUnit(value: number, kind: Kind, c: Pick<FieldContext, 'units'>): number {
  if (kind === 'distance') return distanceFromMeters(value, c.units.distance);
  if (kind === 'hours') return value / HOUR_MS;
  return value;
}
export function fromUserUnit(value: number, kind: Kind, c: Pick<FieldContext, 'units'>): number {
  if (kind === 'distance') return distanceToMeters(value, c.units.distance);
  if (kind === 'hours') return value * HOUR_MS;
  return value;
}

const unitOf = (c: FieldContext, i18n: I18n) => {
  const kind = maintenanceKind(c.draft.type);
  return kind === 'distance' ? distanceUnitLabel(i18n, c.units.distance) : kind === 'hours' ? i18n._(msg`h`) : '';
};

/** A start or period as the list shows it, in the user's unit. */
const amount = (key: 'start' | 'period') => (row: Maintenance, c: ListContext) => {
  const kind = maintenanceKind(row.type);
  const value = formatNumber(c.i18n.locale, toUserUnit(row[key] ?? 0, kind, c), 2);
  if (kind === 'distance') return `${value} ${distanceUnitLabel(c.i18n as I18n, c.units.distance)}`;
  if (kind === 'hours') return `${value} ${c.i18n._(msg`h`)}`;
  return value;
};

export const maintenanceList: ListDescriptor<Maintenance> = {
  resource: resources.maintenance,
  screen: 'maintenance',
  title: msg`Maintenance`,
  empty: {
    about: msg`Maintenance counts distance or engine hours towards the next service, and raises an event when it is due.`,
    add: msg`Add maintenance`,
  },
  newPath: '/settings/maintenance',
  itemPath: (row) => `/settings/maintenance/${row.id}`,
  columns: [
    { id: 'name', header: msg`Name`, text: (row) => row.name },
    { id: 'type', header: msg`Type`, text: (row, c) => attributeName(c.i18n as I18n, row.type) },
    { id: 'start', header: msg`Start`, text: amount('start') },
    { id: 'period', header: msg`Period`, text: amount('period') },
  ],
};

export const maintenanceEditor: EditDescriptor<Maintenance> = {
  resource: resources.maintenance,
  screen: 'maintenance',
  titleNew: msg`New maintenance`,
  titleEdit: msg`Maintenance`,
  listPath: '/settings/maintenances',
  defaults: () => ({ id: 0, name: '', type: 'totalDistance', start: 0, period: 0, attributes: {} }),
  sections: [
    {
      title: msg`Required`,
      fields: [
        { kind: 'text', key: 'name', label: msg`Name`, required: true },
        {
          kind: 'select',
          key: 'type',
          label: msg`Type`,
          options: (_c, i18n) => Object.keys(MAINTENANCE_TYPES).map((key) => ({ id: key, label: attributeName(i18n as I18n, key) })),
        },
        {
          kind: 'number',
          key: 'start',
          label: msg`Start`,
          minValue: 0,
          unit: unitOf,
          toDisplay: (v, c) => toUserUnit(v, maintenanceKind(c.draft.type), c),
          fromDisplay: (v, c) => fromUserUnit(v, maintenanceKind(c.draft.type), c),
        },
        {
          kind: 'number',
          key: 'period',
          label: msg`Period`,
          minValue: 0,
          notZero: true,
          unit: unitOf,
          toDisplay: (v, c) => toUserUnit(v, maintenanceKind(c.draft.type), c),
          fromDisplay: (v, c) => fromUserUnit(v, maintenanceKind(c.draft.type), c),
        },
      ],
    },
  ],
  knownAttributes: [],
};
