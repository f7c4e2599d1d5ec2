import { useCallback, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueries } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Button as AriaButton, MenuTrigger, type Selection } from 'react-aria-components';
import { AlertDialog, Alert, ButtonLink, Link, Loader, Menu, MenuItem, Switch, Table, TextField, type SortDescriptor, type TableColumn } from '../../ui';
import type { Draft } from '../../machines/editor/editor.machine';
import { provideEditorEffects } from '../../machines/editor/editor.effects';
import { canEdit, canOpen } from '../../domain/restrictions';
import type { AnyResource, Resource } from '../../api/resources';
import { SCREEN_LIST_OPTIONS } from '../../api/queries';
import { useInspected, useServices, type Services } from '../services';
import { appChild } from '../../machines/app/actors';
import { dataFor } from '../data';
import { mutationsFor } from '../useMutations';
import { useCatalogueText } from '../catalogue';
import type { ListContext, ListDescriptor, ListSource, LiveListSource, QueryListSource } from './model';
import { useLive } from '../useLive';
import { useFleetLoading } from '../hooks';
import { Refusal } from './Refusal';
import { ReadOnlyNotice } from './ReadOnlyNotice';
import { columnWidth, longestTexts } from './columnWidths';
import { useSettingsContext } from '../useSettingsContext';
import { ColumnsMenu } from '../ColumnsMenu';
import * as styles from './settings.css';
import * as buttonStyles from '../../ui/Button.css';

interface EntityListPageProps<T extends { id: number }, D> {
  descriptor: ListDescriptor<T>;
  /** rows that are not the descriptor's resource (the announcements file): how they load and go */
  source?: ListSource<T, D>;
  /** more buttons of a row, before its Edit link (move up and down, preview) */
  rowActions?: (row: T) => ReactNode;
  /** more buttons beside Add (export, import) */
  actions?: ReactNode;
  /** what the screen says or edits under its heading */
  children?: ReactNode;
}

/** The rows of a resource, as a list source: the live store's when the descriptor reads it there, else the resource's list. */
function resourceSource<T extends { id: number }>(services: Services, descriptor: ListDescriptor<T>): ListSource<T> {
  const resource = descriptor.resource;
  if (!resource) throw new Error('A list needs a resource or a source');
  const remove = (row: T) => mutationsFor(services).remove(resource, row.id, { report: false });
  if (descriptor.live) return { live: descriptor.live, remove };
  return { query: dataFor(services).queries.list(resource), rows: (data) => data, remove };
}

/** What the list page shows of its rows: loading, failed, or the rows (the fields of a query's result it reads). */
type ListRows<T> =
  | { isPending: true; isError: false; isSuccess: false; data: undefined; error: null }
  | { isPending: false; isError: true; isSuccess: false; data: readonly T[] | undefined; error: Error }
  | { isPending: false; isError: false; isSuccess: true; data: readonly T[]; error: null };

/**
 * The list page of any entity, built from its descriptor: search, sort by any column, choose the
 * columns, add, and per row open, the other links (connections, …) and remove (after 'Remove item?').
 * The table is virtualised: 10,000 devices filter and scroll smoothly. Rows that are not a
 * Traccar entity come from a `source`; the devices from the live store (the socket keeps them:
 * no second download of every device). Columns share the room by what they hold; a list with
 * nothing in it yet says what its items are for (the descriptor's `empty`) beside Add; rows the
 * descriptor hides (`hiddenRows`) show on a switch; a read-only account is told why.
 */
export function EntityListPage<T extends { id: number }, D = T[]>(props: EntityListPageProps<T, D>) {
  const services = useServices();
  const { descriptor, source: given } = props;
  // without a source of its own, D is T[] (the resource's list)
  const source = useMemo(() => given ?? (resourceSource(services, descriptor) as unknown as ListSource<T, D>), [given, services, descriptor]);
  return 'live' in source ? <LiveListPage {...props} source={source} /> : <QueryListPage {...props} source={source} />;
}

function QueryListPage<T extends { id: number }, D>(props: EntityListPageProps<T, D> & { source: QueryListSource<T, D> }) {
  const { restrictions } = useSettingsContext();
  const { source } = props;
  const list = useQuery({ ...source.query, ...SCREEN_LIST_OPTIONS, select: source.rows, enabled: canOpen(props.descriptor.screen, restrictions) });
  // an empty copy being fetched again is not yet "nothing here": loading, as the live list does
  const refreshing = list.isFetching && !list.isFetchedAfterMount && list.data?.length === 0;
  return <ListView {...props} list={refreshing ? LOADING : list} />;
}

