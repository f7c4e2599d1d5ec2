/**
 * Geofences (`/settings/geofences`, `geofence`, `geofence/{id}`), as declarations on the generic
 * pages. The area is Traccar's WKT, latitude first (`CIRCLE (lat lon, r)`, `POLYGON ((…))`,
 * `LINESTRING (…)`), typed as text and checked with the contract's parser: a refused area is said
 * under the field, by its reason, and the form keeps what was typed. A new one is drawn on the map
 * (`/geofences`) or typed here. Speed limit and line distance are in the user's units.
 */
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { Geofence } from '../../../contract/models';
import { resources } from '../../api/resources';
import { distanceFromMeters, distanceToMeters, speedFromKnots, speedToKnots } from '../../domain/units';
import { Link } from '../../ui';
import { distanceUnitLabel, speedUnitLabel } from '../../shared/format';
import type { EditDescriptor, FieldContext, KnownAttribute, ListDescriptor } from '../../shared/entity/model';
import * as styles from '../../shared/entity/settings.css';

export { AREA_MESSAGES, areaKind, areaProblem, areaReason, type AreaKind, type AreaReason } from '../../shared/geofenceArea';
import { areaKind, areaProblem, KIND_LABELS } from '../../shared/geofenceArea';

const speedUnit = (c: FieldContext, i18n: I18n) => speedUnitLabel(i18n, c.units.speed);
const distanceUnit = (c: FieldContext, i18n: I18n) => distanceUnitLabel(i18n, c.units.distance);

/** The attributes Traccar knows for geofences (all edited by the form's own fields). */
export const GEOFENCE_ATTRIBUTES: KnownAttribute[] = [
  { key: 'speedLimit', label: msg`Speed limit (knots)`, type: 'number' },
  { key: 'polylineDistance', label: msg`Line distance (metres)`, type: 'number' },
  { key: 'color', label: msg`Colour`, type: 'color' },
  { key: 'mapLineWidth', label: msg`Line width`, type: 'number' },
  { key: 'mapLineOpacity', label: msg`Line opacity`, type: 'number' },
];

export const geofenceList: ListDescriptor<Geofence> = {
  resource: resources.geofences,
  screen: 'geofences',
  title: msg`Geofences`,
  empty: {
    about: msg`A geofence is an area on the map: a device entering or leaving it is an event that notifications and reports can tell you about.`,
    how: msg`Enter the area, or draw it on the map.`,
    add: msg`Add a geofence`,
  },
  newPath: '/settings/geofence',
  pageLinks: [{ id: 'map', label: msg`Draw on the map`, href: '/geofences' }],
  itemPath: (row) => `/settings/geofence/${row.id}`,
  columns: [
    { id: 'name', header: msg`Name`, text: (row) => row.name },
    { id: 'description', header: msg`Description`, text: (row) => row.description ?? '' },
    {
      id: 'shape',
      header: msg`Shape`,
      text: (row, c) => {
        const kind = areaKind(row.area);
        return kind ? c.i18n._(KIND_LABELS[kind]) : '';
      },
    },
  ],
};

/** On a new geofence: the map is where an area is drawn; typing it below works too. */
function DrawHint() {
  const { t } = useLingui();
  return (
    <p className={styles.muted}>
      <Link href="/geofences">{t`Draw it on the map`}</Link> {t`or type its area below.`}
    </p>
  );
}

export const geofenceEditor: EditDescriptor<Geofence> = {
  resource: resources.geofences,
  screen: 'geofences',
  titleNew: msg`New geofence`,
  titleEdit: msg`Geofence`,
  listPath: '/settings/geofences',
  defaults: () => ({ id: 0, name: '', description: null, calendarId: 0, area: '', attributes: {} }),
  sections: [
    {
      title: msg`Required`,
      fields: [
        { kind: 'text', key: 'name', label: msg`Name`, required: true },
        { kind: 'custom', key: 'drawHint', label: msg`Draw it on the map`, visible: (c) => !c.draft.id, render: () => <DrawHint /> },
        {
          kind: 'text',
          key: 'area',
          label: msg`Area`,
          required: true,
          dir: 'ltr',
          description: msg`Latitude first: CIRCLE (24.7136 46.6753, 500) is a circle of 500 metres; POLYGON ((lat lon, lat lon, lat lon)); LINESTRING (lat lon, lat lon).`,
          validate: areaProblem,
        },
      ],
    },
    {
      title: msg`Extra`,
      fields: [
        { kind: 'text', key: 'description', label: msg`Description` },
        { kind: 'entity', key: 'calendarId', label: msg`Calendar`, resource: resources.calendars, emptyLabel: msg`No calendar` },
        {
          kind: 'number',
          key: 'attributes.speedLimit',
          label: msg`Speed limit`,
          unit: speedUnit,
          minValue: 0,
          toDisplay: (knots, c) => speedFromKnots(knots, c.units.speed),
          fromDisplay: (value, c) => speedToKnots(value, c.units.speed),
        },
        {
          kind: 'number',
          key: 'attributes.polylineDistance',
          label: msg`Line distance`,
          description: msg`For a line only: how far from the line still counts as inside.`,
          visible: (c) => areaKind(c.draft.area) === 'linestring',
          unit: distanceUnit,
          minValue: 0,
          toDisplay: (meters, c) => distanceFromMeters(meters, c.units.distance),
          fromDisplay: (value, c) => distanceToMeters(value, c.units.distance),
        },
        { kind: 'color', key: 'attributes.color', label: msg`Colour`, description: msg`How the geofence is drawn on the map.` },
        { kind: 'number', key: 'attributes.mapLineWidth', label: msg`Line width`, minValue: 0, description: msg`Default: 2` },
        {
          kind: 'number',
          key: 'attributes.mapLineOpacity',
          label: msg`Line opacity`,
          minValue: 0,
          description: msg`From 0 (invisible) to 1 (solid). Default: 1`,
          validate: (value) => (typeof value === 'number' && value > 1 ? msg`The opacity is at most 1.` : null),
        },
      ],
    },
  ],
  knownAttributes: GEOFENCE_ATTRIBUTES,
};
