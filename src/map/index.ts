export { MapView, DEFAULT_CENTER, DEFAULT_ZOOM, type MapViewProps, type LonLat, type DevicePoint } from './MapView';
export { createMapSettings, DEFAULT_MAP_SETTINGS, type MapSettings, type MapSettingsStore } from './settings';
export { MAP_STYLE_IDS, MAP_STYLES, chooseMapStyle, type MapStyleId } from './styles';
export { selectByUniqueIdOnce } from './selectByUniqueId';
