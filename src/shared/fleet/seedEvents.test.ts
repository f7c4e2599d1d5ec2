import { describe, expect, it } from 'vitest';
import type { Event } from '../../../contract/models';
import type { ListParams } from '../../api/resources';
import { STATE_EVENT_TYPES } from '../../domain/fleetState';
import { loadStateEvents } from './seedEvents';

const range = { from: '2026-11-29T00:00:00.000Z', to: '2026-11-29T23:59:59.999Z' };

describe('loading the state events', () => {
  it('asks Traccar\'s events report for chunks of devices, a bounded number at a time, and hands each chunk on', async () => {
    const asked: ListParams[] = [];
    let inFlight = 0;
    let most = 0;
    const report = async (params: ListParams) => {
      asked.push(params);
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      return (params.deviceId as number[]).map((deviceId) => ({ deviceId, type: 'deviceStopped', eventTime: range.from }) as Event);
    };
    const ids = Array.from({ length: 25 }, (_, i) => i + 1);
    const got: number[][] = [];
    await loadStateEvents(report, ids, range, (chunk, events) => {
      expect(events.map((event) => event.deviceId)).toEqual(chunk);
      got.push([...chunk]);
    }, { chunk: 10, concurrency: 2 });
    expect(asked.map((params) => params.deviceId)).toEqual([ids.slice(0, 10), ids.slice(10, 20), ids.slice(20)]);
    expect(asked[0]).toMatchObject({ type: [...STATE_EVENT_TYPES], from: range.from, to: range.to });
    expect(most).toBe(2);
    expect(got.flat().sort((a, b) => a - b)).toEqual(ids);
  });

  it('stops at the first failure, and asks nothing for no devices', async () => {
    let calls = 0;
    const report = async () => {
      calls++;
      throw new Error('503');
    };
    await expect(loadStateEvents(report, [1, 2, 3, 4], range, () => {}, { chunk: 1, concurrency: 1 })).rejects.toThrow('503');
    expect(calls).toBe(1);
    await loadStateEvents(report, [], range, () => {});
    expect(calls).toBe(1);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    let calls = 0;
    const report = async () => {
      calls++;
      controller.abort();
      return [];
    };
    await expect(loadStateEvents(report, [1, 2], range, () => {}, { chunk: 1, concurrency: 1, signal: controller.signal })).rejects.toThrow();
    expect(calls).toBe(1);
  });
});
