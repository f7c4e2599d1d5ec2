import { afterEach, describe, expect, it } from 'vitest';
import { carriedSearch, filterProblems, forgetShown, parseReportSearch, periodRange, rangeOf, rememberShown, reportParams, type ReportSearch } from './reportFilter';

// Wednesday 2026-11-25 10:30 in Riyadh (UTC+3) is 07:30 UTC
const NOW = Date.parse('2026-11-25T07:30:00Z');

describe('report filter', () => {
  it('keeps what is valid in the address and drops the rest', () => {
    expect(
      parseReportSearch({ deviceId: ['3', 'x', -1, 4, 3], groupId: 2, period: 'thisWeek', from: 'nonsense', to: '2026-11-02T00:00:00Z', type: ['alarm', '<b>'], daily: 'true', show: true }),
    ).toEqual({ deviceId: [3, 4], groupId: [2], period: 'thisWeek', to: '2026-11-02T00:00:00.000Z', type: ['alarm'], daily: true, show: true });
    expect(parseReportSearch({ period: 'forever', deviceId: '' })).toEqual({});
  });

  it.each([
    ['today', 'en-US', '2026-11-24T21:00:00.000Z', '2026-11-25T20:59:59.999Z'],
    ['yesterday', 'en-US', '2026-11-23T21:00:00.000Z', '2026-11-24T20:59:59.999Z'],
    // a week starts on Sunday in the United States and on Monday in France
    ['thisWeek', 'en-US', '2026-11-21T21:00:00.000Z', '2026-11-28T20:59:59.999Z'],
    ['thisWeek', 'fr-FR', '2026-11-22T21:00:00.000Z', '2026-11-29T20:59:59.999Z'],
    ['previousWeek', 'en-US', '2026-11-14T21:00:00.000Z', '2026-11-21T20:59:59.999Z'],
    ['thisMonth', 'en-US', '2026-10-31T21:00:00.000Z', '2026-11-30T20:59:59.999Z'],
    ['previousMonth', 'en-US', '2026-09-30T21:00:00.000Z', '2026-10-31T20:59:59.999Z'],
  ] as const)('%s (%s) is computed in the user\'s time zone, not the browser\'s', (period, locale, from, to) => {
    expect(periodRange(period, NOW, 'Asia/Riyadh', locale)).toEqual({ from, to });
  });

  it('uses the zone of the user: the same instant is another day in Los Angeles', () => {
    expect(periodRange('today', NOW, 'America/Los_Angeles', 'en-US')).toEqual({ from: '2026-11-24T08:00:00.000Z', to: '2026-11-25T07:59:59.999Z' });
    expect(periodRange('today', NOW, 'Not/AZone', 'en-US')).toEqual({ from: '2026-11-25T00:00:00.000Z', to: '2026-11-25T23:59:59.999Z' });
  });

  it('a custom period needs both ends', () => {
    expect(rangeOf({ period: 'custom', from: '2026-11-01T00:00:00.000Z' }, NOW, 'UTC', 'en')).toBeNull();
    expect(rangeOf({ period: 'custom', from: 'a', to: 'b' }, NOW, 'UTC', 'en')).toBeNull();
    expect(rangeOf({ period: 'custom', from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' }, NOW, 'UTC', 'en')).toEqual({ from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' });
    expect(rangeOf({}, NOW, 'UTC', 'en')?.from).toBe('2026-11-25T00:00:00.000Z');
  });

  it.each([
    [{}, { from: '2026-11-01T00:00:00Z', to: '2026-11-02T00:00:00Z' }, { needsDevice: true, periodLimit: 0 }, ['noDevice']],
    [{ groupId: [1] }, { from: '2026-11-01T00:00:00Z', to: '2026-11-02T00:00:00Z' }, { needsDevice: true, periodLimit: 0 }, []],
    [{ deviceId: [1] }, { from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' }, { needsDevice: true, periodLimit: 0 }, ['endBeforeStart']],
    [{ deviceId: [1] }, { from: '2026-11-01T00:00:00Z', to: '2026-11-09T00:00:00Z' }, { needsDevice: true, periodLimit: 7 * 86400 }, ['overLimit']],
    [{ deviceId: [1] }, { from: '2026-11-01T00:00:00Z', to: '2026-11-08T00:00:00Z' }, { needsDevice: true, periodLimit: 7 * 86400 }, []],
    [{ deviceId: [1, 2] }, { from: '2026-11-01T00:00:00Z', to: '2026-11-02T00:00:00Z' }, { needsDevice: true, oneDevice: true, periodLimit: 0 }, ['oneDevice']],
    [{}, null, { needsDevice: false, periodLimit: 0 }, ['noRange']],
  ])('problems of %j over %j', (search, range, rules, expected) => {
    expect(filterProblems(search, range, rules)).toEqual(expected);
  });

  it('builds the query Traccar takes', () => {
    expect(reportParams({ deviceId: [1, 2], type: ['alarm'], daily: true }, { from: 'f', to: 't' })).toEqual({ from: 'f', to: 't', deviceId: [1, 2], type: ['alarm'], daily: true });
    expect(reportParams({ groupId: [3] }, { from: 'f', to: 't' })).toEqual({ from: 'f', to: 't', groupId: [3] });
  });
});

describe('switching report kinds', () => {
  afterEach(() => forgetShown());

  it('carries the devices, groups and period, and nothing of the kind left (event types, chart attributes, daily, show)', () => {
    const trips: ReportSearch = { deviceId: [3], groupId: [2], period: 'yesterday', type: ['alarm'], attribute: ['speed'], daily: true, show: true };
    expect(carriedSearch('stops', trips)).toEqual({ deviceId: [3], groupId: [2], period: 'yesterday' });
  });

  it('carries a custom range with its instants, a preset without stale ones', () => {
    const custom: ReportSearch = { deviceId: [3], period: 'custom', from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' };
    expect(carriedSearch('trips', custom)).toEqual(custom);
    expect(carriedSearch('trips', { ...custom, period: 'today' })).toEqual({ deviceId: [3], period: 'today' });
  });

  it('shows a kind again when it was shown with the same filter in this session, not with another', () => {
    const filter: ReportSearch = { deviceId: [3], period: 'today', show: true };
    rememberShown('trips', filter);
    expect(carriedSearch('trips', { deviceId: [3], period: 'today' })).toEqual({ deviceId: [3], period: 'today', show: true });
    expect(carriedSearch('stops', filter)).toEqual({ deviceId: [3], period: 'today' });
    expect(carriedSearch('trips', { deviceId: [4], period: 'today' })).toEqual({ deviceId: [4], period: 'today' });
    // what the kind itself adds (its event types) does not make it another filter, and comes back with it
    rememberShown('events', { deviceId: [3], period: 'today', type: ['alarm'] });
    expect(carriedSearch('events', { deviceId: [3], period: 'today', daily: true })).toEqual({ deviceId: [3], period: 'today', type: ['alarm'], show: true });
  });
});
