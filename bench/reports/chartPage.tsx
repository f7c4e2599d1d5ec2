/**
 * The page of the chart benchmark (bench/reports/chart.ts builds it with Vite and serves it): 100,000
 * synthetic positions (speed and altitude, one every 5 s) charted either by the product's ReportChart
 * (uPlot on a canvas) or by a DOM-per-point SVG chart (one <circle> per point and series, the way SVG
 * chart libraries such as Recharts draw their dots), with hooks the runner drives:
 *
 *   ?mode=uplot|svg&points=100000[&lang=ar]
 *   window.__benchDraw  → { start, drawn, shown }: page times of the render call, of the chart's draw
 *                          (uPlot's first draw mark, or the SVG's commit) and of the frame after it was on
 *                          screen (two animation frames later)
 *   window.__benchZoom(kind, ms) → { from, to, zooms }: one zoom per animation frame for `ms`, five in
 *                          (×2 each) then five out, about the middle: `uplot` presses the chart's Zoom in /
 *                          Zoom out buttons (each one uPlot setScale and redraw); `viewBox` changes the SVG's
 *                          viewBox (no React); `rerender` renders the SVG again with the new time domain
 *                          (flushSync, as a zoom handler of an SVG chart library does).
 *
 * Bench code, not the product: the globals are for the runner only.
 */
import { useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { i18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { I18nProvider } from '@lingui/react';
import type { Position } from '../../contract/models';
import { seriesColor, toSeries, type SeriesData } from '../../src/domain/chartSeries';
import { DEFAULT_UNITS } from '../../src/domain/units';
import { CHART_DRAWN_MARK, ReportChart } from '../../src/shared/reports/ReportChart';
import { messages as en } from '../../src/locales/en.po';
import { messages as ar } from '../../src/locales/ar.po';
import '../../src/ui/global.css';

const WIDTH = 1200;
const HEIGHT = 420;
const ATTRIBUTES = ['speed', 'altitude'];
const ZOOM_STEPS = 5;

const params = new URLSearchParams(location.search);
const mode = params.get('mode') === 'svg' ? 'svg' : 'uplot';
const count = Math.max(2, Number(params.get('points') ?? 100_000));
/** `?lang=ar`: the chart in Arabic, right to left (to look at; the runner measures English) */
const language = params.get('lang') === 'ar' ? 'ar' : 'en';

/** Positions as a report response holds them: parsed from JSON, one every 5 s, a drive with stops and hills. */
function syntheticPositions(n: number): Position[] {
  const start = Date.UTC(2024, 4, 1, 6, 0, 0);
  let seed = 7;
  const random = (): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const list: Position[] = [];
  for (let k = 0; k < n; k++) {
    const moving = Math.sin(k / 900) > -0.3;
    const speed = moving ? Math.max(0, 35 + 20 * Math.sin(k / 97) + 8 * (random() - 0.5)) : 0;
    list.push({
      id: k + 1,
      deviceId: 1,
      protocol: 'osmand',
      serverTime: null,
      deviceTime: null,
      fixTime: new Date(start + k * 5_000).toISOString().replace('Z', '+00:00'),
      valid: true,
      latitude: 24.7136 + k * 1e-6,
      longitude: 46.6753,
      altitude: 610 + 40 * Math.sin(k / 1_500) + 5 * Math.sin(k / 37),
      speed,
      course: (k * 3) % 360,
      address: null,
      accuracy: 5,
      network: null,
      geofenceIds: null,
      attributes: { motion: moving, distance: speed * 2.572 },
    });
  }
  return JSON.parse(JSON.stringify(list)) as Position[];
}

// ---------------------------------------------------------------------------------------------- the SVG chart

let setSvgDomain: ((domain: readonly [number, number]) => void) | null = null;
let svgElement: SVGSVGElement | null = null;
let svgTimes: Float64Array | null = null;
let svgCommit: () => void = () => undefined;

function extent(column: ArrayLike<number | null>): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < column.length; i++) {
    const v = column[i];
    if (v == null) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return hi > lo ? [lo, hi] : [lo - 1, lo + 1];
}

/** One <circle> per point and series, placed by the time domain; every point rendered, the ones outside clipped. */
function SvgChart({ data, onCommit }: { data: SeriesData; onCommit: () => void }) {
  const times = data[0];
  const [domain, setDomain] = useState<readonly [number, number]>([times[0]!, times[times.length - 1]!]);
  setSvgDomain = setDomain;
  useLayoutEffect(onCommit);
  const [d0, d1] = domain;
  const scaleX = WIDTH / (d1 - d0);
  const circles = [];
  for (let s = 1; s < data.length; s++) {
    const column = data[s]!;
    const [lo, hi] = extent(column);
    const scaleY = (HEIGHT - 8) / (hi - lo);
    const fill = seriesColor(s - 1);
    for (let i = 0; i < times.length; i++) {
      const v = column[i];
      if (v == null) continue;
      circles.push(<circle key={s * 10_000_000 + i} cx={(times[i]! - d0) * scaleX} cy={HEIGHT - 4 - (v - lo) * scaleY} r={1.5} fill={fill} />);
    }
  }
  return (
    <svg
      ref={(node) => {
        svgElement = node;
      }}
      role="img"
      aria-label="SVG chart"
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      overflow="hidden"
    >
      {circles}
    </svg>
  );
}

// ---------------------------------------------------------------------------------------------- hooks for the runner

interface Drawn {
  start: number;
  drawn: number;
  shown: number;
  elements: number;
}

interface Zoomed {
  from: number;
  to: number;
  zooms: number;
}

type ZoomKind = 'uplot' | 'viewBox' | 'rerender';

declare global {
  interface Window {
    __benchDraw: Promise<Drawn>;
    __benchZoom: (kind: ZoomKind, durationMs: number) => Promise<Zoomed>;
  }
}

const frame = (): Promise<number> => new Promise((resolve) => requestAnimationFrame(resolve));

/** The time window of zoom step k: five halvings about the middle, then five doublings back. */
function zoomWindow(k: number, start: number, end: number): [number, number] {
  const phase = k % (2 * ZOOM_STEPS);
  const depth = phase < ZOOM_STEPS ? phase + 1 : 2 * ZOOM_STEPS - phase - 1;
  const middle = (start + end) / 2;
  const half = (end - start) / 2 / 2 ** depth;
  return [middle - half, middle + half];
}

function zoomLoop(step: (k: number) => void, durationMs: number): Promise<Zoomed> {
  return new Promise((resolve) => {
    const from = performance.now();
    let k = 0;
    const tick = (now: number): void => {
      if (now - from >= durationMs) {
        resolve({ from, to: performance.now(), zooms: k });
        return;
      }
      step(k++);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

async function main(): Promise<Drawn> {
  // the chart's messages may not be in the catalog yet (extracted by the lead): compiled here rather than
  // warned about on every render
  i18n.setMessagesCompiler(compileMessage);
  i18n.loadAndActivate({ locale: language, messages: language === 'ar' ? ar : en });
  document.documentElement.lang = language;
  document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
  const positions = syntheticPositions(count);
  const host = document.getElementById('root')!;
  host.style.inlineSize = `${WIDTH}px`;
  host.style.blockSize = `${HEIGHT + 120}px`;
  host.style.padding = '16px';
  const root = createRoot(host);
  // let the page settle (the garbage of making the positions, the first frames) before the clock starts
  await new Promise((resolve) => setTimeout(resolve, 500));
  await frame();
  await frame();

  let drawnAt = 0;
  const committed = new Promise<void>((resolve) => {
    if (mode === 'uplot') {
      const observer = new MutationObserver(() => {
        if (!host.querySelector('[data-drawn="true"]')) return;
        observer.disconnect();
        drawnAt = performance.getEntriesByName(CHART_DRAWN_MARK).at(-1)?.startTime ?? performance.now();
        resolve();
      });
      observer.observe(host, { subtree: true, attributes: true, childList: true });
    } else {
      const onCommit = (): void => {
        if (drawnAt) return;
        drawnAt = performance.now();
        resolve();
      };
      svgCommit = onCommit;
    }
  });
  const start = performance.now();
  performance.mark('bench:start');
  if (mode === 'uplot') {
    root.render(
      <I18nProvider i18n={i18n}>
        <ReportChart positions={positions} attributes={ATTRIBUTES} units={DEFAULT_UNITS} timeZone="Asia/Riyadh" locale={language} label="Speed and altitude" />
      </I18nProvider>,
    );
  } else {
    root.render(<SvgFromPositions positions={positions} />);
  }
  await committed;
  await frame();
  const shown = await frame();
  const elements = mode === 'svg' ? (svgElement?.childElementCount ?? 0) : host.querySelectorAll('canvas').length;
  return { start, drawn: drawnAt, shown, elements };
}

/** The SVG chart does what a chart library does on render: the positions to points, then the elements. */
function SvgFromPositions({ positions }: { positions: readonly Position[] }) {
  const data = toSeries(positions, ATTRIBUTES, DEFAULT_UNITS);
  svgTimes = data[0];
  return <SvgChart data={data} onCommit={() => svgCommit()} />;
}

window.__benchDraw = main();

window.__benchZoom = async (kind, durationMs) => {
  await window.__benchDraw;
  if (kind === 'uplot') {
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('[data-points] button')];
    const [zoomIn, zoomOut] = buttons;
    if (!zoomIn || !zoomOut) throw new Error('no zoom buttons');
    return zoomLoop((k) => ((k % (2 * ZOOM_STEPS)) < ZOOM_STEPS ? zoomIn : zoomOut).click(), durationMs);
  }
  const svg = svgElement;
  const setDomain = setSvgDomain;
  const times = svgTimes;
  if (!svg || !setDomain || !times) throw new Error('no SVG chart');
  if (kind === 'viewBox') {
    return zoomLoop((k) => {
      const [a, b] = zoomWindow(k, 0, WIDTH);
      svg.setAttribute('viewBox', `${a} 0 ${b - a} ${HEIGHT}`);
    }, durationMs);
  }
  svg.setAttribute('viewBox', `0 0 ${WIDTH} ${HEIGHT}`);
  const first = times[0]!;
  const last = times[times.length - 1]!;
  return zoomLoop((k) => flushSync(() => setDomain(zoomWindow(k, first, last))), durationMs);
};
