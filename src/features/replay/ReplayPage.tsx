/**
 * `/replay`: one or several devices' history played on the map. The filter (devices, groups and the
 * period, the report filter's parts) is in the address, so a replay is a link; Show (or a link with
 * `show=true`) loads it through the replay statechart, whose `load` fetches the route report's bytes
 * and has them parsed and prepared in a worker, and the stops and events reports for the markers.
 *
 * The controls send events to the actor: play/pause, step back and forward, the time slider, the
 * speed and the follow camera; on the page, Space plays and pauses, Left and Right step (mirrored in
 * Arabic: the key toward the start steps back), + and − change the speed. The map follows the actor
 * by a subscription (`ReplayMap`); the time and the devices' details below the controls are read at
 * most ten times a second.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Button as AriaButton, MenuTrigger } from 'react-aria-components';
import type { Event, StopReportItem } from '../../../contract/models';
import { Alert, Button, Menu, MenuItem, Select, Switch } from '../../ui';
import { Slider } from '../../ui/Slider';
import * as buttonStyles from '../../ui/Button.css';
import { resources } from '../../api/resources';
import { coordinateFormatOf, formatCoordinate } from '../../domain/coordinates';
import { ValueText } from '../../ui/ValueText';
import { fieldPreference } from '../../domain/permissions';
import { replayMarkers, sampleTrack, trackPositions, type ReplayData } from '../../domain/replay';
import { directionOf } from '../../domain/language';
import { provideReplayEffects } from '../../machines/replay/replay.effects';
import { SPEED_ORDER, type ReplayMachine, type ReplaySpeed } from '../../machines/replay/replay.machine';
import { useData } from '../../shared/data';
import { useCatalogueText } from '../../shared/catalogue';
import { useRequest } from '../../shared/useRequest';
import { useUnitFormatters } from '../../shared/useUnits';
import { dateTimeFormat } from '../../shared/format';
import { useSettingsContext } from '../../shared/useSettingsContext';
import { ReportFilter } from '../../shared/reports/ReportFilter';
import { useAddressFilter } from '../../shared/reports/useAddressFilter';
import { prepareOffThread } from './prepare';
import { replayColor } from './ReplayMap';
import * as styles from './replay.css';
import { useInspected } from '../../shared/services';
import { useShown } from '../../shared/storedChoice';
import { createValueStore } from '../../domain/valueStore';
import type { HoverPlace } from '../../map/layers/hoverMarker';

/** MapLibre comes with the map, after the page's own parts. */
const ReplayMap = lazy(() => import('./ReplayMap').then((m) => ({ default: m.ReplayMap })));
/** The chart under the map (uPlot) loads once a history is there. */
const ReplayChart = lazy(() => import('./ReplayChart').then((m) => ({ default: m.ReplayChart })));
const CHART_KEY = 'athar.replay.chart';

const FILTER = { devices: 'many', eventTypes: false, daily: false } as const;
/** the details under the controls are read at most this often while playing */
const DETAILS_MS = 100;

type ReplayActor = ActorRefFrom<ReplayMachine>;

/** The replay clock, at most every `interval` ms (a paused replay at once). */
function useReplayTime(actor: ReplayActor, interval: number): number {
  const subscribe = useCallback(
    (notify: () => void) => {
      let timer: ReturnType<typeof setTimeout> | null = null;
      let seen = actor.getSnapshot().context.time;
      const subscription = actor.subscribe((snapshot) => {
        if (snapshot.context.time === seen) return;
        seen = snapshot.context.time;
        if (!snapshot.hasTag('playing')) {
          if (timer) clearTimeout(timer);
          timer = null;
          notify();
        } else if (!timer) {
          timer = setTimeout(() => {
            timer = null;
            notify();
          }, interval);
        }
      });
      return () => {
        subscription.unsubscribe();
        if (timer) clearTimeout(timer);
      };
    },
    [actor, interval],
  );
  return useSyncExternalStore(subscribe, () => actor.getSnapshot().context.time);
}

const INTERACTIVE = 'input, textarea, select, button, a, [role="slider"], [role="combobox"], [role="listbox"], [role="menu"], [role="menuitem"], [role="option"], [role="switch"], [role="checkbox"], [contenteditable="true"]';

