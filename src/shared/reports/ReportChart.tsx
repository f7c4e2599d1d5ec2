/**
 * A chart of numeric position attributes over time (the Reports' chart), drawn on a canvas by uPlot:
 * 100,000 positions are on screen in about 300 ms (their columns built, the first draw) and zoom at
 * nearly the display's frame rate, where a chart of one SVG element per point takes seconds for
 * each (`npm run bench:chart`, bench/results/chart.md).
 *
 * - One series per attribute, each in its own colour, on a y scale shared by the attributes of one
 *   quantity (speeds, distances, altitude) and its own otherwise; the first two scales have an axis
 *   (start and end). Values are in the user's units (`toSeries`).
 * - Zoom: drag across the plot (time only), double-click to reset, and the Zoom in / Zoom out / Reset
 *   buttons for the keyboard. The visible range is said beside the buttons (politely announced).
 * - The legend below shows the time and the values under the cursor, in the user's time zone and language.
 * - The plot stays left to right in a right-to-left page (time runs left to right); names and values
 *   in the legend are isolated (<bdi>). The plot is an image for assistive technology, named by a
 *   summary (attributes, number of points, time span).
 * - `data-points` (the number of positions charted) and `data-drawn="true"` once uPlot has drawn are
 *   on the wrapper, and the first draw of each chart is marked `athar:chart-drawn` in the
 *   performance timeline (for the end-to-end tests and the benchmark).
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useLingui } from '@lingui/react/macro';
import { msg, plural } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Position } from '../../../contract/models';
import { quantityOf, seriesColor, timeSpan, toSeries, type SeriesData } from '../../domain/chartSeries';
import type { Units } from '../../domain/units';
import { Button } from '../../ui/Button';
import { darkTokens } from '../../ui/theme.css';
import { useThemeName } from '../../ui/ThemeProvider';
import { themeTokens } from '../../ui/themeTokens';
import { dateTimeFormat, distanceUnitLabel, speedUnitLabel } from '../format';
import { attributeName } from '../positionAttributes';
import * as styles from './reportChart.css';
import { zoneOffsetAt } from '../../domain/zoneOffset';
import { knownZone } from '../../domain/timeZone';
import { createValueStore, type ValueStore } from '../../domain/valueStore';

export interface ReportChartProps {
  positions: readonly Position[];
  /** keys of the positions' fields (`speed`, `altitude`, `course`, `accuracy`) or of their `attributes` (`fuel`, `battery`, `rpm`…) */
  attributes: string[];
  units: Units;
  /** an IANA time zone (the user's); an unknown one falls back to the browser's */
  timeZone: string;
  locale: string;
  /** the chart's accessible name */
  label: string;
  /** a moment (ms) chosen elsewhere (a row, a point on the map, the replay's clock): a line across the plot at its time */
  marked?: ValueStore<number | null>;
  /** the time (ms) of the position under the pointer, null when the pointer leaves: called on every move, so kept cheap */
  onHover?: (ms: number | null) => void;
  /** a click on the plot (not a drag): the time (ms) of the position under the pointer */
  onPick?: (ms: number) => void;
  /** docked under a map: a lower plot */
  compact?: boolean;
}

/** How the chart reads values and times: the user's units, time zone and language. */
export type ChartSettings = Pick<ReportChartProps, 'units' | 'timeZone' | 'locale'>;

/** The performance mark set after a chart's first draw. */
export const CHART_DRAWN_MARK = 'athar:chart-drawn';

const DAY = 86_400;
/** Zooming in stops at a minute across. */
const MIN_SPAN_SECONDS = 60;
const FONT_SIZE_PX = 12;
const FONT = `${FONT_SIZE_PX}px ${darkTokens.font.body}`;

interface SeriesSpec {
  key: string;
  name: string;
  unit: string;
  color: string;
  scale: string;
}

/** A unit's label for a key in the user's units ('' for plain numbers). */
function unitLabel(i18n: I18n, key: string, units: Units): string {
  const quantity = quantityOf(key);
  if (quantity === 'speed') return speedUnitLabel(i18n, units.speed);
  if (quantity === 'distance') return distanceUnitLabel(i18n, units.distance);
  if (quantity === 'altitude') return units.altitude === 'ft' ? i18n._(msg`ft`) : i18n._(msg`m`);
  if (key === 'accuracy') return i18n._(msg`m`);
  if (key === 'course') return '°';
  return '';
}


/** First-strong isolate: a label on the canvas reads in its own direction (Arabic right to left) inside the left-to-right plot. */
const isolate = (text: string): string => `\u2068${text}\u2069`;


