/**
 * The announcements file's management (`/settings/announcements`, `/settings/announcement[/{id}]`,
 * administrators): on the generic list and edit pages, with a source of their own, because the
 * announcements are one file (`/announcements.json`) with string ids, not a Traccar entity.
 *
 * Every change reads the file afresh, changes it and stores it whole (`PUT /api/announcements`,
 * the embedded server). A real Traccar has no such endpoint (404 or 405): the change is then kept
 * on this page, and the screen says to export the file and place it on the web server.
 */
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { ApiError } from '../../api/client';
import {
  BUTTON_ACTIONS,
  DEFAULT_SETTINGS,
  WEEKDAYS,
  LIMITS,
  announcementTexts,
  parseAnnouncement,
  parseAnnouncementFile,
  parseAnnouncementFileText,
  type Announcement,
  type AnnouncementFile,
  type AnnouncementFileResult,
  type AnnouncementProblem,
  type DroppedAnnouncement,
} from '../../domain/announcements';
import {
  announcementForm,
  byPriority,
  formToAnnouncementJson,
  idProblem,
  listProblem,
  moveAnnouncement,
  newAnnouncementForm,
  newAnnouncementId,
  putAnnouncement,
  removeAnnouncement,
  serializeAnnouncementFile,
  textProblem,
  timeProblem,
  type AnnouncementForm,
  type FormProblem,
} from '../../domain/announcementEditing';
import { safeLinkUrl } from '../../domain/urls';
import { canOpen } from '../../domain/restrictions';
import { Alert, AlertDialog, Button, Section } from '../../ui';
import { AnnouncementView } from '../../shared/announcements/AnnouncementDialog';
import { downloadBlob } from '../../shared/exports/download';
import { queryClient } from '../../shared/query';
import { dataFor } from '../../shared/data';
import { useServices, type Services } from '../../shared/services';
import { EntityEditPage, type EditSource } from '../../shared/entity/EntityEditPage';
import { EntityListPage } from '../../shared/entity/EntityListPage';
import { dateTimeFormat } from '../../shared/format';
import { FieldControl } from '../../shared/entity/FieldControl';
import type { EditDescriptor, FieldContext, FieldDescriptor, ListDescriptor, ListSource } from '../../shared/entity/model';
import { useSettingsContext } from '../../shared/useSettingsContext';
import { useRequest } from '../../shared/useRequest';
import * as styles from '../../shared/entity/settings.css';

// ─── the file: read afresh, stored whole ────────────────────────────────────────────────────

/** The file as the screens hold it; `unsaved`: changed here, and the server could not store it. */
export type AnnouncementsData = Extract<AnnouncementFileResult, { ok: true }> & { unsaved: boolean };

/** Changes the server could not store (a real Traccar), kept on this page until exported. */
let unsaved: AnnouncementFile | null = null;

/** The resource layer's query of the file, or what this page keeps that the server could not store. */
function announcementsQuery(services: Services) {
  const base = dataFor(services).queries.announcements();
  return {
    queryKey: base.queryKey,
    queryFn: async (context: { signal: AbortSignal }): Promise<AnnouncementsData> =>
      unsaved ? { ok: true, file: unsaved, dropped: [], unsaved: true } : { ...(await base.queryFn(context)), unsaved: false },
    staleTime: 0,
  };
}

/** The file read now (not from a cache). */
function readAnnouncements(services: Services): Promise<AnnouncementsData> {
  return queryClient.fetchQuery(announcementsQuery(services));
}

/** No endpoint to store the file: a real Traccar. */
const cannotStore = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 405);

/**
 * Reads the file afresh, changes it and stores it whole. Returns whether the server stored it;
 * when it cannot (a real Traccar), the changed file stays on this page for Export.
 */
