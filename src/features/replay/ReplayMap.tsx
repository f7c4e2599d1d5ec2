/**
 * The replay's map: the app's one map component (`MapView`: the user's basemap, the offline fallback,
 * the controls in the active language) with an empty live store of its own, so no live device is
 * drawn over the history, and the replay layer as an extension. The layer follows the replay actor
 * through a subscription, not through React: a frame of the replay moves the arrows and repaints the
 * played part of the lines without rendering a component.
 */
import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import { createLiveStore } from '../../domain/liveStore';
import { playedShare, sampleTrack, lineCoordinates, type ReplayData } from '../../domain/replay';
import { seriesColor } from '../../domain/chartSeries';
import { MapView } from '../../map';
import { createReadOnlyMapSettings } from '../../map/settings';
import type { HoverPlace } from '../../map/layers/hoverMarker';
import { useHoverMarker } from '../../map/useHoverMarker';
import type { ValueStore } from '../../domain/valueStore';
import { createReplayLayer, type ReplayLayerData, type ReplayLayerFrame } from '../../map/layers/replay';
import type { ReplayMachine } from '../../machines/replay/replay.machine';
import { useMapUiStrings, usePreferredMapStyle } from '../../shared/mapPreferences';
import { useDistanceUnit } from '../../shared/useUnits';
import * as styles from './replay.css';


/** The colour of the `index`-th replayed device (the legend uses the same). */
export const replayColor = (index: number): string => seriesColor(index);

export function layerData(data: ReplayData): ReplayLayerData {
  return {
    tracks: data.tracks.map((track, index) => ({ deviceId: track.deviceId, color: replayColor(index), line: lineCoordinates(track) })),
    markers: data.markers,
  };
}

export function layerFrame(data: ReplayData, time: number, follow: number | null): ReplayLayerFrame {
  return {
    devices: data.tracks.map((track) => {
      const sample = sampleTrack(track, time);
      return { deviceId: track.deviceId, longitude: sample.longitude, latitude: sample.latitude, course: sample.course, played: playedShare(track, sample), active: sample.active };
    }),
    follow,
  };
}

export interface ReplayMapProps {
  actor: ActorRefFrom<ReplayMachine>;
  /** the device the camera follows while following is on */
  followed: number | null;
  label: string;
  /** pixels of the map's foot under the page's controls: the camera keeps what it shows above them */
  covered?: () => number;
  /** where the device was at the moment under the docked chart's pointer: a ring on the map */
  hovered?: ValueStore<HoverPlace | null>;
}

export function ReplayMap({ actor, followed, label, covered, hovered }: ReplayMapProps) {
  const { i18n } = useLingui();
  const preferredStyle = usePreferredMapStyle();
  const uiStrings = useMapUiStrings();
  const distanceUnit = useDistanceUnit();
  const [store] = useState(() => createLiveStore());
  const [settings] = useState(createReadOnlyMapSettings);
  const [layer] = useState(() => createReplayLayer({ covered: () => covered?.() ?? 0 }));
  const hover = useHoverMarker(hovered);
  const [extensions] = useState(() => [layer.extension, hover.extension]);

  // the actor's snapshots to the layer: a new history once, then a frame whenever the clock or the camera changes
  useEffect(() => {
    let shown: ReplayData | null | undefined;
    let drawn: { time: number; follow: number | null } | null = null;
    const draw = () => {
      const { data, time, follow } = actor.getSnapshot().context;
      const history = data && data.tracks.length ? data : null;
      if (history !== shown) {
        shown = history;
        drawn = null;
        layer.show(history ? layerData(history) : null);
      }
      if (!history) return;
      const camera = follow ? (followed ?? history.tracks[0]!.deviceId) : null;
      if (drawn && drawn.time === time && drawn.follow === camera) return;
      drawn = { time, follow: camera };
      layer.frame(layerFrame(history, time, camera));
    };
    draw();
    const subscription = actor.subscribe(draw);
    return () => subscription.unsubscribe();
  }, [actor, layer, followed]);

  return (
    <div role="region" aria-label={label} data-testid="replay-map" className={styles.map}>
      {/* keyed by language: MapLibre takes its control texts when it is created */}
      <MapView key={i18n.locale} store={store} settings={settings} preferredStyle={preferredStyle} uiStrings={uiStrings} extensions={extensions} distanceUnit={distanceUnit} />
    </div>
  );
}