/** How much of the map's foot the controls cover (from tablets up they lie over it; on phones they are under it). */
function coveredBy(controls: HTMLElement | null): () => number {
  return () => (controls && getComputedStyle(controls).position === 'absolute' ? controls.offsetHeight + 28 : 0);
}

export function ReplayPage() {
  const { t, i18n } = useLingui();
  const { entities, queries } = useData();
  const settings = useSettingsContext();
  const catalogue = useCatalogueText();
  const units = useUnitFormatters();

  const machine = useMemo(
    () =>
      provideReplayEffects<Record<string, unknown>>({
        load: async (params, signal) => {
          const [bytes, stops, events] = await Promise.all([
            entities.reportBytes('route', params as never, signal),
            // the markers are a help, not the replay: a refused stops or events report leaves them out
            entities.report<StopReportItem>('stops', params as never, signal).catch(() => [] as StopReportItem[]),
            entities.report<Event>('events', params as never, signal).catch(() => [] as Event[]),
          ]);
          const data = await prepareOffThread(bytes, signal);
          return { ...data, markers: replayMarkers(data, stops, events) };
        },
      }),
    [entities],
  );
  const actor = useActorRef(machine, { ...useInspected(), input: {} });
  const status = useSelector(actor, (s) => (s.hasTag('loaded') ? 'loaded' : (s.value as 'idle' | 'loading' | 'empty' | 'failed')));
  const value = useSelector(actor, (s) => s.value as string);
  const data = useSelector(actor, (s) => s.context.data);
  const error = useSelector(actor, (s) => s.context.error);
  const speed = useSelector(actor, (s) => s.context.speed);
  const follow = useSelector(actor, (s) => s.context.follow);
  const loaded = status === 'loaded' && data !== null;
  const playing = value === 'playing';

  // the address as the filter: Show writes `show`, and a reloaded or shared link loads the same
  const { search, range, filter } = useAddressFilter({ needsDevice: true, run: (input) => actor.send({ type: 'LOAD', input }) });
  const [followed, setFollowed] = useState<number | null>(null);
  const controlsRef = useRef<HTMLElement>(null);
  const [covered] = useState(() => () => coveredBy(controlsRef.current)());
  // the moment under the chart's pointer, on the map (a store both follow: no render per move)
  const [hovered] = useState(() => createValueStore<HoverPlace | null>(null));
  const [chartShown, setChartShown] = useShown(CHART_KEY);

  const devices = useQuery(queries.list(resources.devices));
  const names = useMemo(() => new Map((devices.data ?? []).map((d) => [d.id, d.name || String(d.id)])), [devices.data]);
  const nameOf = (id: number) => names.get(id) ?? String(id);
  const coordinates = coordinateFormatOf(fieldPreference('coordinateFormat', settings.user, settings.server));
  const dateTime = useMemo(
    () => dateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone: settings.timeZone }),
    [i18n.locale, settings.timeZone],
  );
  const formatTime = (ms: number) => {
    try {
      return dateTime.format(ms);
    } catch {
      return new Date(ms).toISOString();
    }
  };

  // the keyboard on the page: Space, Left/Right (toward the start steps back, mirrored right to left), + and −
  const rtl = directionOf(i18n.locale) === 'rtl';
  const keys = useRef<(event: KeyboardEvent) => void>(() => {});
  keys.current = (event) => {
    if (!actor.getSnapshot().hasTag('loaded') || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as Element | null;
    if (target?.closest?.(INTERACTIVE)) return;
    const send = (e: Parameters<ReplayActor['send']>[0]) => {
      event.preventDefault();
      actor.send(e);
    };
    if (event.key === ' ') send({ type: 'TOGGLE' });
    else if (event.key === 'ArrowRight') send({ type: 'STEP', direction: rtl ? -1 : 1 });
    else if (event.key === 'ArrowLeft') send({ type: 'STEP', direction: rtl ? 1 : -1 });
    else if (event.key === '+' || event.key === '=') send({ type: 'FASTER' });
    else if (event.key === '-' || event.key === '_') send({ type: 'SLOWER' });
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keys.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const download = useRequest<'gpx' | 'kml', void>(async (format) => {
    if (!data || !range) return;
    const [{ downloadBlob, reportFileName }, exports] = await Promise.all([import('../../shared/exports/download'), import('../../shared/exports/exports')]);
    const day = (iso: string) => dateTimeFormat('en-CA', { timeZone: settings.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.parse(iso));
    const tracks = data.tracks.map((track) => ({ name: nameOf(track.deviceId), positions: trackPositions(track) }));
    const name = reportFileName('replay', day(range.from), day(range.to), format);
    if (format === 'gpx') downloadBlob(exports.positionsToGpx(tracks), name, 'application/gpx+xml');
    else downloadBlob(exports.positionsToKml(tracks), name, 'application/vnd.google-earth.kml+xml');
  });

  const speedLabel = (s: ReplaySpeed) => (s === 'point' ? t`Per point` : t`${s}×`);
  const requested = new Set([...(search.deviceId ?? [])]);
  const missing = data && !search.groupId?.length ? [...requested].filter((id) => !data.tracks.some((track) => track.deviceId === id)) : [];
  const skipped = data ? data.skipped.invalid + data.skipped.outOfOrder : 0;

  return (
    <div className={styles.page} data-testid="replay-page">
      <section className={styles.panel} aria-labelledby="replay-heading">
        <h1 id="replay-heading" className={styles.heading}>
          {t`Replay`}
        </h1>
        <ReportFilter
          kind={FILTER}
          {...filter}
          label={t`Replay filter`}
          busy={status === 'loading'}
          actions={
            <MenuTrigger>
              <AriaButton className={buttonStyles.button({ variant: 'secondary' })} isDisabled={!loaded || download.pending}>
                {t`Download`}
              </AriaButton>
              <Menu onAction={(key) => download.run(key as 'gpx' | 'kml')}>
                <MenuItem id="gpx">{t`GPX`}</MenuItem>
                <MenuItem id="kml">{t`KML`}</MenuItem>
              </Menu>
            </MenuTrigger>
          }
        />
        {download.errorText ? <Alert variant="error">{download.errorText}</Alert> : null}
        {status === 'loading' ? (
          <p className={styles.muted} role="status" data-testid="replay-status">
            {t`Loading the history…`}
          </p>
        ) : status === 'failed' ? (
          <Alert variant="error">{catalogue(error ?? '')}</Alert>
        ) : status === 'empty' ? (
          <Alert variant="info">{t`Nothing to replay in this period: no positions with a place and a time.`}</Alert>
        ) : status === 'idle' ? (
          <p className={styles.muted}>{t`Choose the devices and the period, then Show.`}</p>
        ) : null}
        {missing.length > 0 ? <Alert variant="info">{t`No positions in this period for: ${missing.map(nameOf).join(', ')}`}</Alert> : null}
        {skipped > 0 ? (
          <Alert variant="info">{t`${skipped} positions were left out: ${data!.skipped.invalid} without a valid place or time, ${data!.skipped.outOfOrder} out of time order.`}</Alert>
        ) : null}


          {loaded && data.tracks.length > 1 ? (
            <Select
              label={t`Device to follow`}
              items={data.tracks.map((track) => ({ id: String(track.deviceId), label: nameOf(track.deviceId) }))}
              selectedKey={String(followed ?? data.tracks[0]!.deviceId)}
              onSelectionChange={(key) => setFollowed(Number(key))}
            />
          ) : null}
          <p className={styles.shortcuts}>{t`Keys: Space plays and pauses, the arrows step, + and − change the speed.`}</p>
        {loaded ? <Details actor={actor} data={data} nameOf={nameOf} speed={units.speed} place={(lat, lon, address) => address ?? `${formatCoordinate(lat, 'latitude', coordinates)}, ${formatCoordinate(lon, 'longitude', coordinates)}`} /> : null}
      </section>
      <div className={styles.mapArea}>
        <div className={styles.mapStack}>
        <div className={styles.mapBox}>
          <Suspense fallback={null}>
            <ReplayMap actor={actor} followed={followed} label={t`Map of the replay`} covered={covered} hovered={hovered} />
          </Suspense>
        </div>
        <section ref={controlsRef} className={styles.controls} aria-label={t`Replay controls`} data-testid="replay-controls">
          <TimeSlider actor={actor} data={loaded ? data : null} format={formatTime} />
          <div className={styles.buttons}>
            <Button variant="secondary" isDisabled={!loaded} onPress={() => actor.send({ type: 'STEP', direction: -1 })}>
              {t`Step back`}
            </Button>
            <Button isDisabled={!loaded} onPress={() => actor.send({ type: 'TOGGLE' })} data-testid="replay-play">
              {playing ? t`Pause` : t`Play`}
            </Button>
            <Button variant="secondary" isDisabled={!loaded} onPress={() => actor.send({ type: 'STEP', direction: 1 })}>
              {t`Step forward`}
            </Button>
            <Select
              label={t`Speed`}
              items={SPEED_ORDER.map((s) => ({ id: String(s), label: speedLabel(s) }))}
              selectedKey={String(speed)}
              onSelectionChange={(key) => actor.send({ type: 'SPEED', speed: (key === 'point' ? 'point' : Number(key)) as ReplaySpeed })}
              className={styles.speed}
            />
            <Switch isSelected={follow} isDisabled={!loaded} onChange={(on) => actor.send({ type: 'FOLLOW', on })}>
              {t`Follow with the camera`}
            </Switch>
            <Switch isSelected={chartShown} onChange={setChartShown} data-testid="replay-chart-toggle">
              {t`Speed chart`}
            </Switch>
          </div>
        </section>
        </div>
        {chartShown ? (
          // there before the history, so the map keeps its size (and the camera's fit) when the chart comes
          <div className={styles.chart} data-testid="replay-chart">
            {loaded ? (
              <Suspense fallback={null}>
                <ReplayChart actor={actor} data={data} deviceId={followed} hovered={hovered} settings={{ units: settings.units, timeZone: settings.timeZone, locale: i18n.locale }} label={t`Speed chart of the replay`} />
              </Suspense>
            ) : (
              <p className={styles.muted}>{t`The speed chart of the history shows here.`}</p>
            )}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The replay's time on a slider (seeking as it moves) with the time beside it. It reads the clock
 * itself, at most ten times a second, so a frame of the replay renders nothing else of the page.
 */
function TimeSlider({ actor, data, format }: { actor: ReplayActor; data: ReplayData | null; format: (ms: number) => string }) {
  const { t } = useLingui();
  const time = useReplayTime(actor, DETAILS_MS);
  // the slider moves by minutes over a long period, by seconds over up to two hours
  const span = data ? data.end - data.start : 0;
  const scale = span > 2 * 3_600_000 ? 60_000 : 1000;
  return (
    <Slider
      label={t`Time`}
      minValue={0}
      maxValue={Math.max(1, Math.ceil(span / scale))}
      step={1}
      value={data ? Math.round((time - data.start) / scale) : 0}
      isDisabled={!data}
      onChange={(next) => data && actor.send({ type: 'SEEK', time: data.start + next * scale })}
      // the thumb says how far into the period it is (minutes, or seconds for up to two hours); the output the time itself
      formatOptions={{ style: 'unit', unit: scale === 60_000 ? 'minute' : 'second', unitDisplay: 'long', maximumFractionDigits: 0 }}
      output={() => (data ? format(time) : '—')}
    />
  );
}

/** Each device at the replay's time (read at most ten times a second): its colour (the legend), name, speed and where it is. */
function Details({ actor, data, nameOf, speed, place }: { actor: ReplayActor; data: ReplayData; nameOf: (id: number) => string; speed: (knots: number) => string; place: (lat: number, lon: number, address: string | null) => string }) {
  const { t } = useLingui();
  const time = useReplayTime(actor, DETAILS_MS);
  return (
    <ul className={styles.devices} aria-label={t`Devices in the replay`} data-testid="replay-details">
      {data.tracks.map((track, index) => {
        const sample = sampleTrack(track, time);
        return (
          <li key={track.deviceId} className={styles.device} data-device-id={track.deviceId}>
            <span className={styles.swatch} style={{ backgroundColor: replayColor(index) }} aria-hidden="true" />
            <span className={styles.deviceName}>
              <bdi>{nameOf(track.deviceId)}</bdi>
            </span>
            <span className={styles.deviceLine}>{sample.active ? speed(sample.speed) : t`No position at this time`}</span>
            <span className={styles.deviceLine}>
              <ValueText text={place(sample.latitude, sample.longitude, track.addresses[sample.index] ?? null)} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}
