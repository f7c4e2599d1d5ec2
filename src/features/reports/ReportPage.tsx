import { lazy, Suspense, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEventSubjects } from '../../shared/useEventSubjects';
import { rememberShown, type ReportSearch } from '../../domain/reportFilter';
import { Button as AriaButton, MenuTrigger } from 'react-aria-components';
import { Alert, Button, Menu, MenuItem } from '../../ui';
import * as buttonStyles from '../../ui/Button.css';
import type { ListParams } from '../../api/resources';
import type { Position } from '../../../contract/models';
import { resources } from '../../api/resources';
import { coordinateFormatOf } from '../../domain/coordinates';
import { fieldPreference, isAdministrator } from '../../domain/permissions';
import { provideRequestEffects } from '../../machines/request/request.effects';
import type { RequestContext } from '../../machines/request/request.machine';
import { useData } from '../../shared/data';
import { useCatalogueText } from '../../shared/catalogue';
import { useRequest } from '../../shared/useRequest';
import { useUnitFormatters } from '../../shared/useUnits';
import { dateTimeFormat } from '../../shared/format';
import { Refusal } from '../../shared/entity/Refusal';
import { useSettingsContext } from '../../shared/useSettingsContext';
import { REPORTS, type CellContext, type ReportKind } from '../../shared/reports/kinds';
import { isTableReport } from '../../domain/reportSearch';
import { NotFound } from '../../shared/NotFound';
import { ReportFilter } from '../../shared/reports/ReportFilter';
import { useAddressFilter } from '../../shared/reports/useAddressFilter';
import { ReportsFrame } from './ReportsLayout';
import { rememberColumns, ReportResults, storedColumns } from './ReportResults';
import { directionOf } from '../../domain/language';
import { ScheduleDialog } from './ScheduleDialog';
import { PrintHeader } from './ReportPrint';
import { screenOnly } from '../../ui/print.css';
import { canSchedule } from './schedule';
import * as styles from '../../shared/reports/reports.css';
import { useInspected } from '../../shared/services';

const LogsPage = lazy(() => import('./LogsPage').then((m) => ({ default: m.LogsPage })));
const ScheduledPage = lazy(() => import('./ScheduledPage').then((m) => ({ default: m.ScheduledPage })));

/**
 * The page of the report named in the address (`/reports/{-$kind}`: one route for every report, so
 * that the app's entry, which the sign-in budget counts, carries one route definition, not eleven);
 * an unknown kind is not found.
 */
export function ReportKindPage() {
  const { kind } = useParams({ from: '/_app/reports/{-$kind}' });
  // /reports itself: the combined report, as the Reports tab (search kept, the history entry replaced)
  if (kind === undefined) return <Navigate to="/reports/{-$kind}" params={{ kind: 'combined' }} search={(search: unknown) => search as never} replace />;
  if (!isTableReport(kind) && kind !== 'logs' && kind !== 'scheduled') return <NotFound />;
  return (
    <ReportsFrame>
      {isTableReport(kind) ? (
        <ReportPage key={kind} kind={REPORTS[kind]} />
      ) : (
        <Suspense fallback={null}>{kind === 'logs' ? <LogsPage /> : <ScheduledPage />}</Suspense>
      )}
    </ReportsFrame>
  );
}

type ExportFormat = 'xlsx' | 'csv' | 'gpx' | 'kml' | 'kmz';

/**
 * The page of any report kind, built from its descriptor: the filter (held in the address), the
 * report-run statechart (progress, cancel, shown | empty | failed), the results as a table beside
 * the map (or a chart), and Export, Email and Schedule.
 */
const NO_ROWS: readonly unknown[] = [];
/** The rows of the last answer (none unless it came). */
const reportRows = (s: { matches: (state: 'done') => boolean; context: RequestContext }): readonly unknown[] =>
  s.matches('done') && Array.isArray(s.context.output) ? (s.context.output as readonly unknown[]) : NO_ROWS;
/** What the report shows: running, its rows, none, a failure, or nothing yet (`running` has a child state: asked by name). */
function reportStatus(s: { matches: (state: 'running' | 'done' | 'failed') => boolean; context: RequestContext }): 'idle' | 'running' | 'shown' | 'empty' | 'failed' {
  if (s.matches('running')) return 'running';
  if (s.matches('done')) return reportRows(s).length > 0 ? 'shown' : 'empty';
  return s.matches('failed') ? 'failed' : 'idle';
}

