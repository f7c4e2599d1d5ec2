/**
 * The map beside a report's table: the report's rows as lines and circles (`reportMapData.ts`,
 * drawn by the `src/map/layers/report.ts` extension), the selected row highlighted and in view,
 * a click on a line or circle selecting its row.
 *
 * It is the app's one map component (`MapView`: the user's basemap, the offline fallback, the
 * controls in the active language) with an empty live store of its own, so no live device,
 * route or geofence is drawn over the report, and map settings that are read from the main map
 * (its chosen basemap) but never written back.
 *
 * What a row lacks is fetched for the selected row only: a trip's path
 * (`GET /api/positions?deviceId&from&to`), an event's position (`GET /api/positions?id=`).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { resources } from '../../api/resources';
import { createLiveStore } from '../../domain/liveStore';
import { MapView } from '../../map';
import { createReadOnlyMapSettings } from '../../map/settings';
import type { HoverPlace } from '../../map/layers/hoverMarker';
import { useHoverMarker } from '../../map/useHoverMarker';
import type { ValueStore } from '../../domain/valueStore';
import { createReportLayer, DEFAULT_REPORT_COLORS, type ReportColors } from '../../map/layers/report';
import { useData } from '../../shared/data';
import { useMapUiStrings, usePreferredMapStyle } from '../../shared/mapPreferences';
import { useDistanceUnit } from '../../shared/useUnits';
import type { MapKind } from '../../shared/reports/kinds';
import { nearestRow, reportMapBase, reportMapRequest, reportMapSelection, type ReportMapFetched } from './reportMapData';
import * as styles from './reportMap.css';

export interface ReportMapProps {
  kind: MapKind;
  /** the report's rows as the server gave them */
  rows: readonly unknown[];
  /** index into rows of the selected row */
  selected: number | null;
  /** a click on a marker or line selects its row */
  onSelect(index: number): void;
  /** accessible name of the map region */
  label: string;
  /** where the vehicle was at the moment under the docked chart's pointer: a ring on the map */
  hovered?: ValueStore<HoverPlace | null>;
}


/** A theme colour as MapLibre needs it: the variable's value where the map is (brand colours included), or the dark theme's. */
function themeColor(element: Element, variable: string, fallback: string): string {
  const name = /^var\((--[^,)]+)/.exec(variable)?.[1];
  const value = name ? getComputedStyle(element).getPropertyValue(name).trim() : '';
  return value || fallback;
}

function readColors(container: HTMLElement): ReportColors {
  return {
    primary: themeColor(container, styles.colorVariables.primary, styles.colorDefaults.primary ?? DEFAULT_REPORT_COLORS.primary),
    start: themeColor(container, styles.colorVariables.start, styles.colorDefaults.start ?? DEFAULT_REPORT_COLORS.start),
    end: themeColor(container, styles.colorVariables.end, styles.colorDefaults.end ?? DEFAULT_REPORT_COLORS.end),
  };
}

export function ReportMap({ kind, rows, selected, onSelect, label, hovered }: ReportMapProps) {
  const { i18n } = useLingui();
  const { queries } = useData();
  const preferredStyle = usePreferredMapStyle();
  const uiStrings = useMapUiStrings();
  const distanceUnit = useDistanceUnit();
  const [store] = useState(() => createLiveStore());
  const [settings] = useState(createReadOnlyMapSettings);

  // what the selected row needs fetched (nothing for most kinds)
  const request = useMemo(() => reportMapRequest(kind, rows, selected), [kind, rows, selected]);
  const path = useQuery({
    ...queries.list(resources.positions, request?.type === 'path' ? { deviceId: request.deviceId, from: request.from, to: request.to } : { deviceId: 0, from: '', to: '' }),
    enabled: request?.type === 'path',
    staleTime: Infinity,
  });
  const position = useQuery({
    ...queries.position(request?.type === 'position' ? request.id : 0),
    enabled: request?.type === 'position',
    staleTime: Infinity,
  });
  const pathData = request?.type === 'path' ? (path.data ?? null) : null;
  const positionData = request?.type === 'position' ? (position.data ?? null) : null;
  const fetched = useMemo<ReportMapFetched>(() => ({ path: pathData, position: positionData }), [pathData, positionData]);

  // the rows' features once per run; the selection on top of them, small
  const base = useMemo(() => reportMapBase(kind, rows), [kind, rows]);
  const selection = useMemo(() => reportMapSelection(base, selected, fetched), [base, selected, fetched]);

  const latest = useRef({ kind, rows, onSelect });
  useEffect(() => {
    latest.current = { kind, rows, onSelect };
  }, [kind, rows, onSelect]);

  const [layer] = useState(() =>
    createReportLayer({
      colors: readColors,
      onClick: (hit) => {
        const { kind: current, rows: currentRows, onSelect: select } = latest.current;
        let index = hit.index;
        // a route's line: the position nearest to the click
        const deviceId = hit.properties.deviceId;
        if (hit.layer === 'line' && current === 'positions' && typeof deviceId === 'number') {
          index = nearestRow(currentRows, deviceId, hit.lngLat[0], hit.lngLat[1]) ?? hit.index;
        }
        if (index >= 0 && index < currentRows.length) select(index);
      },
    }),
  );
  const hover = useHoverMarker(hovered);
  const extensions = useMemo(() => [layer.extension, hover.extension], [layer, hover]);

  useEffect(() => {
    layer.show(base, selection);
  }, [layer, base, selection]);

  return (
    <div role="region" aria-label={label} data-testid="report-map" className={styles.root}>
      {/* keyed by language: MapLibre takes its control texts when it is created */}
      <MapView key={i18n.locale} store={store} settings={settings} preferredStyle={preferredStyle} uiStrings={uiStrings} extensions={extensions} distanceUnit={distanceUnit} printable />
    </div>
  );
}
