/**
 * The replay's speed chart, docked under its map, linked both ways: the replay's clock is marked on
 * the chart (a line moved each frame by a subscription to the actor, no render); the pointer over the
 * chart puts a ring on the map where the device was at that moment (through `hovered`, a value store
 * the map follows), and a click on the chart seeks the replay there (SEEK: a playing replay keeps
 * playing). It charts the followed device (the first when none is chosen). Loaded lazily with uPlot.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { sampleTrack, trackPositions, type ReplayData } from '../../domain/replay';
import { createValueStore, type ValueStore } from '../../domain/valueStore';
import type { HoverPlace } from '../../map/layers/hoverMarker';
import type { ReplayMachine } from '../../machines/replay/replay.machine';
import { ReportChart, type ChartSettings } from '../../shared/reports/ReportChart';

const SPEED = ['speed'];

export interface ReplayChartProps {
  actor: ActorRefFrom<ReplayMachine>;
  data: ReplayData;
  /** the device charted (the followed one), or null for the first */
  deviceId: number | null;
  hovered: ValueStore<HoverPlace | null>;
  settings: ChartSettings;
  label: string;
}

export function ReplayChart({ actor, data, deviceId, hovered, settings, label }: ReplayChartProps) {
  const track = data.tracks.find((candidate) => candidate.deviceId === deviceId) ?? data.tracks[0]!;
  const positions = useMemo(() => trackPositions(track), [track]);
  const [marked] = useState(() => createValueStore<number | null>(null));
  useEffect(() => {
    const follow = () => marked.set(actor.getSnapshot().context.time);
    follow();
    const subscription = actor.subscribe(follow);
    return () => subscription.unsubscribe();
  }, [actor, marked]);
  useEffect(() => () => hovered.set(null), [hovered]);

  const onHover = useCallback(
    (ms: number | null) => {
      const sample = ms === null ? null : sampleTrack(track, ms);
      hovered.set(sample ? { longitude: sample.longitude, latitude: sample.latitude } : null);
    },
    [track, hovered],
  );
  const onPick = useCallback((ms: number) => actor.send({ type: 'SEEK', time: ms }), [actor]);

  return <ReportChart {...settings} positions={positions} attributes={SPEED} label={label} marked={marked} onHover={onHover} onPick={onPick} compact />;
}
