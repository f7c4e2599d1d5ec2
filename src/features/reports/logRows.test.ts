import { describe, expect, it } from 'vitest';
import { defaultParseSearch } from '@tanstack/react-router';
import type { Device } from '../../../contract/models';
import type { LiveLog } from '../../domain/liveStore';
import { logRows, registerHref } from './logRows';

const line = (id: number, deviceId: number, uniqueId: string, data = `data ${id}`): LiveLog => ({ id, receivedAt: id * 1000, deviceId, uniqueId, protocol: 'osmand', host: '10.0.0.1', data });
const device = (id: number, name: string): Device => ({ id, name, uniqueId: `u${id}` }) as Device;

describe('log rows', () => {
  it('newest first, with the device’s name, or the identifier it sent', () => {
    const rows = logRows([line(1, 5, 'van-5'), line(2, 0, 'stranger'), line(3, 9, 'gone-9')], new Map([[5, device(5, 'Van')]]));
    expect(rows.map((r) => [r.id, r.device, r.unknown])).toEqual([
      [3, 'gone-9', false],
      [2, 'stranger', true],
      [1, 'Van', false],
    ]);
    expect(rows[2]).toEqual({ id: 1, receivedAt: 1000, device: 'Van', uniqueId: 'van-5', unknown: false, protocol: 'osmand', host: '10.0.0.1', data: 'data 1' });
  });

  it('keeps the data as text (markup stays text)', () => {
    const [row] = logRows([line(1, 0, 'x', '<img src=x onerror=alert(1)>')], new Map());
    expect(row?.data).toBe('<img src=x onerror=alert(1)>');
  });

  it('a registration link keeps the identifier exactly, digits included', () => {
    for (const uniqueId of ['356938035643809', '12345678901234567890', '0123', 'a b&c=d', 'true']) {
      const href = registerHref(uniqueId);
      expect(href.startsWith('/settings/device?')).toBe(true);
      expect(defaultParseSearch(href.slice('/settings/device'.length))).toEqual({ uniqueId });
    }
  });
});
