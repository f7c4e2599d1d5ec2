/**
 * The wire contract of the Traccar API, shared by the client (`src/`), the embedded server
 * (`server/`) and the tests: the models and socket messages, the units of the wire and the one
 * earth distance, the geofence area codec (WKT with `CIRCLE`) and the one time-zone check. A leaf: it imports nothing.
 */
export * from './models.ts';
export * from './units.ts';
export * from './wkt.ts';
export * from './timeZone.ts';
