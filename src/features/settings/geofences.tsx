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
import { parseArea, type AreaProblem } from '../../../contract/wkt';
import { resources } from '../../api/resources';
import { distanceFromMeters, distanceToMeters, speedFromKnots, speedToKnots } from '../../domain/units';
import { Link } from '../../ui';
import { distanceUnitLabel, speedUnitLabel } from '../map/format';
import type { EditDescriptor, FieldContext, KnownAttribute, ListDescriptor } from './model';
import * as styles from './settings.css';

export type AreaKind = 'circle' | 'polygon' | 'linestring';

/** The shape of an area, by its keyword (as Traccar chooses it: the text begins with it), or null. */
export function areaKind(area: unknown): AreaKind | null {
  const text = typeof area === 'string' ? area.trim() : '';
  if (text.startsWith('CIRCLE')) return 'circle';
  if (text.startsWith('POLYGON')) return 'polygon';
  if (text.startsWith('LINESTRING')) return 'linestring';
  return null;
}

const KIND_LABELS: Record<AreaKind, MessageDescriptor> = { circle: msg`Circle`, polygon: msg`Polygon`, linestring: msg`Line` };

/** Why the contract's parser refuses an area (its `AreaError.reason`). */
export type AreaReason = AreaProblem;

/** Each reason the parser gives, said to the user (the map's geofence editor says them too). */
export const AREA_MESSAGES: Record<AreaReason, MessageDescriptor> = {
  empty: msg`Enter the area, or draw it on the map.`,
  tooLong: msg`This area is too long: draw it with fewer points.`,
  syntax: msg`This area could not be read. Write it as CIRCLE (latitude longitude, radius), POLYGON ((latitude longitude, …)) or LINESTRING (latitude longitude, …).`,
  unsupported: msg`Only circles (CIRCLE), polygons (POLYGON) and lines (LINESTRING) can be geofences.`,
  latitude: msg`A latitude is out of range: it must be between -90 and 90 (the latitude comes first).`,
  longitude: msg`A longitude is out of range: it must be between -180 and 180.`,
  tooFewPoints: msg`Too few points: a polygon needs at least 3, a line at least 2.`,
  radiusZero: msg`The circle's radius must be more than zero metres.`,
  radiusTooLarge: msg`The circle's radius is too large: at most 1,000 km.`,
  selfIntersecting: msg`The polygon's edges cross or touch each other: draw it without crossings.`,
};

/** The reason of a refused area: the parser's code, or `syntax` for an error without one. */
export function areaReason(error: unknown): AreaReason {
  const reason = error instanceof Error ? (error as Error & { reason?: unknown }).reason : undefined;
  return typeof reason === 'string' && reason in AREA_MESSAGES ? (reason as AreaReason) : 'syntax';
}

/**
 * What is wrong with a typed area, or null when the parser takes it. The form asks on every render
 * (a keystroke in any field): the answer for the last text is kept, since a 100,000-vertex area
 * takes a good part of a second to parse and check.
 */
let last: { text: string; problem: MessageDescriptor | null } | null = null;
export function areaProblem(value: unknown): MessageDescriptor | null {
  const text = typeof value === 'string' ? value : '';
  if (last?.text === text) return last.problem;
  let problem: MessageDescriptor | null = null;
  try {
    parseArea(text);
  } catch (error) {
    problem = AREA_MESSAGES[areaReason(error)];
  }
  last = { text, problem };
  return problem;
}

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