async function changeAnnouncements(services: Services, change: (file: AnnouncementFile) => AnnouncementFile): Promise<{ stored: boolean; file: AnnouncementFile }> {
  const current = await readAnnouncements(services);
  const next = change(current.file);
  const key = announcementsQuery(services).queryKey;
  try {
    const answer = await dataFor(services).entities.saveAnnouncementsFile(serializeAnnouncementFile(next));
    const parsed = parseAnnouncementFile(answer);
    const file = parsed.ok ? parsed.file : next;
    unsaved = null;
    queryClient.setQueryData<AnnouncementsData>(key, { ok: true, file, dropped: [], unsaved: false });
    return { stored: true, file };
  } catch (error) {
    if (!cannotStore(error)) throw error;
    unsaved = { ...next, lastUpdated: new Date().toISOString() };
    queryClient.setQueryData<AnnouncementsData>(key, { ok: true, file: unsaved, dropped: [], unsaved: true });
    return { stored: false, file: unsaved };
  }
}

/** Downloads the file as `announcements.json`. */
export function exportAnnouncements(file: AnnouncementFile): void {
  downloadBlob(JSON.stringify(serializeAnnouncementFile(file), null, 2) + '\n', 'announcements.json', 'application/json');
}

// ─── texts ──────────────────────────────────────────────────────────────────────────────────

const WEEKDAY_LABELS: Record<(typeof WEEKDAYS)[number], MessageDescriptor> = {
  sunday: msg`Sunday`,
  monday: msg`Monday`,
  tuesday: msg`Tuesday`,
  wednesday: msg`Wednesday`,
  thursday: msg`Thursday`,
  friday: msg`Friday`,
  saturday: msg`Saturday`,
};

const ACTION_LABELS: Record<(typeof BUTTON_ACTIONS)[number], MessageDescriptor> = {
  login: msg`Sign in`,
  features: msg`Features`,
  telegram: msg`Telegram`,
  external: msg`External link`,
};

const FORM_PROBLEMS: Record<FormProblem, MessageDescriptor> = {
  idFormat: msg`Letters, digits and - _ . : only, up to 64.`,
  noText: msg`Write a title or a message, in Arabic or in English.`,
  timeFormat: msg`A time of day as HH:MM, e.g. 08:30.`,
  timeBoth: msg`Give both times, or neither.`,
  listItem: msg`At most 50 names of up to 64 characters.`,
  urlNeeded: msg`An external link needs its address.`,
};

const LINK_PROBLEM = msg`Only an https: address, or an address of this site.`;

/** What a dropped entry of an imported file had wrong. */
function droppedText(i18n: I18n, entry: DroppedAnnouncement): string {
  const n = entry.index + 1;
  const reasons: Partial<Record<AnnouncementProblem, MessageDescriptor>> = {
    notObject: msg`not an announcement`,
    tooMany: msg`more than 200 announcements`,
    duplicateId: msg`repeated identifier`,
    noText: msg`no title or message`,
  };
  const reason = reasons[entry.problem];
  // the other problems name the file's own field (`buttonUrl`, `showDays`…)
  return i18n._(msg`entry ${n}: ${reason ? i18n._(reason) : entry.problem}`);
}

/** The title in the interface's language (fallback English, then Arabic), else the message, else the id. */
function titleOf(a: Announcement, language: string): string {
  const texts = announcementTexts(a, language);
  return texts.title || texts.message.slice(0, 80) || a.id;
}

function audienceText(a: Announcement, i18n: { _: (d: MessageDescriptor) => string }): string {
  if (a.showToLoggedIn && a.showToGuests) return i18n._(msg`Users and guests`);
  if (a.showToLoggedIn) return i18n._(msg`Signed-in users`);
  if (a.showToGuests) return i18n._(msg`Guests`);
  return i18n._(msg`Nobody`);
}

// ─── the list ───────────────────────────────────────────────────────────────────────────────

/** A row of the table: the generic table keys rows by a number, the same for an id while the page lives. */
export interface AnnouncementRow {
  id: number;
  announcement: Announcement;
}

const rowNumbers = new Map<string, number>();
function rowOf(announcement: Announcement): AnnouncementRow {
  let id = rowNumbers.get(announcement.id);
  if (id === undefined) {
    id = rowNumbers.size + 1;
    rowNumbers.set(announcement.id, id);
  }
  return { id, announcement };
}

