import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
// type only: the style definitions (and the offline basemap) stay with the map route
import type { MapStyleId } from '../map/styles';

const NAMES: Record<MapStyleId, MessageDescriptor> = {
  offline: msg`Offline map`,
  openFreeMap: msg`OpenFreeMap`,
  osm: msg`OpenStreetMap`,
  carto: msg`Carto dark`,
  openTopoMap: msg`OpenTopoMap`,
};

export const MAP_STYLE_OPTIONS = (Object.keys(NAMES) as MapStyleId[]).map((id) => ({ id, label: NAMES[id] }));
