/**
 * Calendars (`/settings/calendars`, `calendar`, `calendar/{id}`), as declarations on the generic
 * pages. A calendar is kept as Traccar keeps it, an iCalendar document (base64 in `data`): a
 * simple one is edited as start, end and recurrence in its time zone; any `.ics` file may be
 * imported instead, and a file that is not a calendar is refused with the reason while the form
 * keeps what was typed.
 */
import { msg, plural } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Calendar } from '../../../contract/models';
import { resources } from '../../api/resources';
import {
  defaultSimpleCalendar,
  encodeBase64,
  InvalidCalendar,
  parseCalendarData,
  parseCalendarText,
  RECURRENCES,
  simpleCalendarData,
  WEEK_DAYS,
  type CalendarEvent,
  type ParsedCalendar,
  type Recurrence,
  type SimpleCalendar,
  type WeekDay,
} from '../../domain/calendar';
import { Alert, Button, ChoiceGroup, DatePicker, FileDrop, Select } from '../../ui';
import type { Draft } from '../../machines/editor/editor.machine';
import { formatDateTime } from '../../shared/format';
import type { EditDescriptor, FieldContext, ListDescriptor } from '../../shared/entity/model';
import * as styles from '../../shared/entity/settings.css';

const RECURRENCE_LABELS: Record<Recurrence, MessageDescriptor> = {
  once: msg`Once`,
  daily: msg`Every day`,
  weekly: msg`Every week, on chosen days`,
  monthly: msg`Every month, on the start's day`,
  weekdays: msg`Weekdays (Monday to Friday)`,
};

/** The day's name in the locale (2026-11-22 was a Sunday). */
const dayName = (locale: string, day: WeekDay, width: 'long' | 'short' = 'long') =>
  new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 22 + WEEK_DAYS.indexOf(day))));

/** The time of day in the calendar's zone. */
const timeOfDay = (locale: string, iso: string, timeZone: string) => formatDateTime(locale, iso, { timeStyle: 'short', timeZone }) ?? '';

/** When a file's event starts: its day for a whole-day event, else its date and time. */
const eventTime = (locale: string, event: CalendarEvent, timeZone: string) =>
  formatDateTime(locale, event.start, event.allDay ? { dateStyle: 'medium', timeZone } : { dateStyle: 'medium', timeStyle: 'short', timeZone }) ?? '';

/** How a calendar repeats, in a few words (the list's column). */
export function describeCalendar(i18n: Pick<I18n, '_' | 'locale'>, parsed: ParsedCalendar | null): string {
  if (!parsed) return i18n._(msg`Unreadable calendar`);
  if (parsed.kind === 'file') {
    const count = parsed.events.length;
    return i18n._(msg`Imported file, ${plural(count, { one: '# event', other: '# events' })}`);
  }
  const { simple } = parsed;
  const hours = `${timeOfDay(i18n.locale, simple.start, simple.timeZone)}–${timeOfDay(i18n.locale, simple.end, simple.timeZone)}`;
  const repeat =
    simple.recurrence === 'weekly'
      ? new Intl.ListFormat(i18n.locale, { type: 'unit', style: 'short' }).format(simple.days.map((d) => dayName(i18n.locale, d, 'short')))
      : i18n._(RECURRENCE_LABELS[simple.recurrence]);
  return `${repeat} · ${hours}`;
}

export const calendarList: ListDescriptor<Calendar> = {
  resource: resources.calendars,
  screen: 'calendars',
  title: msg`Calendars`,
  empty: {
    about: msg`A calendar says when something applies: notifications and scheduled reports can follow one.`,
    add: msg`Add a calendar`,
  },
  newPath: '/settings/calendar',
  itemPath: (row) => `/settings/calendar/${row.id}`,
  columns: [
    { id: 'name', header: msg`Name`, text: (row) => row.name },
    { id: 'repeats', header: msg`Repeats`, text: (row, c) => describeCalendar(c.i18n as I18n, parseCalendarData(row.data, 'UTC')) },
  ],
};

function problemText(i18n: I18n, error: unknown): string {
  if (!(error instanceof InvalidCalendar)) return i18n._(msg`The file could not be read.`);
  switch (error.reason) {
    case 'notCalendar':
      return i18n._(msg`This file is not an iCalendar (.ics) file: it must begin with BEGIN:VCALENDAR.`);
    case 'noEvents':
      return i18n._(msg`This calendar has no events.`);
    case 'noStart':
      return i18n._(msg`An event in this calendar has no start time (DTSTART).`);
    default: {
      const detail = error.detail;
      return i18n._(msg`This calendar file is damaged and could not be read: ${detail}`);
    }
  }
}