const announcementPath = (id: string) => `/settings/announcement/${encodeURIComponent(id)}`;

export const announcementList: ListDescriptor<AnnouncementRow> = {
  screen: 'announcements',
  title: msg`Announcements`,
  newPath: '/settings/announcement',
  itemPath: (row) => announcementPath(row.announcement.id),
  sort: { column: 'priority', direction: 'ascending' },
  actionsWidth: 304,
  columns: [
    { id: 'title', header: msg`Title`, text: (row, c) => titleOf(row.announcement, c.i18n.locale) },
    { id: 'priority', header: msg`Priority`, text: (row) => String(row.announcement.priority) },
    { id: 'active', header: msg`Active`, text: (row, c) => c.i18n._(row.announcement.isActive ? msg`Yes` : msg`No`) },
    {
      id: 'expiry',
      header: msg`Expires`,
      text: (row, c) =>
        row.announcement.expiryDate === null
          ? c.i18n._(msg`Never`)
          : dateTimeFormat(c.i18n.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: c.timeZone }).format(row.announcement.expiryDate),
    },
    { id: 'audience', header: msg`Audience`, text: (row, c) => audienceText(row.announcement, c.i18n) },
  ],
  empty: {
    about: msg`Announcements are messages shown to users in this app: news, planned work, a change to know about.`,
    how: msg`Add one, or import a file.`,
    add: msg`Add an announcement`,
  },
};

type ImportState =
  | { kind: 'idle' }
  | { kind: 'confirm'; result: Extract<AnnouncementFileResult, { ok: true }> }
  | { kind: 'failed'; message: string }
  | { kind: 'done'; count: number; dropped: readonly DroppedAnnouncement[] };

/** A change to the stored file, and what follows when it is stored or refused. */
interface StoreChange {
  change: (file: AnnouncementFile) => AnnouncementFile;
  then?: () => void;
  otherwise?: () => void;
}
type RunChange = (change: StoreChange['change'], then?: () => void, otherwise?: () => void) => void;

