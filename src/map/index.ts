export { MapView, DEFAULT_CENTER, DEFAULT_ZOOM, type MapViewProps, type LonLat } from './MapView';