function SimpleFields({ simple: stored, set, isDisabled }: { simple: SimpleCalendar; set: (next: SimpleCalendar) => void; isDisabled: boolean }) {
  const { t, i18n } = useLingui();
  // weekly on Monday to Friday is written as weekdays are: the form keeps saying weekly when that was chosen
  const [chosen, setChosen] = useState<Recurrence | null>(null);
  const simple: SimpleCalendar =
    chosen === 'weekly' && stored.recurrence === 'weekdays' ? { ...stored, recurrence: 'weekly', days: ['MO', 'TU', 'WE', 'TH', 'FR'] } : stored;
  const zone = simple.timeZone;
  const picker = { timeZone: zone, granularity: 'minute' as const, isDisabled, previousLabel: t`Previous month`, nextLabel: t`Next month`, openLabel: t`Open calendar` };
  const endBeforeStart = Date.parse(simple.end) <= Date.parse(simple.start);
  return (
    <>
      <DatePicker {...picker} label={t`Start`} description={t`Time zone: ${zone}`} value={simple.start} onChange={(iso) => iso && set({ ...simple, start: iso })} />
      <DatePicker
        {...picker}
        label={t`End`}
        value={simple.end}
        onChange={(iso) => iso && set({ ...simple, end: iso })}
        isInvalid={endBeforeStart}
        errorMessage={endBeforeStart ? t`The end must be after the start.` : undefined}
      />
      <Select
        label={t`Repeats`}
        isDisabled={isDisabled}
        items={RECURRENCES.map((id) => ({ id, label: i18n._(RECURRENCE_LABELS[id]) }))}
        selectedKey={simple.recurrence}
        onSelectionChange={(key) => {
          setChosen(key as Recurrence);
          set({ ...simple, recurrence: key as Recurrence });
        }}
      />
      {simple.recurrence === 'weekly' ? (
        <ChoiceGroup
          label={t`Days`}
          isDisabled={isDisabled}
          items={WEEK_DAYS.map((id) => ({ id, label: dayName(i18n.locale, id) }))}
          value={simple.days}
          onChange={(days) => set({ ...simple, days: WEEK_DAYS.filter((d) => days.includes(d)) })}
          description={t`With none chosen, the start's day.`}
        />
      ) : null}
    </>
  );
}

/** The calendar itself: the simple form, or the imported file's events; and importing a file. */
function CalendarData({ draft, change, context, isDisabled }: { draft: Draft; change: (draft: Draft) => void; context: FieldContext; isDisabled: boolean }) {
  const { t, i18n } = useLingui();
  const [problem, setProblem] = useState<string | null>(null);
  const data = typeof draft.data === 'string' ? draft.data : '';
  const parsed = parseCalendarData(data, context.timeZone);
  const setSimple = (simple: SimpleCalendar) => change({ ...draft, data: simpleCalendarData(simple) });
  const importFile = async (file: File) => {
    setProblem(null);
    try {
      const text = await file.text();
      parseCalendarText(text, context.timeZone);
      change({ ...draft, data: encodeBase64(text) });
    } catch (error) {
      setProblem(problemText(i18n, error));
    }
  };
  return (
    <>
      {parsed?.kind === 'simple' ? <SimpleFields simple={parsed.simple} set={setSimple} isDisabled={isDisabled} /> : null}
      {parsed?.kind === 'file' ? (
        <>
          <p className={styles.muted}>{describeCalendar(i18n, parsed)}</p>
          <ul className={styles.checklist} aria-label={t`Events`}>
            {parsed.events.slice(0, 20).map((event, index) => (
              <li key={index}>
                <bdi>{event.summary || t`Event`}</bdi> · <bdi>{eventTime(i18n.locale, event, context.timeZone)}</bdi>
                {event.rule ? (
                  <>
                    {' · '}
                    <bdi dir="ltr">{event.rule}</bdi>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
          {isDisabled ? null : (
            <div>
              <Button variant="secondary" onPress={() => setSimple(defaultSimpleCalendar(Date.now(), context.timeZone))}>
                {t`Use a simple calendar instead`}
              </Button>
            </div>
          )}
        </>
      ) : null}
      {parsed === null && data ? <Alert variant="error">{t`The stored calendar could not be read. Import a file or start a simple calendar.`}</Alert> : null}
      {problem ? (
        <Alert variant="error" title={t`File not imported`}>
          {problem}
        </Alert>
      ) : null}
      {isDisabled ? null : (
        <FileDrop label={t`Or drop an iCalendar (.ics) file here`} chooseLabel={t`Import a calendar file`} acceptedFileTypes={['text/calendar', '.ics']} onFile={(file) => void importFile(file)} />
      )}
    </>
  );
}

export const calendarEditor: EditDescriptor<Calendar> = {
  resource: resources.calendars,
  screen: 'calendars',
  titleNew: msg`New calendar`,
  titleEdit: msg`Calendar`,
  listPath: '/settings/calendars',
  defaults: ({ timeZone }) => ({ id: 0, name: '', data: simpleCalendarData(defaultSimpleCalendar(Date.now(), timeZone)), attributes: {} }),
  sections: [
    {
      title: msg`Required`,
      fields: [
        { kind: 'text', key: 'name', label: msg`Name`, required: true },
        { kind: 'custom', key: 'data', label: msg`Calendar`, render: (props) => <CalendarData {...props} /> },
      ],
    },
  ],
  knownAttributes: [],
};