/** The list, with Export, Import, moving by priority, Preview and the file's settings. */
export function AnnouncementsPage() {
  const { t, i18n } = useLingui();
  const services = useServices();
  const query = useMemo(() => announcementsQuery(services), [services]);
  const allowed = canOpen('announcements', useSettingsContext().restrictions);
  const data = useQuery({ ...query, enabled: allowed });
  const file = data.data?.file ?? null;
  const [importing, setImporting] = useState<ImportState>({ kind: 'idle' });
  const [preview, setPreview] = useState<Announcement | null>(null);
  // said after the settings are stored (their form starts again from the stored file then)
  const [settingsSaved, setSettingsSaved] = useState(false);

  // one change of the file at a time, through the request machine: what follows a stored change
  // (or a refused one) rides with it, so that nothing waits on a promise outside the machine
  const storing = useRequest<StoreChange, void>(async ({ change, then, otherwise }) => {
    try {
      await changeAnnouncements(services, change);
    } catch (error) {
      otherwise?.();
      throw error;
    }
    then?.();
  });
  const busy = storing.pending;
  const problem = storing.errorText;
  const run: RunChange = (change, then, otherwise) => {
    if (!storing.pending) storing.run({ change, then, otherwise });
  };

  const source = useMemo<ListSource<AnnouncementRow, AnnouncementsData>>(
    () => ({
      query,
      rows: (loaded) => loaded.file.announcements.map(rowOf),
      remove: async (row) => {
        await changeAnnouncements(services, (current) => removeAnnouncement(current, row.announcement.id));
      },
    }),
    [query, services],
  );

  const order = useMemo(() => (file ? byPriority(file.announcements).map((a) => a.id) : []), [file]);
  const rowActions = useCallback(
    (row: AnnouncementRow) => {
      const a = row.announcement;
      const title = titleOf(a, i18n.locale);
      const at = order.indexOf(a.id);
      // not disabled while a move is stored: the button keeps the focus, and a press meanwhile is ignored
      const move = (step: -1 | 1) => {
        run((current) => ({ ...current, announcements: moveAnnouncement(current.announcements, a.id, step) }));
      };
      return (
        <>
          <Button variant="quiet" aria-label={t`Move ${title} up`} isDisabled={at <= 0} onPress={() => move(-1)}>
            ↑
          </Button>
          <Button variant="quiet" aria-label={t`Move ${title} down`} isDisabled={at < 0 || at >= order.length - 1} onPress={() => move(1)}>
            ↓
          </Button>
          <Button variant="quiet" aria-label={t`Preview ${title}`} onPress={() => setPreview(a)}>
            {t`Preview`}
          </Button>
        </>
      );
    },
    [order, busy, run, i18n.locale],
  );

  const fileMessages = { format: t`Invalid announcements file format`, read: t`Error reading file` };
  const chooseFile = async (chosen: File) => {
    let text: string;
    try {
      text = await chosen.text();
    } catch {
      setImporting({ kind: 'failed', message: fileMessages.read });
      return;
    }
    const result = parseAnnouncementFileText(text);
    setImporting(result.ok ? { kind: 'confirm', result } : { kind: 'failed', message: fileMessages[result.problem] });
  };

  const actions = (
    <>
      <Button variant="secondary" isDisabled={!file} onPress={() => file && exportAnnouncements(file)}>
        {t`Export`}
      </Button>
      <FileTrigger acceptedFileTypes={['application/json', '.json']} onSelect={(files) => files?.[0] && void chooseFile(files[0])}>
        <Button variant="secondary" isDisabled={busy || !file}>
          {t`Import`}
        </Button>
      </FileTrigger>
    </>
  );

  return (
    <>
      <EntityListPage descriptor={announcementList} source={source} rowActions={rowActions} actions={actions}>
        {data.data?.unsaved ? <CannotStore file={data.data.file} /> : null}
        {problem ? (
          <Alert variant="error" title={t`Not saved`}>
            {problem}
          </Alert>
        ) : null}
        {importing.kind === 'failed' ? (
          <Alert variant="error" title={t`Not imported`}>
            {importing.message}
          </Alert>
        ) : null}
        {importing.kind === 'done' ? (
          <Alert variant="info" title={t`Imported ${importing.count} announcements`}>
            {importing.dropped.length > 0 ? t`Left out: ${importing.dropped.map((entry) => droppedText(i18n, entry)).join('; ')}` : null}
          </Alert>
        ) : null}
        {file ? <FileSettings key={JSON.stringify(file.settings)} file={file} busy={busy} run={run} saved={settingsSaved} onSaved={setSettingsSaved} /> : null}
      </EntityListPage>
      <AlertDialog
        isOpen={importing.kind === 'confirm'}
        title={t`Replace the announcements?`}
        primaryActionLabel={t`Import`}
        cancelLabel={t`Cancel`}
        isPrimaryActionPending={busy}
        onPrimaryAction={() => {
          if (importing.kind !== 'confirm') return;
          const { file: imported, dropped } = importing.result;
          run(
            () => imported,
            () => setImporting({ kind: 'done', count: imported.announcements.length, dropped }),
            () => setImporting({ kind: 'idle' }),
          );
        }}
        onCancel={() => setImporting({ kind: 'idle' })}
      >
        {importing.kind === 'confirm'
          ? t`The file's ${importing.result.file.announcements.length} announcements and settings replace the ${file?.announcements.length ?? 0} here.`
          : null}
      </AlertDialog>
      {preview ? <AnnouncementPreview announcement={preview} onClose={() => setPreview(null)} /> : null}
    </>
  );
}

/** A real Traccar cannot store the file: the changes are here only, to export. */
function CannotStore({ file }: { file: AnnouncementFile }) {
  const { t } = useLingui();
  return (
    <Alert variant="info" title={t`This server does not store the announcements file`}>
      <span>{t`Your changes are kept on this page only. Export the file and place it on the web server as announcements.json.`}</span>{' '}
      <Button variant="secondary" onPress={() => exportAnnouncements(file)}>
        {t`Export`}
      </Button>
    </Alert>
  );
}