const LOADING = { isPending: true, isError: false, isSuccess: false, data: undefined, error: null } as const;

/** The rows of the live store: loading while the fleet's first load is under way and brought nothing yet. */
function LiveListPage<T extends { id: number }, D>(props: EntityListPageProps<T, D> & { source: LiveListSource<T> }) {
  const rows = useLive(props.source.live);
  const loading = useFleetLoading() && rows.length === 0;
  const list = useMemo<ListRows<T>>(() => (loading ? LOADING : { isPending: false, isError: false, isSuccess: true, data: rows, error: null }), [loading, rows]);
  return <ListView {...props} list={list} />;
}

function ListView<T extends { id: number }, D>({ descriptor, source, list, rowActions, actions, children }: EntityListPageProps<T, D> & { source: ListSource<T, D>; list: ListRows<T> }) {
  const { t, i18n } = useLingui();
  const services = useServices();
  const navigate = useNavigate();
  const settings = useSettingsContext();
  const catalogue = useCatalogueText();
  const { restrictions } = settings;
  const allowed = canOpen(descriptor.screen, restrictions);
  const mayEdit = canEdit(descriptor.screen, restrictions);
  const lookups = useQueries({ queries: (descriptor.lookups ?? []).map((r) => ({ ...dataFor(services).queries.list(r as Resource<{ id: number; name?: string }>), enabled: allowed })) });
  const [search, setSearch] = useState('');
  // the field shows each key at once; the list follows in a transition React may interrupt
  const query = useDeferredValue(search);
  const [sort, setSort] = useState<SortDescriptor>(descriptor.sort ?? { column: descriptor.columns[0]!.id, direction: 'ascending' });
  const [visible, setVisible] = useState<Selection>(new Set(descriptor.columns.filter((c) => c.defaultVisible !== false).map((c) => c.id)));
  const [removing, setRemoving] = useState<T | null>(null);
  const [showHidden, setShowHidden] = useState(false);

  const names = useMemo(() => {
    const byResource = new Map<string, Map<number, string>>();
    (descriptor.lookups ?? []).forEach((r, index) => {
      const rows = (lookups[index]?.data ?? []) as Array<{ id: number; name?: string }>;
      byResource.set(r.name, new Map(rows.map((row) => [row.id, row.name ?? String(row.id)])));
    });
    return (r: AnyResource, id: number) => byResource.get(r.name)?.get(id) ?? '';
  }, [descriptor.lookups, ...lookups.map((l) => l.data)]);

  // stable while nothing it holds changes (restrictions are derived anew on every render)
  const restrictionsKey = JSON.stringify(restrictions);
  const unitsKey = JSON.stringify(settings.units);
  const context: ListContext = useMemo(
    () => ({ i18n, restrictions, units: settings.units, names, timeZone: settings.timeZone }),
    [i18n, i18n.locale, restrictionsKey, unitsKey, names, settings.timeZone],
  );
  const visibleIds = visible === 'all' ? descriptor.columns.map((c) => c.id).join() : [...visible].join();

  // rows the descriptor leaves out unless asked (temporary users of share links)
  const loaded = (list.data ?? []) as T[];
  const hiddenCount = useMemo(() => (descriptor.hiddenRows ? loaded.filter(descriptor.hiddenRows.is).length : 0), [loaded, descriptor]);
  const listed = useMemo(() => (descriptor.hiddenRows && !showHidden ? loaded.filter((row) => !descriptor.hiddenRows!.is(row)) : loaded), [loaded, descriptor, showHidden]);
  // Every cell's text once per row (not per keystroke, nor for the rows a new list kept: the live
  // store's devices change a few at a time): searching 10,000 rows only compares.
  const textCache = useMemo(() => new WeakMap<T, { texts: string[]; haystack: string }>(), [context, descriptor]);
  const indexed = useMemo(
    () =>
      listed.map((row) => {
        let entry = textCache.get(row);
        if (!entry) {
          const texts = descriptor.columns.map((c) => c.text(row, context));
          entry = { texts, haystack: texts.join(' ').toLocaleLowerCase() };
          textCache.set(row, entry);
        }
        return { row, ...entry };
      }),
    [listed, context, descriptor, textCache],
  );
  // each column's room follows its longest text: an empty column leaves it to a full one
  const longest = useMemo(() => longestTexts(indexed.map((entry) => entry.texts), descriptor.columns.length).join(), [indexed, descriptor]);
  const textsOf = useMemo(() => new Map(indexed.map((entry) => [entry.row.id, entry.texts])), [indexed]);
  const rows = useMemo(() => {
    const words = query.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
    const found = words.length === 0 ? indexed : indexed.filter(({ haystack }) => words.every((word) => haystack.includes(word)));
    const index = descriptor.columns.findIndex((c) => c.id === sort.column);
    const collator = new Intl.Collator(i18n.locale, { numeric: true, sensitivity: 'base' });
    const sorted = index < 0 ? [...found] : [...found].sort((a, b) => collator.compare(a.texts[index]!, b.texts[index]!));
    if (sort.direction === 'descending') sorted.reverse();
    return sorted.map(({ row }) => row);
  }, [indexed, query, sort, descriptor, i18n.locale]);

  const linksKey = (descriptor.links ?? []).filter((link) => link.visible?.(restrictions) ?? true).map((link) => link.id).join();
  const columns = useMemo<Array<TableColumn<T>>>(() => {
    const links = (descriptor.links ?? []).filter((link) => linksKey.split(',').includes(link.id));
    const shown = descriptor.columns.filter((c) => visibleIds.split(',').includes(c.id));
    const texts = (row: T) => textsOf.get(row.id) ?? descriptor.columns.map((c) => c.text(row, context));
    const lengths = longest.split(',').map(Number);
    return [
      ...shown.map((c, index) => {
        const at = descriptor.columns.indexOf(c);
        const header = i18n._(c.header);
        return {
          id: c.id,
          header,
          isRowHeader: index === 0,
          allowsSorting: true,
          ...columnWidth(lengths[at] ?? 0, header.length, index === 0),
          cell: (row: T) => <bdi>{texts(row)[at]}</bdi>,
        };
      }),
      {
        id: 'actions',
        header: t`Actions`,
        width: descriptor.actionsWidth ?? 112,
        cell: (row: T) => {
          const label = texts(row)[0] ?? '';
          return (
            <div className={styles.rowActions}>
              {rowActions?.(row)}
              <Link href={descriptor.itemPath(row)} aria-label={mayEdit ? t`Edit ${label}` : t`Open ${label}`}>
                {mayEdit ? t`Edit` : t`Open`}
              </Link>
              {links.length > 0 || mayEdit ? (
                <MenuTrigger>
                  <AriaButton className={buttonStyles.button({ variant: 'quiet' })} aria-label={t`More for ${label}`}>
                    ⋯
                  </AriaButton>
                  <Menu placement="bottom end">
                    {links.map((link) => (
                      <MenuItem key={link.id} id={link.id} href={link.href(row)}>
                        {i18n._(link.label)}
                      </MenuItem>
                    ))}
                    {mayEdit ? (
                      <MenuItem id="remove" isDanger onAction={() => setRemoving(row)}>
                        {t`Remove`}
                      </MenuItem>
                    ) : null}
                  </Menu>
                </MenuTrigger>
              ) : null}
            </div>
          );
        },
      },
    ];
  }, [descriptor, visibleIds, linksKey, textsOf, context, mayEdit, i18n.locale, rowActions, longest]);
  const textValue = useCallback((row: T) => textsOf.get(row.id)?.[0] ?? '', [textsOf]);
  const sortLabel = useCallback(
    (header: string, direction: SortDescriptor['direction'] | null) =>
      direction === 'ascending' ? t`${header}, sorted ascending` : direction === 'descending' ? t`${header}, sorted descending` : t`Sort by ${header}`,
    [i18n.locale],
  );

  if (!allowed) return <Refusal />;
  const title = i18n._(descriptor.title);
  const canAdd = mayEdit && (descriptor.canAdd?.(restrictions, settings.user, list.data?.length ?? 0) ?? true);
  // nothing at all yet (not: nothing found): the empty state says what these are for, and how to add the first
  const nothingYet = list.isSuccess && listed.length === 0 && hiddenCount === 0;

  return (
    <div className={styles.widePage}>
      <header className={styles.header}>
        <h1 className={styles.heading}>{title}</h1>
        <div className={styles.actions}>
          {descriptor.pageLinks?.map((link) => (
            <ButtonLink key={link.id} variant="secondary" href={link.href}>
              {i18n._(link.label)}
            </ButtonLink>
          ))}
          {actions}
          {/* an empty list offers Add in its guidance instead (one Add on the screen) */}
          {canAdd && !nothingYet && !list.isPending ? <ButtonLink href={descriptor.newPath}>{t`Add`}</ButtonLink> : null}
        </div>
      </header>
      <ReadOnlyNotice screen={descriptor.screen} />
      {children}
      {nothingYet ? null : (
        <>
          <div className={styles.toolbar}>
            <div className={styles.grow}>
              <TextField label={t`Search`} type="search" value={search} onChange={setSearch} />
            </div>
            {descriptor.hiddenRows && hiddenCount > 0 ? (
              <Switch isSelected={showHidden} onChange={setShowHidden}>
                {i18n._(descriptor.hiddenRows.show)}
              </Switch>
            ) : null}
            <ColumnsMenu columns={descriptor.columns} shown={visible} onChange={(keys) => (keys === 'all' || keys.size > 0) && setVisible(keys)} />
          </div>
          <p className={styles.muted} role="status">
            {list.isSuccess ? t`${rows.length} of ${listed.length}` : ''}
          </p>
        </>
      )}
      {list.isPending ? (
        <Loader label={t`Loading`} />
      ) : list.isError ? (
        <Alert variant="error">{catalogue(list.error.message)}</Alert>
      ) : nothingYet ? (
        <EmptyList descriptor={descriptor} canAdd={canAdd} />
      ) : (
        <Table
          aria-label={title}
          rows={rows}
          columns={columns}
          textValue={textValue}
          sort={sort}
          onSortChange={setSort}
          sortLabel={sortLabel}
          onRowAction={(row) => void navigate({ to: descriptor.itemPath(row) })}
          empty={search ? t`Nothing matches the search` : t`Nothing here yet`}
        />
      )}
      {removing ? <RemoveDialog remove={source.remove} row={removing} label={textValue(removing)} onClosed={() => setRemoving(null)} /> : null}
    </div>
  );
}

