import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, MultiSelect, Select, Switch } from '../../ui';
import { resources } from '../../api/resources';
import { PERIODS, type FilterProblem, type Period, type ReportSearch } from '../../domain/reportFilter';
import { useData } from '../data';
import { eventTypeName } from '../eventTypes';
import type { ReportKind } from './kinds';
import * as styles from './reports.css';

const PERIOD_LABELS: Record<Period, MessageDescriptor> = {
  today: msg`Today`,
  yesterday: msg`Yesterday`,
  thisWeek: msg`This week`,
  previousWeek: msg`Previous week`,
  thisMonth: msg`This month`,
  previousMonth: msg`Previous month`,
  custom: msg`Custom`,
};

export const PROBLEM_MESSAGES: Record<Exclude<FilterProblem, 'overLimit'>, MessageDescriptor> = {
  noDevice: msg`Choose at least one device or group.`,
  oneDevice: msg`Choose one device for the chart.`,
  noRange: msg`Choose when the period starts and ends.`,
  endBeforeStart: msg`The period ends before it starts.`,
};

export interface ReportFilterProps {
  /** what the filter asks for (a report kind, or the replay's devices and period) */
  kind: Pick<ReportKind, 'devices' | 'eventTypes' | 'daily'>;
  search: ReportSearch;
  onChange: (next: ReportSearch) => void;
  timeZone: string;
  /** what to fix before the report can run (shown once Show was pressed) */
  problems: readonly FilterProblem[];
  showProblems: boolean;
  /** the form's accessible name (the report filter's by default) */
  label?: string;
  /** the run button's text (Show by default) */
  showLabel?: string;
  /** the server's period limit in days (for its message) */
  limitDays: number;
  busy: boolean;
  onShow: () => void;
  /** Export, Email, Schedule: given by the page */
  actions?: ReactNode;
}

/**
 * The one report filter: devices and groups (several where the kind allows), the period (presets,
 * or a custom range picked in the user's time zone), the event types and the daily split where
 * they apply, and Show beside the page's other actions. Every change goes to the address (the page
 * writes it), so the filter is a link.
 */
export function ReportFilter({ kind, search, onChange, timeZone, problems, showProblems, label, showLabel, limitDays, busy, onShow, actions }: ReportFilterProps) {
  const { t, i18n } = useLingui();
  const { queries } = useData();
  const devices = useQuery({ ...queries.list(resources.devices), enabled: kind.devices !== 'none' });
  const groups = useQuery({ ...queries.list(resources.groups), enabled: kind.devices === 'many' });
  const types = useQuery({ ...queries.notificationTypes(), enabled: kind.eventTypes === true });
  const collator = new Intl.Collator(i18n.locale, { numeric: true, sensitivity: 'base' });
  const named = (rows: Array<{ id: number; name: string }> | undefined) =>
    (rows ?? []).map((row) => ({ id: String(row.id), label: row.name || String(row.id) })).sort((a, b) => collator.compare(a.label, b.label));
  const period = search.period ?? 'today';
  const set = (patch: Partial<ReportSearch>) => onChange({ ...search, ...patch, show: undefined });
  const list = (values: string[]) => (values.length ? values.map(Number) : undefined);
  const deviceProblem = showProblems && (problems.includes('noDevice') || problems.includes('oneDevice'));
  const rangeProblem = showProblems && problems.some((p) => p === 'noRange' || p === 'endBeforeStart' || p === 'overLimit');
  const messages = problems.map((p) => (p === 'overLimit' ? t`The period is longer than the server allows (${limitDays} days).` : i18n._(PROBLEM_MESSAGES[p])));

  return (
    <form
      className={styles.filter}
      aria-label={label ?? t`Report filter`}
      onSubmit={(e) => {
        e.preventDefault();
        onShow();
      }}
    >
      <div className={styles.fields} data-testid="report-filter-fields">
        {kind.devices === 'one' ? (
          <Select
            label={t`Device`}
            items={named(devices.data)}
            selectedKey={search.deviceId?.[0] ? String(search.deviceId[0]) : null}
            onSelectionChange={(id) => set({ deviceId: [Number(id)], groupId: undefined })}
            placeholder={t`Choose a device`}
            isInvalid={deviceProblem}
            className={styles.field}
          />
        ) : kind.devices === 'many' ? (
          <>
            <MultiSelect
              label={t`Devices`}
              items={named(devices.data)}
              values={(search.deviceId ?? []).map(String)}
              onChange={(values) => set({ deviceId: list(values) })}
              placeholder={t`Choose devices`}
              isInvalid={deviceProblem}
              className={styles.field}
            />
            <MultiSelect
              label={t`Groups`}
              items={named(groups.data)}
              values={(search.groupId ?? []).map(String)}
              onChange={(values) => set({ groupId: list(values) })}
              placeholder={t`Choose groups`}
              isInvalid={deviceProblem}
              className={styles.field}
            />
          </>
        ) : null}
        <Select
          label={t`Period`}
          items={PERIODS.map((p) => ({ id: p, label: i18n._(PERIOD_LABELS[p]) }))}
          selectedKey={period}
          onSelectionChange={(id) => set({ period: id as Period })}
          className={styles.field}
        />
        {period === 'custom' ? (
          <>
            <DatePicker
              label={t`From`}
              granularity="minute"
              timeZone={timeZone}
              value={search.from ?? null}
              onChange={(iso) => set({ from: iso ?? undefined })}
              isInvalid={rangeProblem}
              previousLabel={t`Previous month`}
              nextLabel={t`Next month`}
              openLabel={t`Open calendar`}
              className={styles.field}
            />
            <DatePicker
              label={t`To`}
              granularity="minute"
              timeZone={timeZone}
              value={search.to ?? null}
              onChange={(iso) => set({ to: iso ?? undefined })}
              isInvalid={rangeProblem}
              previousLabel={t`Previous month`}
              nextLabel={t`Next month`}
              openLabel={t`Open calendar`}
              className={styles.field}
            />
          </>
        ) : null}
        {kind.eventTypes ? (
          <MultiSelect
            label={t`Event types`}
            items={(types.data ?? []).map((type) => ({ id: type, label: eventTypeName(i18n, type) }))}
            values={search.type ?? []}
            onChange={(values) => set({ type: values.length ? values : undefined })}
            placeholder={t`All events`}
            className={styles.field}
          />
        ) : null}
        {kind.daily ? (
          <Switch isSelected={search.daily === true} onChange={(daily) => set({ daily: daily || undefined })}>
            {t`Day by day`}
          </Switch>
        ) : null}
      </div>
      {showProblems && messages.length > 0 ? (
        <Alert variant="error">
          <ul className={styles.problems} data-testid="report-problems">
            {messages.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <div className={styles.buttons}>
        <Button type="submit" isDisabled={busy}>
          {showLabel ?? t`Show`}
        </Button>
        {actions}
      </div>
    </form>
  );
}
