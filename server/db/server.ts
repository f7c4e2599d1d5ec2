import type { Attributes, Server } from '../../contract/models.ts';
import { MAX_RETENTION_DAYS, RETENTION_DAYS } from '../../contract/extensions.ts';
import type { Db } from './database.ts';
import { type Stored, bool, parseAttributes } from './convert.ts';

export const SERVER_VERSION = '6.14.5';

/** The server row: the settings as stored (its id is 1). */
export interface ServerRow extends Stored<ServerSettings> {
  id: number;
}

/** Stored (writable) server settings. */
export type ServerSettings = Pick<
  Server,
  | 'registration'
  | 'readonly'
  | 'deviceReadonly'
  | 'map'
  | 'bingKey'
  | 'mapUrl'
  | 'overlayUrl'
  | 'latitude'
  | 'longitude'
  | 'zoom'
  | 'forceSettings'
  | 'coordinateFormat'
  | 'limitCommands'
  | 'disableReports'
  | 'fixedEmail'
  | 'poiLayer'
  | 'announcement'
> & { attributes: Attributes };

export function getServerSettings(db: Db): ServerSettings {
  const row = db.prepare('SELECT * FROM server WHERE id = 1').get() as ServerRow;
  return {
    registration: bool(row.registration),
    readonly: bool(row.readonly),
    deviceReadonly: bool(row.deviceReadonly),
    map: row.map,
    bingKey: row.bingKey,
    mapUrl: row.mapUrl,
    overlayUrl: row.overlayUrl,
    latitude: row.latitude,
    longitude: row.longitude,
    zoom: row.zoom,
    forceSettings: bool(row.forceSettings),
    coordinateFormat: row.coordinateFormat,
    limitCommands: bool(row.limitCommands),
    disableReports: bool(row.disableReports),
    fixedEmail: bool(row.fixedEmail),
    poiLayer: row.poiLayer,
    announcement: row.announcement,
    attributes: parseAttributes(row.attributes),
  };
}

export function saveServerSettings(db: Db, settings: ServerSettings): void {
  const cols: Record<string, string | number | null> = {};
  for (const [key, value] of Object.entries(settings)) {
    if (key === 'attributes') cols[key] = JSON.stringify(value);
    else if (typeof value === 'boolean') cols[key] = value ? 1 : 0;
    else if (typeof value === 'string' || typeof value === 'number' || value === null) cols[key] = value;
  }
  const names = Object.keys(cols);
  db.prepare(`UPDATE server SET ${names.map((n) => `${n} = @${n}`).join(', ')} WHERE id = 1`).run(cols);
}

/** A boolean server attribute such as totpEnable / totpForce (accepts true or "true"). */
export function serverFlag(settings: ServerSettings, key: string): boolean {
  const value = settings.attributes[key];
  return value === true || value === 'true';
}

/**
 * The retention in days of stored settings (the attribute RETENTION_DAYS, Athar's own: Traccar
 * dropped `database.historyDays` in 4.12); 0 keeps everything.
 */
export function retentionDays(settings: ServerSettings): number {
  const value = settings.attributes[RETENTION_DAYS];
  const days = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : 0;
  return Number.isSafeInteger(days) && days > 0 && days <= MAX_RETENTION_DAYS ? days : 0;
}