/**
 * A list with nothing in it yet: what its items are for and how the first is made (the
 * descriptor's words), with the Add action when this user may add.
 */
function EmptyList<T extends { id: number }>({ descriptor, canAdd }: { descriptor: ListDescriptor<T>; canAdd: boolean }) {
  const { t, i18n } = useLingui();
  const empty = descriptor.empty;
  return (
    <section className={styles.emptyState} aria-label={t`Nothing here yet`} data-testid="empty-list">
      <p className={styles.emptyTitle}>{t`Nothing here yet`}</p>
      {empty ? <p className={styles.emptyText}>{i18n._(empty.about)}</p> : null}
      {empty?.how ? <p className={styles.emptyText}>{i18n._(empty.how)}</p> : null}
      {canAdd ? <ButtonLink href={descriptor.newPath}>{empty?.add ? i18n._(empty.add) : t`Add`}</ButtonLink> : null}
    </section>
  );
}

/** 'Remove item?' for a row: an editor machine started on the question (intent `remove`). */
function RemoveDialog<T extends { id: number }>({ remove, row, label, onClosed }: { remove: (row: T) => Promise<void>; row: T; label: string; onClosed: () => void }) {
  const { t } = useLingui();
  const services = useServices();
  const machine = useMemo(
    () =>
      provideEditorEffects({
        remove: () => remove(row),
        removed: () => onClosed(),
        closed: () => onClosed(),
        reportError: (message) => appChild(services.app.system, 'errors')?.send({ type: 'PUSH', message }),
      }),
    [services, remove, row, onClosed],
  );
  const actor = useActorRef(machine, { ...useInspected(), input: { id: row.id, item: row as unknown as Draft, intent: 'remove' } });
  const removing = useSelector(actor, (s) => s.matches('removing'));
  return (
    <AlertDialog
      isOpen
      title={t`Remove item?`}
      primaryActionLabel={t`Remove`}
      cancelLabel={t`Cancel`}
      variant="danger"
      isPrimaryActionPending={removing}
      onPrimaryAction={() => actor.send({ type: 'CONFIRM' })}
      onCancel={() => actor.send({ type: 'CANCEL' })}
    >
      {/* what it removes, as its row names it (a device, a geofence, a user, a notification's type) */}
      {label ? <p className={styles.removeName}>{label}</p> : null}
    </AlertDialog>
  );
}