/**
 * uPlot's `tzDate` for a zone: a Date whose local fields are the zone's wall clock at `seconds`. uPlot's own
 * helper formats a string per call (a quarter of a zoom step's time at 100,000 points); this one asks one
 * formatter for the zone's offset once per quarter hour (every zone's offset changes on a quarter hour).
 */
function zonedDate(timeZone: string): (seconds: number) => Date {
  const offsetAt = zoneOffsetAt(timeZone);
  return (seconds) => {
    const wall = new Date(seconds * 1000 + offsetAt(seconds * 1000));
    return new Date(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate(), wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCSeconds(), wall.getUTCMilliseconds());
  };
}

/** Tick labels of the time axis in the user's zone and language, finer as the ticks get closer; the day under the first tick of each day. */
function timeTicks(locale: string, timeZone: string | undefined) {
  const make = (options: Intl.DateTimeFormatOptions) => dateTimeFormat(locale, { ...options, timeZone });
  const seconds = make({ hour: 'numeric', minute: '2-digit', second: '2-digit' });
  const minutes = make({ hour: 'numeric', minute: '2-digit' });
  const days = make({ day: 'numeric', month: 'short' });
  const months = make({ month: 'short', year: 'numeric' });
  const years = make({ year: 'numeric' });
  return (_self: uPlot, splits: number[], _axis: number, _space: number, increment: number): string[] => {
    if (increment >= 365 * DAY) return splits.map((s) => years.format(s * 1000));
    if (increment >= 28 * DAY) return splits.map((s) => months.format(s * 1000));
    if (increment >= DAY) return splits.map((s) => days.format(s * 1000));
    const clock = increment < 60 ? seconds : minutes;
    let previousDay = '';
    return splits.map((s) => {
      const time = clock.format(s * 1000);
      const day = days.format(s * 1000);
      if (day === previousDay) return time;
      previousDay = day;
      return `${time}\n${day}`;
    });
  };
}

/** The visible x range [min, max] of a chart, in seconds. */
type Range = readonly [number, number];

/** A click that moved less than this (px) is a pick; more is the drag that zooms. */
const CLICK_SLOP_PX = 4;

