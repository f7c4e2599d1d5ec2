/**
 * `/geofences`: the geofences beside the one map, drawn and edited there. The flow is the geofence
 * machine (`src/machines/geofence`); this page renders its snapshot and sends it events: the tools
 * (polygon, circle, line), the shape's name, Save, Undo, Delete, Escape, a geofence picked from the
 * list, a GPX file. The map is the main map component with two additions: the geofences layer
 * (fed from the geofences query, minus the one being edited) and terra-draw as an extension.
 * `?deviceId=&latitude=&longitude=` (a device's Create a geofence here) opens a new 50 m circle there,
 * named after the device and linked to it once saved.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useBlocker, useNavigate, useSearch } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { useLingui } from '@lingui/react/macro';
import { FileTrigger, Input, ListBox, ListBoxItem, ListLayout, Virtualizer, SearchField, ToggleButton, Toolbar, Button as AriaButton, Label } from 'react-aria-components';
import type { Geofence } from '../../../contract/models';
import { parseArea, type Geometry, type LatLon } from '../../../contract/wkt';
import { resources } from '../../api/resources';
import { SCREEN_LIST_OPTIONS } from '../../api/queries';
import { geofenceStyle, gpxToShapes, GpxError } from '../../domain/geofence';
import { provideGeofenceEffects } from '../../machines/geofence/geofence.effects';
import type { DrawKind, GeofenceEvent } from '../../machines/geofence/geofence.machine';
import { createMapSettings, MapView } from '../../map';
import { createGeofenceFeed } from '../../map/geofenceFeed';
import { createGeofenceDraw, tooLargeToEdit } from '../../map/geofenceDraw';
import { Alert, AlertDialog, Button, ButtonLink, TextField } from '../../ui';
import { useData } from '../../shared/data';
import { useMutations } from '../../shared/useMutations';
import { useInspected, useServices } from '../../shared/services';
import { AREA_MESSAGES, areaKind } from '../../shared/geofenceArea';
import { useMapUiStrings, usePreferredMapStyle } from '../../shared/mapPreferences';
import { useDistanceUnit } from '../../shared/useUnits';
import { canEdit, canOpen } from '../../domain/restrictions';
import { GEOFENCE_HERE_RADIUS, parseGeofenceHere } from '../../domain/deviceActions';
import { Refusal } from '../../shared/entity/Refusal';
import { useSettingsContext } from '../../shared/useSettingsContext';
import { formError } from '../../shared/entity/formError';
import { useCatalogueText } from '../../shared/catalogue';
import * as styles from './geofences.css';

const TOOLS: DrawKind[] = ['polygon', 'circle', 'linestring'];
/** Rows of the list: only those in view are rendered (1,000 geofences open at once). */
const LIST_LAYOUT = { rowHeight: 44, gap: 2 };

/** A shape's points without a repeated closing point. */
function points(geometry: Geometry & { points: LatLon[] }): LatLon[] {
  const list = geometry.points;
  const first = list[0];
  const last = list[list.length - 1];
  return list.length > 1 && first && last && first[0] === last[0] && first[1] === last[1] ? list.slice(0, -1) : list;
}

/** The page as a user may see it: refused when geofences are closed to them, read-only when they may not change them. */
export function GeofencesPage() {
  const settings = useSettingsContext();
  if (!canOpen('geofences', settings.restrictions)) return <Refusal />;
  return <GeofencesEditor editable={canEdit('geofences', settings.restrictions)} />;
}