export function ReportPage({ kind }: { kind: ReportKind }) {
  const { t, i18n } = useLingui();
  const { entities, queries } = useData();
  const settings = useSettingsContext();
  const catalogue = useCatalogueText();
  const units = useUnitFormatters();
  const admin = isAdministrator(settings.user);
  const allowed = kind.access === 'all' || admin;

  // a run that comes back (rows or none) is remembered with its filter: the menu's links show it again
  const machine = useMemo(
    () =>
      provideRequestEffects<{ params: ListParams; search: ReportSearch }, readonly unknown[]>(async ({ params, search }, signal) => {
        const found = await kind.fetch(entities, params, signal);
        rememberShown(kind.id, search);
        return found;
      }),
    [kind, entities],
  );
  // a report has no time limit of its own: the person may cancel it, and the server bounds its work
  const actor = useActorRef(machine, { ...useInspected(), input: { timeoutMs: null } });
  const status = useSelector(actor, reportStatus);
  const rows = useSelector(actor, reportRows);
  const error = useSelector(actor, (s) => s.context.error);
  const elapsed = useSelector(actor, (s) => s.context.elapsed);
  const busy = status === 'running';

  // the address as the filter: Show writes `show`, and a reloaded or shared link runs the same report
  const { search, setSearch, range, problems, params, filter } = useAddressFilter({
    needsDevice: kind.needsDevice,
    oneDevice: kind.devices === 'one',
    enabled: allowed,
    run: (params, search) => actor.send({ type: 'RUN', input: { params, search } }),
  });
  const [scheduling, setScheduling] = useState(false);
  // the columns shown, remembered per kind: the table shows them and the exports write them
  const [visible, setVisible] = useState<ReadonlySet<string>>(() => storedColumns(kind));
  const chooseColumns = (next: Set<string>) => {
    setVisible(next);
    rememberColumns(kind, next);
  };

  const devices = useQuery({ ...queries.list(resources.devices), enabled: allowed && kind.devices !== 'none' });
  const names = useMemo(() => new Map((devices.data ?? []).map((d) => [d.id, d.name])), [devices.data]);
  const groups = useQuery({ ...queries.list(resources.groups), enabled: allowed && kind.devices === 'many' });
  const subjects = useEventSubjects();
  const coordinates = coordinateFormatOf(fieldPreference('coordinateFormat', settings.user, settings.server));
  const context: CellContext = useMemo(
    () => ({ i18n, timeZone: settings.timeZone, units, coordinates, deviceName: (id: number) => names.get(id) ?? String(id), subjects }),
    [i18n, i18n.locale, settings.timeZone, units, coordinates, names, subjects],
  );

  // the files are made here from the rows and the columns shown, in the person's language, units and
  // zone (`exports/table.ts`), so they are right against a real Traccar too; only Email asks the server
  const fileRequest = useRequest<ExportFormat, void>(async (format) => {
    if (!range) return;
    const { downloadBlob, reportFileName } = await import('../../shared/exports/download');
    // the file is named after the period's days as the person sees them (their time zone)
    const day = (iso: string) => dateTimeFormat('en-CA', { timeZone: settings.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.parse(iso));
    const name = reportFileName(kind.id, day(range.from), day(range.to), format);
    if (format === 'xlsx' || format === 'csv') {
      const { exportTable, tableToCsv, tableToXlsx } = await import('../../shared/exports/table');
      // the columns chosen, the device's name always among them: a file has no filter above it to name the device
      const table = exportTable(kind.columns.filter((c) => visible.has(c.id)), rows, context, directionOf(i18n.locale) === 'rtl');
      if (format === 'csv') downloadBlob(tableToCsv(table), name, 'text/csv;charset=utf-8');
      else downloadBlob(await tableToXlsx(table, i18n._(kind.title)), name, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      return;
    }
    const exports = await import('../../shared/exports/exports');
    const positions = rows as ReadonlyArray<Position>;
    const byDevice = new Map<number, Position[]>();
    for (const p of positions) {
      const list = byDevice.get(p.deviceId);
      if (list) list.push(p);
      else byDevice.set(p.deviceId, [p]);
    }
    const tracks = [...byDevice].map(([deviceId, list]) => ({ name: context.deviceName(deviceId), positions: list }));
    if (format === 'gpx') downloadBlob(exports.positionsToGpx(tracks), name, 'application/gpx+xml');
    else if (format === 'kml') downloadBlob(exports.positionsToKml(tracks), name, 'application/vnd.google-earth.kml+xml');
    else downloadBlob(exports.positionsToKmz(tracks) as BlobPart, name, 'application/vnd.google-earth.kmz');
  });
  const mailRequest = useRequest<void, void>(async () => {
    if (params && kind.server) await entities.reportMail(kind.server, params);
  });

  if (!allowed) return <Refusal />;
  const title = i18n._(kind.title);
  // every kind's rows as a table; the positions' also as tracks
  const formats: ExportFormat[] = status === 'shown' ? ['xlsx', 'csv', ...(kind.positions ? (['gpx', 'kml', 'kmz'] as const) : [])] : [];
  const formatLabel: Record<ExportFormat, string> = { xlsx: t`Spreadsheet (xlsx)`, csv: t`CSV`, gpx: t`GPX`, kml: t`KML`, kmz: t`KMZ` };
  const canRun = problems.length === 0;

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{title}</h1>
      {status === 'shown' && range ? (
        <PrintHeader
          devices={(search.deviceId ?? []).map(context.deviceName)}
          groups={(search.groupId ?? []).map((id) => groups.data?.find((g) => g.id === id)?.name ?? String(id))}
          from={range.from}
          to={range.to}
          context={context}
        />
      ) : null}
      <div className={screenOnly}>
        <ReportFilter
          kind={kind}
          {...filter}
          busy={busy}
          actions={
            <>
              {formats.length > 0 ? (
                <MenuTrigger>
                  <AriaButton className={buttonStyles.button({ variant: 'secondary' })} isDisabled={!canRun || fileRequest.pending}>
                    {fileRequest.pending ? t`Exporting…` : t`Export`}
                  </AriaButton>
                  <Menu onAction={(key) => fileRequest.run(key as ExportFormat)}>
                    {formats.map((format) => (
                      <MenuItem key={format} id={format}>
                        {formatLabel[format]}
                      </MenuItem>
                    ))}
                  </Menu>
                </MenuTrigger>
              ) : null}
              {status === 'shown' ? (
                <Button variant="secondary" onPress={() => window.print()}>
                  {t`Print`}
                </Button>
              ) : null}
              {kind.server ? (
                <Button variant="secondary" isDisabled={!canRun || mailRequest.pending} onPress={() => mailRequest.run()}>
                  {t`Email`}
                </Button>
              ) : null}
              {canSchedule(kind, settings.restrictions) ? (
                <Button variant="secondary" onPress={() => setScheduling(true)}>
                  {t`Schedule`}
                </Button>
              ) : null}
            </>
          }
        />
      </div>
      {scheduling ? <ScheduleDialog kind={kind} search={search} isOpen={scheduling} onOpenChange={setScheduling} /> : null}
      {fileRequest.errorText ? <Alert variant="error">{fileRequest.errorText}</Alert> : null}
      {mailRequest.state === 'done' ? <Alert variant="info">{t`The report is on its way to your email.`}</Alert> : null}
      {mailRequest.errorText ? <Alert variant="error">{mailRequest.errorText}</Alert> : null}
      {busy ? (
        <div className={styles.progress} role="status" data-testid="report-progress">
          <div className={styles.bar} aria-hidden="true">
            <div className={styles.barFill} />
          </div>
          <span>{t`Running the report… ${elapsed} s`}</span>
          <Button variant="secondary" onPress={() => actor.send({ type: 'CANCEL' })}>
            {t`Cancel`}
          </Button>
        </div>
      ) : status === 'failed' ? (
        <Alert variant="error">{catalogue(error ?? '')}</Alert>
      ) : status === 'empty' ? (
        <p className={styles.muted} role="status">
          {t`Nothing in this period.`}
        </p>
      ) : status === 'idle' ? (
        <p className={styles.muted}>{t`Choose what to report on, then Show.`}</p>
      ) : null}
      {status === 'shown' ? <ReportResults kind={kind} rows={rows} context={context} search={search} onSearch={setSearch} units={settings.units} visible={visible} onVisible={chooseColumns} /> : null}
    </div>
  );
}