export function ReportChart({ positions, attributes, units, timeZone, locale, label, marked, onHover, onPick, compact = false }: ReportChartProps) {
  const { t, i18n } = useLingui();
  // the canvas draws with the theme's literal colours, redrawn when the theme changes
  const theme = useThemeName();
  const zone = useMemo(() => knownZone(timeZone, undefined), [timeZone]);
  const attributesKey = attributes.join('\u0000');
  // the attributes by content, not by the array's identity (a new array on every render of the page)
  const keys = useMemo(() => [...attributes], [attributesKey]);
  const data: SeriesData = useMemo(() => toSeries(positions, keys, units), [positions, keys, units.speed, units.distance, units.altitude]);
  const specs: SeriesSpec[] = useMemo(
    () =>
      keys.map((key, index) => ({
        key,
        name: attributeName(i18n, key),
        unit: unitLabel(i18n, key, units),
        color: seriesColor(index, theme),
        scale: quantityOf(key) ?? `attribute:${key}`,
      })),
    // i18n.locale: the names follow the active language
    [keys, i18n, i18n.locale, units.speed, units.distance, units.altitude, theme],
  );

  const count = data[0].length;
  const span = timeSpan(data);
  const plotRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<uPlot | null>(null);
  const [drawn, setDrawn] = useState(false);
  const [cursor] = useState(() => createValueStore<number | null>(null));
  const [range] = useState(() => createValueStore<Range | null>(null));
  // the callbacks of the last render, read by uPlot's hooks (a new function each render does not rebuild the chart)
  const callbacks = useRef({ onHover, onPick });
  useLayoutEffect(() => {
    callbacks.current = { onHover, onPick };
  }, [onHover, onPick]);

  const dateTime = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone: zone });
  const shortDateTime = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
  const number = useMemo(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }), [locale]);

  useLayoutEffect(() => {
    const plot = plotRef.current;
    const layer = layerRef.current;
    if (!plot || !layer || count === 0 || specs.length === 0) return undefined;
    // the theme's values, not the computed variables: a child's layout effect runs before the
    // provider marks the document with a new theme
    const { textMuted: text, border: grid } = themeTokens(theme).color;
    const axisNumber = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    const scales = [...new Set(specs.map((spec) => spec.scale))];
    const axisOf = (scale: string, index: number): uPlot.Axis => {
      const members = specs.filter((spec) => spec.scale === scale);
      const unit = members[0]!.unit;
      const names = members.map((spec) => spec.name).join(', ');
      return {
        scale,
        side: index === 0 ? 3 : 1,
        show: index < 2,
        label: isolate(unit ? `${names} (${unit})` : names),
        labelFont: FONT,
        labelSize: FONT_SIZE_PX + 10,
        font: FONT,
        stroke: text,
        grid: { show: index === 0, stroke: grid, width: 1 },
        ticks: { stroke: grid, width: 1 },
        values: (_self, splits) => splits.map((value) => (value == null ? '' : axisNumber.format(value))),
        // wide enough for its longest tick label
        size: (_self, values) => Math.max(36, 16 + Math.ceil(Math.max(0, ...(values ?? []).map((value) => String(value ?? '').length)) * FONT_SIZE_PX * 0.62)),
      };
    };
    let first = true;
    const options: uPlot.Options = {
      width: plot.clientWidth,
      height: plot.clientHeight,
      ...(zone ? { tzDate: zonedDate(zone) } : {}),
      legend: { show: false },
      cursor: { drag: { x: true, y: false, setScale: true } },
      scales: { x: { time: true } },
      series: [
        {},
        ...specs.map(
          (spec): uPlot.Series => ({
            label: spec.name,
            scale: spec.scale,
            stroke: spec.color,
            // 1 px: a hairline, which software rendering strokes several times faster than a wider line
            // (zooming 100,000 points: 42–50 fps at 1.5 px, 55–59 at 1 px in bench:chart)
            width: 1,
            spanGaps: false,
          }),
        ),
      ],
      axes: [
        {
          font: FONT,
          stroke: text,
          grid: { stroke: grid, width: 1 },
          ticks: { stroke: grid, width: 1 },
          values: timeTicks(locale, zone),
        },
        ...scales.map(axisOf),
      ],
      hooks: {
        draw: [
          () => {
            if (!first) return;
            first = false;
            performance.mark(CHART_DRAWN_MARK);
            setDrawn(true);
          },
        ],
        setLegend: [
          (self) => {
            const index = self.cursor.idx ?? null;
            cursor.set(index);
            callbacks.current.onHover?.(index === null ? null : data[0][index]! * 1000);
          },
        ],
        setScale: [
          (self, key) => {
            if (key !== 'x') return;
            const { min, max } = self.scales.x ?? {};
            if (min != null && max != null) range.set([min, max]);
            placeMark();
          },
        ],
        setSize: [() => placeMark()],
      },
    };
    // the marked moment: a line over the plot, moved (no redraw of the canvas) when the moment, the zoom or the size changes
    const mark = document.createElement('div');
    mark.className = styles.mark;
    mark.dataset.testid = 'chart-mark';
    mark.hidden = true;
    let chart: uPlot | null = null;
    function placeMark(): void {
      const ms = marked?.get() ?? null;
      const x = chart && ms !== null ? chart.valToPos(ms / 1000, 'x') : Number.NaN;
      // the plot's width from uPlot's own box (canvas pixels), not from the DOM: no layout read per zoom step or replay frame
      if (!chart || !(x >= 0 && x <= chart.bbox.width / uPlot.pxRatio)) {
        mark.hidden = true;
        delete mark.dataset.time;
        return;
      }
      mark.hidden = false;
      mark.style.transform = `translateX(${x}px)`;
      mark.dataset.time = String(ms);
    }
    chart = new uPlot(options, data as uPlot.AlignedData, layer);
    chartRef.current = chart;
    chart.over.appendChild(mark);
    placeMark();
    const unmark = marked?.subscribe(placeMark);
    // a click that is not the end of a drag picks the position under the pointer
    const over = chart.over;
    let downX = Number.NaN;
    const onDown = (event: MouseEvent) => {
      downX = event.clientX;
    };
    const onClick = (event: MouseEvent) => {
      const index = chart?.cursor.idx;
      if (Math.abs(event.clientX - downX) >= CLICK_SLOP_PX || index == null) return;
      callbacks.current.onPick?.(data[0][index]! * 1000);
    };
    over.addEventListener('mousedown', onDown);
    over.addEventListener('click', onClick);
    let size = { width: plot.clientWidth, height: plot.clientHeight };
    const observer = new ResizeObserver(() => {
      const next = { width: plot.clientWidth, height: plot.clientHeight };
      if (next.width === size.width && next.height === size.height) return;
      size = next;
      chart?.setSize(next);
    });
    observer.observe(plot);
    return () => {
      observer.disconnect();
      unmark?.();
      over.removeEventListener('mousedown', onDown);
      over.removeEventListener('click', onClick);
      chart?.destroy();
      chartRef.current = null;
      cursor.set(null);
      range.set(null);
    };
  }, [data, specs, count, locale, zone, cursor, range, marked, theme]);

  const start = span?.start ?? 0;
  const end = span?.end ?? 0;

  /** Shows the time range [min, max] (seconds), kept inside the data. */
  const show = useCallback(
    (min: number, max: number) => {
      const chart = chartRef.current;
      if (!chart || end <= start) return;
      const width = Math.min(max - min, end - start);
      let from = Math.max(start, min);
      let to = from + width;
      if (to > end) {
        to = end;
        from = to - width;
      }
      chart.setScale('x', { min: from, max: to });
    },
    [start, end],
  );

  /** Zooms about the middle of the visible range: a factor under 1 zooms in. */
  const zoom = useCallback(
    (factor: number) => {
      const chart = chartRef.current;
      if (!chart) return;
      const { min = start, max = end } = chart.scales.x ?? {};
      const middle = (min + max) / 2;
      const half = Math.max(((max - min) * factor) / 2, MIN_SPAN_SECONDS / 2);
      show(middle - half, middle + half);
    },
    [show, start, end],
  );

  const reset = useCallback(() => show(start, end), [show, start, end]);

  const names = specs.map((spec) => spec.name).join(', ');
  const from = shortDateTime.format(start * 1000);
  const to = shortDateTime.format(end * 1000);
  const summary = span ? i18n._(msg`${names}: ${plural(count, { one: '# point', other: '# points' })} from ${from} to ${to}`) : '';
  const empty = count === 0 || specs.length === 0;

  return (
    <div role="group" aria-label={label} className={styles.chart} data-points={count} data-drawn={drawn && !empty ? 'true' : undefined}>
      {empty ? (
        <p className={styles.empty}>{t`Nothing to chart for these positions.`}</p>
      ) : (
        <>
          <div className={styles.toolbar}>
            <Button variant="secondary" onPress={() => zoom(0.5)}>{t`Zoom in`}</Button>
            <Button variant="secondary" onPress={() => zoom(2)}>{t`Zoom out`}</Button>
            <Button variant="secondary" onPress={reset}>{t`Reset zoom`}</Button>
            <VisibleRange range={range} start={start} end={end} format={shortDateTime} />
          </div>
          <div ref={plotRef} className={compact ? `${styles.plot} ${styles.compact}` : styles.plot} role="img" aria-label={summary}>
            <div ref={layerRef} className={styles.canvasLayer} dir="ltr" />
          </div>
          <Legend cursor={cursor} data={data} specs={specs} dateTime={dateTime} number={number} />
        </>
      )}
    </div>
  );
}