function GeofencesEditor({ editable }: { editable: boolean }) {
  const { t, i18n } = useLingui();
  const { live } = useServices();
  const preferredStyle = usePreferredMapStyle();
  const uiStrings = useMapUiStrings();
  const distanceUnit = useDistanceUnit();
  const catalogue = useCatalogueText();
  const { queries } = useData();
  const mutations = useMutations();
  // the editor shows the geofences themselves: fetched again on opening (an edit made elsewhere shows)
  const list = useQuery({ ...queries.list(resources.geofences), ...SCREEN_LIST_OPTIONS });
  const geofences = useMemo(() => list.data ?? [], [list.data]);
  const byId = useRef(new Map<number, Geofence>());
  /** the device a new geofence is linked to once saved (made from a device's actions) */
  const linkTo = useRef<number | null>(null);
  byId.current = new Map(geofences.map((g) => [g.id, g]));

  // the map's parts, made once per page: the editor keeps its geofences visible whatever the layers menu says
  const [settings] = useState(() => {
    const store = createMapSettings(null);
    store.set({ geofences: true, liveRoutes: false });
    return store;
  });
  const [feed] = useState(() => createGeofenceFeed());
  const send = useRef<(event: GeofenceEvent) => void>(() => {});
  const [drawing] = useState(() =>
    createGeofenceDraw({
      onDrawn: (geometry) => send.current({ type: 'DRAWN', geometry }),
      onChanged: (geometry) => send.current({ type: 'CHANGED', geometry }),
    }),
  );
  const extensions = useMemo(() => [drawing.extension], [drawing]);

  const machine = useMemo(
    () =>
      provideGeofenceEffects({
        drawing,
        save: async ({ id, name, area }) => {
          const existing = id === null ? undefined : byId.current.get(id);
          const item: Geofence = existing
            ? { ...existing, name, area }
            : { id: 0, name, area, description: null, calendarId: 0, attributes: {} };
          const saved = await mutations.save(resources.geofences, item, { report: false });
          // a geofence made at a device (Create a geofence here) is linked to it, as Traccar's client does: on Traccar a device checks its own geofences
          const device = existing ? null : linkTo.current;
          if (device !== null) {
            linkTo.current = null;
            // the geofence is saved either way: a refused link is said in the errors toast
            await mutations.link(resources.devices, device, resources.geofences, saved.id, true).catch(() => undefined);
          }
          return { id: saved.id };
        },
        remove: (id) => mutations.remove(resources.geofences, id, { report: false }),
      }),
    [drawing, mutations],
  );
  const actor = useActorRef(machine, { ...useInspected(), input: { name: t`New geofence` } });
  send.current = actor.send;

  // Create a geofence here (a device's actions): the address names the device and the place; a new
  // circle there, named after the device, to shape and save (then linked to the device). The
  // address is read once and put back to the plain page, so a reload does not make another.
  const here = parseGeofenceHere(useSearch({ strict: false }) as Record<string, unknown>);
  const hereKey = here ? `${here.deviceId},${here.latitude},${here.longitude}` : null;
  const navigate = useNavigate();
  useEffect(() => {
    if (!here || !editable) return;
    const geometry: Geometry = { type: 'circle', lat: here.latitude, lon: here.longitude, radius: GEOFENCE_HERE_RADIUS };
    const name = live.getState().devices.get(here.deviceId)?.name;
    // the shape after the address is put back: with a shape on it, leaving the address would ask first
    void navigate({ to: '/geofences', search: {}, replace: true }).then(() => {
      linkTo.current = here.deviceId;
      drawing.fit(geometry);
      actor.send({ type: 'IMPORT', geometry, ...(name ? { name } : {}) });
    });
  }, [hereKey]);
  // the link is for that shape only: put down, or another geofence opened or drawn, it is forgotten
  useEffect(() => {
    const subscription = actor.subscribe((now) => {
      if (now.matches('idle') || now.hasTag('drawing') || (now.context.id !== null && !now.matches('saving'))) linkTo.current = null;
    });
    return () => subscription.unsubscribe();
  }, [actor]);
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  const drawingNow = snapshot.hasTag('drawing');
  const shape = snapshot.hasTag('shape') || (['saving', 'confirmingDelete', 'confirmingDiscard', 'removing'] as const).some((state) => snapshot.matches(state));
  const busy = snapshot.hasTag('busy');

  // the layer shows every geofence but the one on the drawing tool
  useEffect(() => feed.set(geofences), [feed, geofences]);
  const large = tooLargeToEdit(context.geometry);
  useEffect(() => feed.hide(shape && !large ? context.id : null), [feed, shape, large, context.id]);

  const [search, setSearch] = useState('');
  const [listError, setListError] = useState<string | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const shown = useMemo(() => {
    const word = search.trim().toLocaleLowerCase();
    return word ? geofences.filter((g) => g.name.toLocaleLowerCase().includes(word)) : geofences;
  }, [geofences, search]);

  const kindLabel = (kind: DrawKind | null) =>
    kind === 'circle' ? t`Circle` : kind === 'polygon' ? t`Polygon` : kind === 'linestring' ? t`Line` : t`Unknown shape`;

  function open(id: number) {
    const geofence = byId.current.get(id);
    if (!geofence) return;
    let geometry: Geometry;
    try {
      geometry = parseArea(geofence.area, { check: false });
    } catch {
      setListError(t`The area of “${geofence.name}” cannot be read; correct it in its settings.`);
      return;
    }
    setListError(null);
    drawing.fit(geometry);
    actor.send({ type: 'OPEN', id, name: geofence.name, geometry });
  }

  async function importGpx(file: File) {
    setImportError(null);
    try {
      const shapes = gpxToShapes(await file.text());
      const first = shapes[0];
      if (!first) throw new GpxError('empty', 'no shapes');
      drawing.fit(first.geometry);
      actor.send({ type: 'IMPORT', geometry: first.geometry, name: first.name || file.name.replace(/\.gpx$/i, '') });
    } catch (error) {
      setImportError(
        error instanceof GpxError && error.reason === 'empty'
          ? t`This GPX file has no track or route to make a geofence from.`
          : t`This file is not a GPX file.`,
      );
    }
  }

  // leaving the page with unsaved changes asks first (the machine's 'Discard changes?')
  useBlocker({
    shouldBlockFn: async () => {
      const now = actor.getSnapshot();
      if (!now.context.dirty || !(now.hasTag('shape') || now.hasTag('drawing'))) return false;
      actor.send({ type: 'LEAVE' });
      const settled = await waitFor(actor, (s) => !s.matches('confirmingDiscard'));
      return !settled.matches('idle');
    },
    enableBeforeUnload: () => actor.getSnapshot().context.dirty,
  });

  // Escape, Delete and undo on the page (or with nothing focused, e.g. after drawing on the map)
  const pageRef = useRef<HTMLDivElement>(null);
  const keys = useRef<(event: globalThis.KeyboardEvent) => void>(() => {});
  keys.current = (event) => {
    const target = event.target instanceof HTMLElement ? event.target : null;
    if (event.defaultPrevented || !target || !(target === document.body || pageRef.current?.contains(target))) return;
    const typing = target.closest('input, textarea') !== null;
    if (event.key === 'Escape' && typing) {
      // the first Escape leaves the field; the next one puts the shape down (asking when unsaved)
      if (target.closest('[data-testid="geofence-editor"]')) (target as HTMLElement).blur();
    } else if (event.key === 'Escape' && (drawingNow || snapshot.hasTag('shape'))) {
      event.preventDefault();
      actor.send({ type: 'CANCEL' });
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && !typing && snapshot.hasTag('shape')) {
      event.preventDefault();
      actor.send({ type: 'DELETE' });
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z' && !typing) {
      event.preventDefault();
      actor.send({ type: 'UNDO' });
    }
  };
  useEffect(() => {
    const listener = (event: globalThis.KeyboardEvent) => keys.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const problem = context.problem === 'name' ? t`Give the geofence a name.` : context.problem ? i18n._(AREA_MESSAGES[context.problem]) : null;
  const kind = drawingNow ? context.kind : context.geometry?.type ?? null;
  // a polygon opened into a line (back to its first point), a line of 3 points or more closed into a polygon
  const current = context.geometry;
  const conversion =
    current?.type === 'polygon'
      ? { label: t`Make it a line`, geometry: { type: 'linestring', points: [...points(current), points(current)[0]!] } as Geometry }
      : current?.type === 'linestring' && points(current).length >= 3
        ? { label: t`Close into a polygon`, geometry: { type: 'polygon', points: points(current) } as Geometry }
        : null;

  return (
    <div ref={pageRef} className={styles.page} data-testid="geofences-page">
      <section className={styles.panel} aria-labelledby="geofences-heading">
        <h1 id="geofences-heading" className={styles.heading}>
          {t`Geofences`}
        </h1>

        {editable && (
        <Toolbar aria-label={t`Drawing tools`} className={styles.tools}>
          {TOOLS.map((tool) => (
            <ToggleButton
              key={tool}
              id={`draw-${tool}`}
              className={styles.tool}
              isSelected={drawingNow && context.kind === tool}
              isDisabled={busy}
              onChange={(on) => actor.send(on ? { type: 'DRAW', kind: tool } : { type: 'CANCEL' })}
              data-testid={`draw-${tool}`}
            >
              {tool === 'polygon' ? t`Draw a polygon` : tool === 'circle' ? t`Draw a circle` : t`Draw a line`}
            </ToggleButton>
          ))}
          <FileTrigger acceptedFileTypes={['.gpx', 'application/gpx+xml']} onSelect={(files) => files?.[0] && void importGpx(files[0])}>
            <AriaButton className={styles.tool} isDisabled={busy} data-testid="import-gpx">
              {t`Import GPX`}
            </AriaButton>
          </FileTrigger>
        </Toolbar>
        )}
        {importError && (
          <Alert variant="error" onDismiss={() => setImportError(null)} dismissLabel={t`Close`}>
            {importError}
          </Alert>
        )}

        {drawingNow && (
          <p className={styles.hint} role="status">
            {context.kind === 'circle'
              ? t`Click the centre, then click again at the edge. Escape cancels.`
              : context.kind === 'polygon'
                ? t`Click each corner; click the first corner again to close the polygon. Escape cancels.`
                : t`Click each point of the line; click the last point again to finish. Escape cancels.`}
          </p>
        )}

        {shape && (
          <form
            className={styles.editor}
            aria-label={context.id === null ? t`New geofence` : t`Edit geofence`}
            data-testid="geofence-editor"
            onSubmit={(event) => {
              event.preventDefault();
              actor.send({ type: 'SAVE' });
            }}
          >
            <h2 className={styles.subheading}>
              {context.id === null ? t`New geofence` : t`Edit geofence`} · {kindLabel(kind)}
            </h2>
            <TextField
              label={t`Name`}
              value={context.name}
              onChange={(name) => actor.send({ type: 'RENAME', name })}
              isRequired
              isInvalid={context.problem === 'name'}
              data-testid="geofence-name"
            />
            {large && <p className={styles.hint}>{t`This shape has too many points to move them one by one here; its name can be changed, or it can be removed.`}</p>}
            {!large && (
              <p className={styles.hint}>
                {kind === 'circle'
                  ? t`Drag the circle to move it, or its edge to resize it.`
                  : t`Drag a point to move it, a middle point to add one; right-click a point to remove it.`}
              </p>
            )}
            {problem && (
              <div data-testid="geofence-problem">
                <Alert variant="error">{problem}</Alert>
              </div>
            )}
            {snapshot.matches({ shape: 'failed' }) && context.error && (
              <Alert variant="error" title={t`Not saved`}>
                {formError(i18n, context.error, catalogue)}
              </Alert>
            )}
            {snapshot.matches({ shape: 'saved' }) && (
              <p className={styles.hint} role="status" data-testid="geofence-saved">
                {t`Saved`}
              </p>
            )}
            <div className={styles.actions}>
              <Button type="submit" isPending={snapshot.matches('saving')} isDisabled={busy || !context.dirty}>
                {t`Save`}
              </Button>
              <Button variant="secondary" onPress={() => actor.send({ type: 'UNDO' })} isDisabled={busy || context.history.length === 0}>
                {t`Undo`}
              </Button>
              <Button variant="secondary" onPress={() => actor.send({ type: 'DELETE' })} isDisabled={busy} data-testid="geofence-delete">
                {context.id === null ? t`Discard` : t`Delete`}
              </Button>
              <Button variant="secondary" onPress={() => actor.send({ type: 'CANCEL' })} isDisabled={busy}>
                {t`Close`}
              </Button>
              {conversion && (
                <Button variant="secondary" onPress={() => actor.send({ type: 'REPLACE', geometry: conversion.geometry })} isDisabled={busy}>
                  {conversion.label}
                </Button>
              )}
              {context.id !== null && (
                <ButtonLink variant="secondary" href={`/settings/geofence/${context.id}`}>
                  {t`More settings`}
                </ButtonLink>
              )}
            </div>
          </form>
        )}

        <SearchField value={search} onChange={setSearch} className={styles.search}>
          <Label className={styles.searchLabel}>{t`Search geofences`}</Label>
          <Input className={styles.searchInput} placeholder={t`Name`} />
        </SearchField>
        {listError && (
          <Alert variant="error" onDismiss={() => setListError(null)} dismissLabel={t`Close`}>
            {listError}
          </Alert>
        )}
        <Virtualizer layout={ListLayout} layoutOptions={LIST_LAYOUT}>
        <ListBox
          aria-label={t`Geofences`}
          className={styles.list}
          items={shown}
          selectionMode="single"
          selectedKeys={context.id === null ? [] : [context.id]}
          onSelectionChange={(keys) => {
            if (keys !== 'all') for (const key of keys) open(Number(key));
          }}
          renderEmptyState={() => <p className={styles.hint}>{list.isPending ? t`Loading…` : search ? t`No geofence has this name.` : t`No geofences yet: draw one with the tools above.`}</p>}
          data-testid="geofence-list"
          data-count={shown.length}
        >
          {(geofence) => (
            <ListBoxItem id={geofence.id} textValue={geofence.name} className={styles.row}>
              <span className={styles.swatch} style={{ background: geofenceStyle(geofence.attributes).color }} aria-hidden="true" />
              <span className={styles.rowName}>{geofence.name}</span>
              <span className={styles.rowKind}>{kindLabel(areaKind(geofence.area))}</span>
            </ListBoxItem>
          )}
        </ListBox>
        </Virtualizer>
      </section>

      <div className={styles.mapArea}>
        <MapView key={i18n.locale} store={live} settings={settings} preferredStyle={preferredStyle} uiStrings={uiStrings} geofences={feed} extensions={extensions} distanceUnit={distanceUnit} />
      </div>

      <AlertDialog
        isOpen={snapshot.matches('confirmingDiscard')}
        title={t`Discard changes?`}
        variant="danger"
        primaryActionLabel={t`Discard`}
        cancelLabel={t`Keep editing`}
        onPrimaryAction={() => actor.send({ type: 'CONFIRM' })}
        onCancel={() => actor.send({ type: 'CANCEL' })}
      >
        {context.id === null ? t`This shape is not saved yet.` : t`The changes to “${context.name}” are not saved yet.`}
      </AlertDialog>
      <AlertDialog
        isOpen={snapshot.matches('confirmingDelete') || snapshot.matches('removing')}
        title={t`Remove item?`}
        variant="danger"
        primaryActionLabel={t`Remove`}
        cancelLabel={t`Cancel`}
        onPrimaryAction={() => actor.send({ type: 'CONFIRM' })}
        onCancel={() => actor.send({ type: 'CANCEL' })}
        isPrimaryActionPending={snapshot.matches('removing')}
      >
        {t`“${context.name}” will be removed for every user.`}
      </AlertDialog>
    </div>
  );
}
