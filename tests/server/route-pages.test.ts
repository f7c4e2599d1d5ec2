/**
 * The route report written page by page (server/reports/queries.ts devicePositionPages): the same
 * positions in the same order as one query, across pages whose edges fall inside a run of equal fix
 * times, cut at report.maxPositions; and the JSON of GET /api/reports/route is one array of them.
 */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { parseAttributes } from '../../server/db/convert.ts';
import { POSITION_COLUMNS, type PositionRow, type PositionValues, positionFromValues, toPosition } from '../../server/db/positions.ts';
import { devicePositionPages, devicePositions } from '../../server/reports/queries.ts';
import { routeReport } from '../../server/reports/service.ts';
import { jsonArray } from '../../server/routes/reports.ts';
import { tempDir } from './helpers.ts';

function seeded() {
  const db = openDatabase(tempDir());
  db.prepare("INSERT INTO devices (id, name, uniqueId) VALUES (5, 'Car', 'car'), (6, 'Van', 'van')").run();
  const insert = db.prepare(
    "INSERT INTO positions (deviceId, protocol, serverTime, deviceTime, fixTime, valid, latitude, longitude, altitude, speed, course, attributes) VALUES (?, 'osmand', ?, ?, ?, 1, 24.7, 46.7, 0, 0, 0, '{}')",
  );
  const base = 1_700_000_000_000;
  db.transaction(() => {
    // runs of 1 to 7 positions with the same fix time (several runs cross a page's edge), stored out of order
    const times: number[] = [];
    for (let k = 0; times.length < 5000; k++) for (let r = 0; r < 1 + (k % 7); r++) times.push(base + k * 1000);
    for (let i = times.length - 1; i >= 0; i -= 2) insert.run(5, times[i], times[i], times[i]);
    for (let i = times.length - 2; i >= 0; i -= 2) insert.run(5, times[i], times[i], times[i]);
    for (let i = 0; i < 300; i++) insert.run(6, base + i * 500, base + i * 500, base + i * 500);
  })();
  return { db, from: base, to: base + 10_000_000 };
}

describe('route pages', () => {
  it('give the positions of one query, in its order, for any page size and limit', () => {
    const { db, from, to } = seeded();
    const all = devicePositions(db, 5, from, to);
    expect(all.length).toBeGreaterThan(4000);
    for (const [size, limit] of [
      [2000, 100_000],
      [7, 100_000],
      [1000, 2500],
      [3, 10],
    ] as const) {
      const paged = [...devicePositionPages(db, 5, from, to, limit, size)];
      expect(paged.every((page) => page.length <= size)).toBe(true);
      expect(paged.flat().map((p) => p.id)).toEqual(all.slice(0, limit).map((p) => p.id));
    }
  });

  it('stop at report.maxPositions over several devices', () => {
    const { db, from, to } = seeded();
    const rows = db.prepare('SELECT * FROM devices ORDER BY id').all() as never[];
    const car = devicePositions(db, 5, from, to).length;
    const scope = { db, userId: null, serverAttributes: { 'report.maxPositions': car + 95 }, from, to };
    const report = routeReport(scope, rows);
    expect(report).toHaveLength(car + 95);
    expect(report.filter((p) => p.deviceId === 6)).toHaveLength(95);
  });
});

describe('a position read as an array (positionFromValues)', () => {
  const base: PositionRow = {
    id: 7,
    deviceId: 5,
    protocol: 'osmand',
    serverTime: 1_700_000_000_123,
    deviceTime: 1_700_000_000_000,
    fixTime: 1_699_999_999_999,
    valid: 1,
    latitude: -24.695001,
    longitude: 46.7,
    altitude: 0,
    speed: 21.598272138228943,
    course: 359.9,
    address: 'شارع الملك فهد',
    accuracy: 0,
    network: null,
    geofenceIds: null,
    attributes: JSON.stringify({ ignition: true, sat: 9, fuel: null, note: 'a "quoted" word' }),
  };
  const values = (row: PositionRow): PositionValues => POSITION_COLUMNS.split(', ').map((column) => row[column as keyof PositionRow]) as PositionValues;
  it.each<[string, Partial<PositionRow>]>([
    ['a typical row', {}],
    ['attributes with a brace in a text', { attributes: JSON.stringify({ note: 'x {y} [z]' }) }],
    ['network and geofences', { valid: 0, network: '{"radioType":"gsm","cellTowers":[{"cellId":1}]}', geofenceIds: '[3,4]' }],
    ['broken JSON in every column', { attributes: '{"a":', network: '{', geofenceIds: '' }],
  ])('is toPosition of the same row: %s', (_, change) => {
    const row = { ...base, ...change };
    expect(positionFromValues(values(row))).toEqual(toPosition(row));
    expect(JSON.stringify(positionFromValues(values(row)))).toBe(JSON.stringify(toPosition(row)));
  });
});

describe('attributes from the database (parseAttributes)', () => {
  it.each([
    ['{"ignition":true,"sat":9,"fuel":null,"name":"x"}', { ignition: true, sat: 9, fuel: null, name: 'x' }],
    ['{"a":1,"io":{"x":1},"list":[1,2]}', { a: 1 }],
    ['{"note":"{not nested}"}', { note: '{not nested}' }],
    ['{"a":}', {}],
    ['{"a":1} {"b":2}', {}],
    ['[1,2]', {}],
    ['', {}],
    ['{}', {}],
  ])('%s', (text, expected) => {
    expect(parseAttributes(text)).toEqual(expected);
  });
});

describe('the route report JSON', () => {
  it('joins pages into one array, empty pages and none included', async () => {
    const text = async (pages: unknown[][]) => {
      let out = '';
      for await (const chunk of jsonArray(pages)) out += chunk;
      return out;
    };
    expect(JSON.parse(await text([[{ a: 1 }, { b: '[,]' }], [], [{ c: null }]]))).toEqual([{ a: 1 }, { b: '[,]' }, { c: null }]);
    expect(await text([])).toBe('[]');
    expect(await text([[], []])).toBe('[]');
  });
});