/** The visible time range beside the zoom buttons, announced politely when it changes. */
function VisibleRange({ range, start, end, format }: { range: ValueStore<Range | null>; start: number; end: number; format: Intl.DateTimeFormat }) {
  const visible = useSyncExternalStore(range.subscribe, range.get) ?? [start, end];
  return (
    <span className={styles.range} aria-live="polite">
      <bdi>{format.format(visible[0] * 1000)}</bdi> – <bdi>{format.format(visible[1] * 1000)}</bdi>
    </span>
  );
}

/** The series (colour, name, unit) and, under the cursor, its time and their values. */
function Legend({
  cursor,
  data,
  specs,
  dateTime,
  number,
}: {
  cursor: ValueStore<number | null>;
  data: SeriesData;
  specs: SeriesSpec[];
  dateTime: Intl.DateTimeFormat;
  number: Intl.NumberFormat;
}) {
  const { t } = useLingui();
  const index = useSyncExternalStore(cursor.subscribe, cursor.get);
  const time = index === null ? undefined : data[0][index];
  return (
    <ul className={styles.legend} aria-label={t`Legend`}>
      {time !== undefined && (
        <li className={styles.legendItem}>
          <bdi className={styles.legendTime}>{dateTime.format(time * 1000)}</bdi>
        </li>
      )}
      {specs.map((spec, k) => {
        const value = index === null ? null : data[k + 1]?.[index];
        return (
          <li key={spec.key} className={styles.legendItem}>
            <span className={styles.swatch} style={{ backgroundColor: spec.color }} aria-hidden="true" />
            <bdi>{spec.unit ? `${spec.name} (${spec.unit})` : spec.name}</bdi>
            {value != null && <bdi className={styles.value}>{number.format(value)}</bdi>}
          </li>
        );
      })}
    </ul>
  );
}
