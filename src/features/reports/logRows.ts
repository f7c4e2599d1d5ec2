/**
 * The rows of the logs page, from the live store's lines: newest first, each with the device's
 * name (or the identifier it sent, when no device of this user has it) and whether it comes from
 * a device nobody registered yet (Traccar sends those with deviceId 0, to administrators).
 */
import { defaultStringifySearch } from '@tanstack/react-router';
import type { Device } from '../../../contract/models';
import type { LiveLog } from '../../domain/liveStore';

export interface LogRow {
  /** the line's key in the store */
  id: number;
  receivedAt: number;
  /** the device's name, or the identifier the line carries */
  device: string;
  uniqueId: string;
  /** no device has this identifier: it can be registered */
  unknown: boolean;
  protocol: string;
  host: string;
  data: string;
}

export function logRows(logs: readonly LiveLog[], devices: ReadonlyMap<number, Device>): LogRow[] {
  const rows: LogRow[] = new Array<LogRow>(logs.length);
  for (let i = logs.length - 1, j = 0; i >= 0; i -= 1, j += 1) {
    const log = logs[i]!;
    const uniqueId = typeof log.uniqueId === 'string' ? log.uniqueId : '';
    const known = log.deviceId > 0 ? devices.get(log.deviceId) : undefined;
    rows[j] = {
      id: log.id,
      receivedAt: log.receivedAt,
      device: known?.name || uniqueId,
      uniqueId,
      unknown: !(log.deviceId > 0),
      protocol: typeof log.protocol === 'string' ? log.protocol : '',
      host: typeof log.host === 'string' ? log.host : '',
      data: typeof log.data === 'string' ? log.data : '',
    };
  }
  return rows;
}

/**
 * The new-device screen with the identifier filled in (`/settings/device?uniqueId=`), written as the
 * router reads it: an identifier of digits (an IMEI) is quoted, so it stays text, never a number
 * that loses its last digits.
 */
export function registerHref(uniqueId: string): string {
  return `/settings/device${defaultStringifySearch({ uniqueId })}`;
}
