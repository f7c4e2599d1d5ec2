/**
 * Scheduled reports (`/reports/scheduled`, `/reports/scheduled/{id}`): the user's report orders
 * (`/api/reports`), declared on the generic list and edit pages. An order is made from a report's
 * filter (Schedule, `ScheduleDialog`), so the list has no Add; an order is edited here: its type,
 * description, calendar (it is mailed at the end of each of the calendar's periods, covering that
 * period) and the devices and groups it covers (`/api/permissions`, the device or group first).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Report } from '../../../contract/models';
import { resources, type Resource } from '../../api/resources';
import { Checkbox, Loader, Section } from '../../ui';
import { useServices } from '../../shared/services';
import { dataFor } from '../../shared/data';
import { mutationsFor } from '../../shared/useMutations';
import { EntityEditPage } from '../../shared/entity/EntityEditPage';
import { EntityListPage } from '../../shared/entity/EntityListPage';
import type { EditDescriptor, ListDescriptor } from '../../shared/entity/model';
import { useSettingsContext } from '../../shared/useSettingsContext';
import * as styles from '../../shared/entity/settings.css';
import { SCHEDULE_TYPES, scheduledTypeLabel } from './schedule';

export const scheduledList: ListDescriptor<Report> = {
  resource: resources.reports,
  screen: 'scheduledReports',
  title: msg`Scheduled reports`,
  // orders are made from a report's filter (Schedule): no Add here
  newPath: '/reports/scheduled',
  canAdd: () => false,
  itemPath: (row) => `/reports/scheduled/${row.id}`,
  lookups: [resources.calendars],
  columns: [
    { id: 'description', header: msg`Description`, text: (row) => row.description ?? '' },
    { id: 'type', header: msg`Type`, text: (row, c) => scheduledTypeLabel(c.i18n, row.type) },
    { id: 'calendar', header: msg`Calendar`, text: (row, c) => (row.calendarId ? c.names(resources.calendars, row.calendarId) : '') },
  ],
  empty: {
    about: msg`A scheduled report is run by the server on a calendar and mailed to you.`,
    how: msg`Run a report and choose Schedule to have it mailed on a calendar.`,
  },
};

export const scheduledEditor: EditDescriptor<Report> = {
  resource: resources.reports,
  screen: 'scheduledReports',
  titleNew: msg`New scheduled report`,
  titleEdit: msg`Scheduled report`,
  listPath: '/reports/scheduled',
  defaults: () => ({ id: 0, type: 'trips', description: '', calendarId: 0, attributes: {} }),
  sections: [
    {
      title: msg`Required`,
      fields: [
        {
          kind: 'select',
          key: 'type',
          label: msg`Type`,
          options: (c, i18n) => {
            const current = typeof c.draft.type === 'string' ? c.draft.type : '';
            const types: string[] = [...SCHEDULE_TYPES];
            // a type made elsewhere stays what it is
            if (current && !types.includes(current)) types.push(current);
            return types.map((type) => ({ id: type, label: scheduledTypeLabel(i18n, type) }));
          },
        },
        { kind: 'text', key: 'description', label: msg`Description`, required: true },
        {
          kind: 'entity',
          key: 'calendarId',
          label: msg`Calendar`,
          description: msg`The report is mailed at the end of each of the calendar's periods, covering that period.`,
          resource: resources.calendars,
          emptyLabel: msg`No calendar`,
          validate: (value) => (typeof value === 'number' && value > 0 ? null : msg`Choose the calendar that says when the report is mailed.`),
        },
      ],
    },
  ],
  extra: ({ item, isDisabled }) => <ReportCoverage reportId={item.id} isDisabled={isDisabled} />,
};

/** The list of the user's scheduled reports. */
export function ScheduledPage() {
  return <EntityListPage descriptor={scheduledList} />;
}

/** One scheduled report: its fields, and the devices and groups it covers. */
export function ScheduledEditPage({ id }: { id: number }) {
  return <EntityEditPage key={id} descriptor={scheduledEditor} id={id} />;
}

type Named = { id: number; name?: string };

interface CoverageTarget {
  resource: typeof resources.devices | typeof resources.groups;
  /** the permission key of the target (`deviceId`, `groupId`) */
  key: 'deviceId' | 'groupId';
  title: MessageDescriptor;
}

const DEVICES: CoverageTarget = { resource: resources.devices, key: 'deviceId', title: msg`Devices` };
const GROUPS: CoverageTarget = { resource: resources.groups, key: 'groupId', title: msg`Groups` };

/**
 * The devices and groups a report covers, each a checkbox saved at once. Traccar tells only
 * administrators which links exist (`GET /api/permissions`, 6.14+); for anyone else the boxes
 * show what was changed on this page, and the page says so.
 */
function ReportCoverage({ reportId, isDisabled }: { reportId: number; isDisabled: boolean }) {
  const { t, i18n } = useLingui();
  const { restrictions } = useSettingsContext();
  const known = restrictions.administrator;
  const targets = restrictions.features.groups ? [DEVICES, GROUPS] : [DEVICES];
  return (
    <>
      {targets.map((target, index) => (
        <Section key={target.key} title={i18n._(target.title)} defaultExpanded={index === 0}>
          <CoverageList target={target} reportId={reportId} known={known} isDisabled={isDisabled} />
        </Section>
      ))}
      <p className={styles.muted}>
        {known
          ? t`Ticking a device or a group adds it to the report at once.`
          : t`Only administrators can see which devices and groups a report covers already. Tick one to add it, untick it to take it off; each change is saved at once.`}
      </p>
    </>
  );
}

function CoverageList({ target, reportId, known, isDisabled }: { target: CoverageTarget; reportId: number; known: boolean; isDisabled: boolean }) {
  const { t } = useLingui();
  const services = useServices();
  const { queries } = dataFor(services);
  const all = useQuery(queries.list(target.resource as Resource<Named>));
  const links = useQuery({ ...queries.permissions({ [target.key]: 0, reportId }), enabled: known });
  // the changes made on this page (what the server said, or nothing, before them)
  const [changed, setChanged] = useState<ReadonlyMap<number, boolean>>(new Map());
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  if (all.isPending || (known && links.isPending)) return <Loader label={t`Loading`} />;
  const items = all.data ?? [];
  if (items.length === 0) return <p className={styles.muted}>{t`Nothing to add`}</p>;
  const linked = new Set((links.data ?? []).map((link) => link[target.key]));
  return (
    <div className={styles.checklist}>
      {items.map((item) => (
        <Checkbox
          key={item.id}
          isSelected={changed.get(item.id) ?? linked.has(item.id)}
          isDisabled={isDisabled || pending.has(item.id)}
          onChange={(selected) => {
            setPending((set) => new Set(set).add(item.id));
            // the device or group owns the link: {deviceId, reportId}
            mutationsFor(services)
              .link(target.resource, item.id, resources.reports, reportId, selected)
              .then(() => setChanged((map) => new Map(map).set(item.id, selected)))
              .catch(() => undefined)
              .finally(() => setPending((set) => new Set([...set].filter((id) => id !== item.id))));
          }}
        >
          <bdi>{item.name ?? String(item.id)}</bdi>
        </Checkbox>
      ))}
    </div>
  );
}
