/**
 * Schedule (a report's filter): orders the report as Traccar's scheduled reports do. It asks a
 * description and a calendar (the report is mailed at the end of each of the calendar's periods,
 * covering that period), creates the order (`POST /api/reports`) and links it to the filter's
 * devices and groups (`/api/permissions`, the device or group first). A failure is said in the
 * dialog, which keeps what was typed; trying again neither orders twice nor links twice.
 */
import { useEffect, useRef, useState } from 'react';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { Calendar } from '../../../contract/models';
import { resources } from '../../api/resources';
import { canOpen } from '../../domain/restrictions';
import type { ReportSearch } from '../../domain/reportFilter';
import { Alert, Button, Form, Link, Loader, ModalDialog, Select, TextField } from '../../ui';
import { useServices } from '../../shared/services';
import { dataFor } from '../../shared/data';
import { mutationsFor } from '../../shared/useMutations';
import { useRequest } from '../../shared/useRequest';
import { useSettingsContext } from '../../shared/useSettingsContext';
import * as styles from '../../shared/entity/settings.css';
import type { ReportKind } from '../../shared/reports/kinds';
import { canSchedule, newProgress, runSchedule, scheduledTypeLabel, scheduleOrder, scheduleProblems, type ScheduleFields, type ScheduleWrites } from './schedule';

export interface ScheduleDialogProps {
  /** the report of the filter: its `server` is the type ordered (route, events, trips, stops, summary) */
  kind: Pick<ReportKind, 'id' | 'title' | 'schedule' | 'server'>;
  /** the filter: its devices and groups are what the order covers */
  search: ReportSearch;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

export function ScheduleDialog({ kind, search, isOpen, onOpenChange }: ScheduleDialogProps) {
  const { t } = useLingui();
  // not closed by Escape or outside while the order is being sent
  const [busy, setBusy] = useState(false);
  return (
    <ModalDialog isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={!busy} title={t`Schedule the report`} closeLabel={busy ? undefined : t`Close`}>
      <ScheduleForm kind={kind} search={search} onBusy={setBusy} onClose={() => onOpenChange(false)} />
    </ModalDialog>
  );
}

/** The form, made anew on each opening (the dialog's content goes when it closes). */
function ScheduleForm({ kind, search, onBusy, onClose }: Pick<ScheduleDialogProps, 'kind' | 'search'> & { onBusy: (busy: boolean) => void; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const services = useServices();
  const settings = useSettingsContext();
  const calendars = useQuery(dataFor(services).queries.list(resources.calendars));
  const [fields, setFields] = useState<ScheduleFields>({ description: '', calendarId: 0 });
  const [attempted, setAttempted] = useState(false);
  const progress = useRef(newProgress());
  const type = kind.server ?? '';
  const request = useRequest<ScheduleFields, unknown>((input) => {
    const mutations = mutationsFor(services);
    const writes: ScheduleWrites = {
      save: (report) => mutations.save(resources.reports, report, { report: false }),
      link: (target, id, reportId) => mutations.link(target === 'device' ? resources.devices : resources.groups, id, resources.reports, reportId, true, { report: false }),
    };
    return runSchedule(writes, scheduleOrder(type, input, search), progress.current);
  });
  useEffect(() => onBusy(request.pending), [request.pending, onBusy]);

  // one calendar: chosen already
  const list: Calendar[] = calendars.data ?? [];
  const only = list.length === 1 ? list[0]!.id : 0;
  const calendarId = fields.calendarId || only;

  if (!canSchedule(kind, settings.restrictions)) {
    return (
      <>
        <Alert variant="error">{t`This report cannot be scheduled from your account.`}</Alert>
        <div className={styles.actions}>
          <Button onPress={onClose}>{t`Close`}</Button>
        </div>
      </>
    );
  }

  if (request.state === 'done') {
    return (
      <>
        <Alert variant="info" title={t`Scheduled`}>
          {t`The report is mailed at the end of each of the calendar's periods.`}
        </Alert>
        <div className={styles.actions}>
          <Link href="/reports/scheduled" onPress={onClose}>
            {t`Open the scheduled reports`}
          </Link>
          <Button onPress={onClose} autoFocus>
            {t`Close`}
          </Button>
        </div>
      </>
    );
  }

  const problems = scheduleProblems({ ...fields, calendarId }, search);
  const shown = (problem: (typeof problems)[number]) => attempted && problems.includes(problem);
  const devices = search.deviceId?.length ?? 0;
  const groups = search.groupId?.length ?? 0;
  const typeName = scheduledTypeLabel(i18n, type);
  const summary =
    devices && groups
      ? i18n._(msg`${typeName} for ${plural(devices, { one: '# device', other: '# devices' })} and ${plural(groups, { one: '# group', other: '# groups' })}, mailed to you on a calendar.`)
      : devices
        ? i18n._(msg`${typeName} for ${plural(devices, { one: '# device', other: '# devices' })}, mailed to you on a calendar.`)
        : groups
          ? i18n._(msg`${typeName} for ${plural(groups, { one: '# group', other: '# groups' })}, mailed to you on a calendar.`)
          : i18n._(msg`${typeName}, mailed to you on a calendar.`);

  return (
    <Form
      className={styles.form}
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault();
        setAttempted(true);
        if (problems.length === 0 && !request.pending) request.run({ ...fields, calendarId });
      }}
    >
      <p className={styles.muted}>{summary}</p>
      {shown('noTarget') ? <Alert variant="error">{t`Choose devices or groups in the filter first.`}</Alert> : null}
      {request.errorText ? (
        <Alert variant="error" title={t`Not scheduled`}>
          {request.errorText}
        </Alert>
      ) : null}
      <TextField
        label={t`Description`}
        name="description"
        isRequired
        autoFocus
        value={fields.description}
        onChange={(description) => setFields((f) => ({ ...f, description }))}
        isDisabled={request.pending}
        {...(shown('noDescription') ? { isInvalid: true, errorMessage: t`Required: fill this in.` } : {})}
      />
      {calendars.isPending ? (
        <Loader label={t`Loading`} />
      ) : list.length === 0 ? (
        <Alert variant={shown('noCalendar') ? 'error' : 'info'} title={t`No calendar yet`}>
          {t`A scheduled report is mailed at the end of each period of a calendar.`}{' '}
          {canOpen('calendars', settings.restrictions) ? (
            <Link href="/settings/calendar" onPress={onClose}>
              {t`Create a calendar`}
            </Link>
          ) : (
            t`Ask an administrator for one.`
          )}
        </Alert>
      ) : (
        <Select
          label={t`Calendar`}
          name="calendarId"
          placeholder={t`Choose a calendar`}
          description={t`The report is mailed at the end of each of its periods, covering that period.`}
          items={list.map((calendar) => ({ id: String(calendar.id), label: calendar.name }))}
          selectedKey={calendarId ? String(calendarId) : null}
          onSelectionChange={(key) => setFields((f) => ({ ...f, calendarId: Number(key) }))}
          isRequired
          isDisabled={request.pending}
          {...(shown('noCalendar') ? { isInvalid: true, errorMessage: t`Choose a calendar.` } : {})}
        />
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onPress={onClose} isDisabled={request.pending}>
          {t`Cancel`}
        </Button>
        <Button type="submit" isPending={request.pending}>
          {request.state === 'failed' || request.state === 'timedOut' ? t`Try again` : t`Schedule`}
        </Button>
      </div>
    </Form>
  );
}
