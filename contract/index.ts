/**
 * The wire contract of the Traccar API, shared by the client (`src/`), the embedded server
 * (`server/`) and the tests: the models and socket messages, the units of the wire and the one
 * earth distance, the geofence area codec (WKT with `CIRCLE`), the one time-zone check, and the
 * error whose reason the client translates, and the attributes Athar's server adds. A leaf: it
 * imports nothing.
 */
export * from './models.ts';
export * from './units.ts';
export * from './wkt.ts';
export * from './timeZone.ts';
export * from './reasonError.ts';
export * from './extensions.ts';