/** The announcement as it would show, in the interface's language; its button is not followed. */
function AnnouncementPreview({ announcement, onClose }: { announcement: Announcement; onClose: () => void }) {
  const { i18n } = useLingui();
  return (
    <AnnouncementView announcement={announcement} storedLanguage={i18n.locale} pageOrigin={window.location.origin} isOpen onClose={onClose} onAct={onClose} />
  );
}

// ─── the file's settings ────────────────────────────────────────────────────────────────────

const SETTINGS_FIELDS: FieldDescriptor[] = [
  { kind: 'switch', key: 'showOncePerSession', label: msg`Show each announcement once per session` },
  { kind: 'number', key: 'maxAnnouncementsPerSession', label: msg`Announcements per session, at most`, minValue: 1, integer: true, notZero: true, validate: (v) => (typeof v === 'number' && v >= 1 && v <= LIMITS.maxAnnouncementsPerSession ? null : msg`From 1 to 100.`) },
  {
    kind: 'number',
    key: 'autoShowDelay',
    label: msg`Delay before showing`,
    unit: (_c, i18n) => i18n._(msg`s`),
    minValue: 0,
    toDisplay: (ms) => ms / 1000,
    fromDisplay: (s) => Math.round(s * 1000),
    validate: (v) => (typeof v === 'number' && v >= 0 && v <= LIMITS.autoShowDelay ? null : msg`From 0 to 600 seconds.`),
  },
];

interface FileSettingsProps {
  file: AnnouncementFile;
  busy: boolean;
  run: RunChange;
  saved: boolean;
  onSaved: (saved: boolean) => void;
}

function FileSettings({ file, busy, run, saved, onSaved: setSaved }: FileSettingsProps) {
  const { t, i18n } = useLingui();
  const settings = useSettingsContext();
  const [draft, setDraft] = useState(() => ({ id: 0, ...file.settings }));
  const context: FieldContext = { ...settings, draft };
  const problems = SETTINGS_FIELDS.map((field) => [field.key, field.validate?.(draft[field.key as keyof typeof draft], draft) ?? null] as const);
  const changed = JSON.stringify({ id: 0, ...file.settings }) !== JSON.stringify(draft);
  return (
    <Section title={t`Display settings`} defaultExpanded={saved}>
      {SETTINGS_FIELDS.map((field) => (
        <FieldControl
          key={field.key}
          field={field}
          draft={draft}
          change={(next) => {
            setSaved(false);
            setDraft(next as typeof draft);
          }}
          context={context}
          isDisabled={busy}
          problem={problems.find(([key]) => key === field.key)?.[1]}
        />
      ))}
      <div className={styles.actions}>
        {saved ? (
          <p role="status" className={styles.muted}>
            {t`Saved`}
          </p>
        ) : null}
        <Button
          isDisabled={busy || !changed || problems.some(([, p]) => p !== null)}
          onPress={() => {
            const { id: _id, ...next } = draft;
            run((current) => ({ ...current, settings: next }), () => setSaved(true));
          }}
        >
          {i18n._(msg`Save settings`)}
        </Button>
      </div>
    </Section>
  );
}

// ─── the editor ─────────────────────────────────────────────────────────────────────────────

const EMPTY_FILE: AnnouncementFile = { announcements: [], settings: DEFAULT_SETTINGS, lastUpdated: null };
const problem = (p: FormProblem | null) => (p ? FORM_PROBLEMS[p] : null);
const linkProblem = (value: unknown) => {
  const text = typeof value === 'string' ? value.trim() : '';
  return text !== '' && safeLinkUrl(text, window.location.origin) === null ? LINK_PROBLEM : null;
};
const listField = (key: string, label: MessageDescriptor, description: MessageDescriptor): FieldDescriptor => ({
  kind: 'text',
  key,
  label,
  description,
  dir: 'ltr',
  validate: (v) => problem(listProblem(v)),
});
const text = (key: string, label: MessageDescriptor, extra: Partial<Extract<FieldDescriptor, { kind: 'text' }>> = {}): FieldDescriptor => ({ kind: 'text', key, label, ...extra });

