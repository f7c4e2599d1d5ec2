/**
 * A positions report's chart, linked to its map and table (the route report's pane, the chart report):
 * the pointer over the chart puts a ring on the map where the vehicle was at that moment (through
 * `hovered`, a value store the map follows: no render per move), a click on the chart selects the
 * row of that moment, and the selected row (from the table or the map) is marked on the chart.
 *
 * It draws one device: the selected row's, else the first row's. Loaded lazily with uPlot, and drawn
 * in a render of its own after the table's (a deferred value): the rows are on screen first, a chart
 * of 100,000 positions (a few hundred milliseconds) follows.
 */
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { Position } from '../../../contract/models';
import { chartedDevice, devicePositions, rowAtTime, rowTime, rowTimeline } from '../../domain/moments';
import { createValueStore, type ValueStore } from '../../domain/valueStore';
import type { HoverPlace } from '../../map/layers/hoverMarker';
import { ReportChart, type ChartSettings } from '../../shared/reports/ReportChart';

const NONE: readonly Position[] = [];

export interface LinkedChartProps {
  rows: readonly Position[];
  attributes: string[];
  selected: number | null;
  onSelect(index: number): void;
  /** where the vehicle was at the moment under the pointer: the map follows it */
  hovered: ValueStore<HoverPlace | null>;
  settings: ChartSettings;
  label: string;
  compact?: boolean;
}

export function LinkedChart({ rows: given, attributes, selected, onSelect, hovered, settings, label, compact }: LinkedChartProps) {
  const deferred = useDeferredValue<readonly Position[] | null>(given, null);
  const rows = deferred ?? NONE;
  const deviceId = chartedDevice(rows, selected);
  const positions = useMemo(() => devicePositions(rows, deviceId), [rows, deviceId]);
  const timeline = useMemo(() => rowTimeline(rows, deviceId), [rows, deviceId]);
  const [marked] = useState(() => createValueStore<number | null>(null));
  useEffect(() => marked.set(rowTime(rows, selected)), [marked, rows, selected]);
  useEffect(() => () => hovered.set(null), [hovered]);

  const onHover = useCallback(
    (ms: number | null) => {
      const row = ms === null ? null : rowAtTime(timeline, ms);
      const position = row === null ? null : rows[row];
      hovered.set(position ? { longitude: position.longitude, latitude: position.latitude } : null);
    },
    [timeline, rows, hovered],
  );
  const onPick = useCallback(
    (ms: number) => {
      const row = rowAtTime(timeline, ms);
      if (row !== null) onSelect(row);
    },
    [timeline, onSelect],
  );

  if (deferred === null) return null;
  return <ReportChart {...settings} positions={positions} attributes={attributes} label={label} marked={marked} onHover={onHover} onPick={onPick} compact={compact} />;
}