export const announcementEditor: EditDescriptor<AnnouncementForm> = {
  screen: 'announcements',
  titleNew: msg`New announcement`,
  titleEdit: msg`Announcement`,
  listPath: '/settings/announcements',
  defaults: () => newAnnouncementForm(EMPTY_FILE, newAnnouncementId([])),
  sections: [
    {
      title: msg`Announcement`,
      defaultExpanded: true,
      fields: [
        text('key', msg`Identifier`, { required: true, dir: 'ltr', description: msg`Shows are counted by it: a new identifier counts anew.`, validate: (v) => problem(idProblem(v)) }),
        { kind: 'switch', key: 'isActive', label: msg`Active` },
        { kind: 'number', key: 'priority', label: msg`Priority`, description: msg`1 is the highest; 1 and 2 get a badge.`, minValue: 1, integer: true, validate: (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= LIMITS.priority ? null : msg`From 1 to 1000.`) },
        { kind: 'date', key: 'expiryDate', label: msg`Expires`, granularity: 'minute', description: msg`Empty: never.` },
      ],
    },
    {
      title: msg`Texts`,
      defaultExpanded: true,
      fields: [
        text('titleAr', msg`Title (Arabic)`, { dir: 'rtl', validate: (_v, draft) => problem(textProblem(draft as AnnouncementForm)) }),
        text('titleEn', msg`Title (English)`, { dir: 'ltr' }),
        text('messageAr', msg`Message (Arabic)`, { multiline: true, dir: 'rtl' }),
        text('messageEn', msg`Message (English)`, { multiline: true, dir: 'ltr' }),
        text('buttonTextAr', msg`Button text (Arabic)`, { dir: 'rtl' }),
        text('buttonTextEn', msg`Button text (English)`, { dir: 'ltr' }),
      ],
    },
    {
      title: msg`Look`,
      fields: [
        { kind: 'color', key: 'backgroundColor', label: msg`Background colour` },
        { kind: 'color', key: 'textColor', label: msg`Text colour`, description: msg`A colour that does not read well on the background is replaced by white or black.` },
        text('image', msg`Image URL`, { type: 'url', dir: 'ltr', description: msg`An https address.`, validate: linkProblem }),
      ],
    },
    {
      title: msg`Button`,
      fields: [
        {
          kind: 'select',
          key: 'buttonAction',
          label: msg`Button action`,
          options: (_c, i18n) => [{ id: '', label: i18n._(msg`No button`) }, ...BUTTON_ACTIONS.map((id) => ({ id, label: i18n._(ACTION_LABELS[id]) }))],
        },
        text('buttonUrl', msg`Button URL`, {
          type: 'url',
          dir: 'ltr',
          description: msg`An https address, or an address of this site.`,
          validate: (v, draft) => linkProblem(v) ?? (draft.buttonAction === 'external' && (typeof v !== 'string' || v.trim() === '') ? FORM_PROBLEMS.urlNeeded : null),
        }),
      ],
    },
    {
      title: msg`Audience`,
      fields: [
        { kind: 'switch', key: 'showToLoggedIn', label: msg`Show to signed-in users` },
        { kind: 'switch', key: 'showToGuests', label: msg`Show to guests` },
        listField('showToRoles', msg`Only these roles`, msg`The users' role attribute (default user), separated by commas; empty: every role.`),
        listField('hideFromRoles', msg`Not these roles`, msg`Separated by commas; these win over the roles above.`),
      ],
    },
    {
      title: msg`When and where`,
      fields: [
        { kind: 'choices', key: 'showDays', label: msg`Days`, description: msg`None ticked: every day.`, options: (_c, i18n) => WEEKDAYS.map((id) => ({ id, label: i18n._(WEEKDAY_LABELS[id]) })) },
        text('timeStart', msg`From (HH:MM)`, { dir: 'ltr', description: msg`Local time; a start after the end spans midnight.`, validate: (v, draft) => problem(timeProblem(v, draft.timeEnd)) }),
        text('timeEnd', msg`Until (HH:MM)`, { dir: 'ltr', validate: (v, draft) => problem(timeProblem(v, draft.timeStart)) }),
        listField('showOnPages', msg`Only on these pages`, msg`The first part of the address (main for the map, login, settings…; all for every page), separated by commas.`),
        listField('hideOnPages', msg`Not on these pages`, msg`Separated by commas; these win over the pages above.`),
        { kind: 'number', key: 'maxShowsPerUser', label: msg`Shows per person, at most`, description: msg`0: no limit.`, minValue: 0, integer: true },
        { kind: 'number', key: 'cooldownPeriod', label: msg`Time between two shows`, unit: (_c, i18n) => i18n._(msg`min`), minValue: 0, integer: true },
      ],
    },
  ],
  extraOnNew: true,
  extra: ({ item }) => <PreviewButton form={item} />,
};

/** The form as it would show, when it is a valid announcement. */
function PreviewButton({ form }: { form: AnnouncementForm }) {
  const { t } = useLingui();
  const [shown, setShown] = useState<Announcement | null>(null);
  const parsed = parseAnnouncement(formToAnnouncementJson(form));
  return (
    <div className={styles.actions}>
      <Button variant="secondary" isDisabled={typeof parsed === 'string'} onPress={() => typeof parsed !== 'string' && setShown(parsed)}>
        {t`Preview`}
      </Button>
      {shown ? <AnnouncementPreview announcement={shown} onClose={() => setShown(null)} /> : null}
    </div>
  );
}

/** `/settings/announcement[/{id}]`: a new announcement without an id. */
export function AnnouncementPage({ id }: { id: string | null }) {
  const { i18n } = useLingui();
  const services = useServices();
  const source = useMemo<EditSource<AnnouncementForm>>(
    () => ({
      load: async () => {
        const { file } = await readAnnouncements(services);
        const found = file.announcements.find((a) => a.id === id);
        if (!found) throw new Error(i18n._(msg`This announcement is not in the file (any more).`));
        return announcementForm(found);
      },
      save: async (form) => {
        await changeAnnouncements(services, (file) => {
          const kept = id === null ? undefined : file.announcements.find((a) => a.id === id);
          const parsed = parseAnnouncement(formToAnnouncementJson(form, kept));
          if (typeof parsed === 'string') throw new Error(i18n._(msg`Not a valid announcement: check the field ${parsed}.`));
          if (parsed.id !== id && file.announcements.some((a) => a.id === parsed.id)) {
            throw new Error(i18n._(msg`Another announcement has this identifier.`));
          }
          return putAnnouncement(file, parsed, id);
        });
        return form;
      },
      remove: async () => {
        if (id !== null) await changeAnnouncements(services, (file) => removeAnnouncement(file, id));
      },
    }),
    [services, id, i18n],
  );
  // a new one: a fresh identifier, and the priority after those of the file as the list last read it
  const descriptor = useMemo<EditDescriptor<AnnouncementForm>>(() => {
    const known = queryClient.getQueryData<AnnouncementsData>(announcementsQuery(services).queryKey)?.file ?? EMPTY_FILE;
    // getRandomValues, not randomUUID: the latter exists on secure origins only (not http on a LAN address)
    const key = newAnnouncementId(
      known.announcements.map((a) => a.id),
      () => Array.from(crypto.getRandomValues(new Uint8Array(4)), (byte) => byte.toString(16).padStart(2, '0')).join(''),
    );
    return { ...announcementEditor, defaults: () => newAnnouncementForm(known, key) };
  }, [services]);
  // the editor's own number: 0 for a saved announcement (its id is the route's), null for a new one
  return <EntityEditPage descriptor={descriptor} id={id === null ? null : 0} source={source} />;
}
