/**
 * Geofence areas prepared once (issue 32): the edge index answers as a scan of every edge does, the
 * edges tested per position stay few on a 100,000-vertex polygon, and the ingest cache builds each
 * geofence's area once for every device linked to it.
 */
import { describe, expect, it } from 'vitest';
import { type Area, areaContains, areaWork, prepareArea } from '../../server/geo/contains.ts';
import { openDatabase } from '../../server/db/database.ts';
import { ContextCache, geofencesAt } from '../../server/ingest/context.ts';
import { areaBuilds, warmArea } from '../../server/geo/areas.ts';
import { geofenceDef } from '../../server/crud/entities.ts';
import { parseArea } from '../../contract/wkt.ts';
import { tempDir } from './helpers.ts';

/** A fixed-seed generator, so that a failure names the same shapes each run. */
function random(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 48271) % 2147483647) / 2147483647;
}

/** A ragged ring of `n` vertices: a star whose radius jumps by up to `jump` of its size between vertices (concave everywhere). */
function ragged(n: number, next: () => number, lat = 24.7, lon = 46.7, size = 0.2, jump = 0.7): Array<[number, number]> {
  return Array.from({ length: n }, (_, i) => {
    const angle = (2 * Math.PI * i) / n;
    const r = size * (1 - jump * next());
    return [lat + r * Math.sin(angle), lon + r * Math.cos(angle)] as [number, number];
  });
}

function samePoints(area: Area, corridor: number, points: Array<[number, number]>): void {
  const prepared = prepareArea(area, corridor);
  let inside = 0;
  for (const [lat, lon] of points) {
    const expected = areaContains(area, lat, lon, corridor);
    if (expected) inside++;
    expect(prepared.contains(lat, lon), `${area.type} at ${lat},${lon}`).toBe(expected);
  }
  // the points must test both answers, or the comparison proves little
  expect(inside).toBeGreaterThan(points.length / 20);
  expect(inside).toBeLessThan(points.length);
}

describe('a prepared area', () => {
  const next = random(11);
  const around = (lat: number, lon: number, spread: number, count: number) =>
    Array.from({ length: count }, () => [lat + (next() - 0.5) * spread, lon + (next() - 0.5) * spread] as [number, number]);

  it('answers as the scan of every edge does, for ragged polygons of many sizes', () => {
    for (const n of [3, 4, 17, 300, 5000]) samePoints({ type: 'polygon', points: ragged(n, next) }, 25, around(24.7, 46.7, 0.5, 1500));
  });

  it('answers the same across the antimeridian', () => {
    const points = ragged(800, next, -16, 180, 2).map(([lat, lon]) => [lat, lon > 180 ? lon - 360 : lon] as [number, number]);
    samePoints({ type: 'polygon', points }, 25, around(-16, 180, 5, 1500).map(([lat, lon]) => [lat, lon > 180 ? lon - 360 : lon]));
  });

  it('answers the same for a zigzag whose every edge spans the whole height (the index gets coarser, not bigger)', () => {
    const points: Array<[number, number]> = [];
    for (let i = 0; i < 2000; i++) points.push([i % 2 ? 25 : 24, 46 + i * 0.0005]);
    points.push([23.9, 47], [23.9, 46]);
    samePoints({ type: 'polygon', points }, 25, around(24.5, 46.5, 1.2, 1500));
  });

  it('answers the same for linestrings (the corridor), short and long, near the equator and far north', () => {
    for (const [lat, n, corridor] of [
      [24.7, 2, 500],
      [24.7, 40, 300],
      [60, 3000, 200],
      [-33, 20000, 100],
    ] as const) {
      let lon = 46.7;
      let at = lat;
      const points = Array.from({ length: n }, () => {
        at += (next() - 0.5) * (0.2 / Math.sqrt(n));
        lon += next() * (0.3 / n);
        return [at, lon] as [number, number];
      });
      const mid = points[Math.floor(n / 2)]!;
      // points near the line, so that some fall in its corridor
      const near = Array.from({ length: 1500 }, () => {
        const p = points[Math.floor(next() * n)]!;
        return [p[0] + (next() - 0.5) * 0.01, p[1] + (next() - 0.5) * 0.01] as [number, number];
      });
      samePoints({ type: 'linestring', points }, corridor, [...near, ...around(mid[0], mid[1], 0.5, 100)]);
    }
  });

  it('tests a few edges per position on a 100,000-vertex polygon, not all of them', () => {
    // a border as maps draw it: each vertex a step of about the vertex spacing in or out from the last (a star
    // as jagged as the ones above crosses thousands of edges on any line, which no index can avoid)
    const walk = random(3);
    let r = 0.2;
    const n = 100_000;
    const points = Array.from({ length: n }, (_, i) => {
      const angle = (2 * Math.PI * i) / n;
      r = Math.min(0.3, Math.max(0.1, r + (walk() - 0.5) * 4e-5));
      return [24.7 + r * Math.sin(angle), 46.7 + r * Math.cos(angle)] as [number, number];
    });
    const area: Area = { type: 'polygon', points };
    const prepared = prepareArea(area);
    const visits: number[] = [];
    for (let k = 0; k < 2000; k++) {
      const before = areaWork.edges;
      prepared.contains(24.7 + (next() - 0.5) * 0.4, 46.7 + (next() - 0.5) * 0.4);
      visits.push(areaWork.edges - before);
    }
    visits.sort((a, b) => a - b);
    const mean = visits.reduce((sum, v) => sum + v, 0) / visits.length;
    expect(mean).toBeLessThan(64);
    expect(visits.at(-1)!).toBeLessThan(2000);
  });

  it('tests a few segments per position on a 100,000-vertex linestring', () => {
    let lon = 46;
    const points = Array.from({ length: 100_000 }, (_, i) => [24.7 + 0.05 * Math.sin(i / 300), (lon += 0.00001)] as [number, number]);
    const prepared = prepareArea({ type: 'linestring', points }, 50);
    const before = areaWork.edges;
    for (let k = 0; k < 2000; k++) prepared.contains(24.7 + (next() - 0.5) * 0.12, 46 + next());
    expect((areaWork.edges - before) / 2000).toBeLessThan(200);
  });
});

describe('the ingest cache', () => {
  it('builds a geofence area once for every device linked to it, and again only when its area changes', () => {
    const db = openDatabase(tempDir());
    db.prepare("INSERT INTO users (id, name, email, administrator) VALUES (1, 'Admin', 'a@example.com', 1)").run();
    const polygon = (size: number) => `POLYGON ((${ragged(50, random(5), 24.7, 46.7, size).concat([ragged(50, random(5), 24.7, 46.7, size)[0]!]).map(([a, b]) => `${a} ${b}`).join(', ')}))`;
    const geofence = Number(db.prepare("INSERT INTO geofences (name, area, attributes) VALUES ('Yard', ?, '{}')").run(polygon(0.2)).lastInsertRowid);
    for (const id of [5, 6, 7]) {
      db.prepare("INSERT INTO devices (id, name, uniqueId) VALUES (?, ?, ?)").run(id, `Car ${id}`, `car-${id}`);
      db.prepare("INSERT INTO links (ownerType, ownerId, propertyType, propertyId) VALUES ('device', ?, 'geofence', ?)").run(id, geofence);
    }
    const before = areaBuilds.count;
    const cache = new ContextCache(db);
    for (const id of [5, 6, 7]) expect(geofencesAt(cache.get(id).geofences, 24.7, 46.7)).toEqual([geofence]);
    expect(areaBuilds.count - before).toBe(1);
    db.prepare("UPDATE devices SET name = 'Car 5b' WHERE id = 5").run(); // an edit of something else
    db.prepare("UPDATE geofences SET name = 'Depot' WHERE id = ?").run(geofence); // the geofence's name only
    for (const id of [5, 6, 7]) expect(cache.get(id).geofences).toHaveLength(1);
    expect(areaBuilds.count - before).toBe(1);
    db.prepare('UPDATE geofences SET area = ? WHERE id = ?').run('CIRCLE (10 10, 100)', geofence);
    for (const id of [5, 6, 7]) expect(geofencesAt(cache.get(id).geofences, 24.7, 46.7)).toEqual([]);
    expect(areaBuilds.count - before).toBe(2);
  });

  it("a save builds the area only when the area or the corridor changed (not for a new name)", () => {
    const text = 'LINESTRING (24.71 46.61, 24.71 46.81)';
    const stored = { name: 'Road', area: text, attributes: '{"polylineDistance": 300}' };
    const start = areaBuilds.count;
    geofenceDef.validate!({ ...stored }, null); // created: built
    expect(areaBuilds.count - start).toBe(1);
    geofenceDef.validate!({ ...stored, name: 'Ring road' }, stored); // renamed: nothing to build
    expect(areaBuilds.count - start).toBe(1);
    geofenceDef.validate!({ ...stored, attributes: '{"polylineDistance": 500}' }, stored); // a new corridor
    expect(areaBuilds.count - start).toBe(2);
    geofenceDef.validate!({ ...stored, area: 'LINESTRING (24.71 46.61, 24.72 46.81)' }, stored); // a new line
    expect(areaBuilds.count - start).toBe(3);
    // an unchanged area that is invalid is still refused when it is new
    expect(() => geofenceDef.validate!({ ...stored, area: 'CIRCLE (1 2)' }, stored)).toThrow(/Invalid area/);
  });

  it('takes the area a save built, so that an ingest turn does not build it', () => {
    const db = openDatabase(tempDir());
    db.prepare("INSERT INTO users (id, name, email, administrator) VALUES (1, 'Admin', 'a@example.com', 1)").run();
    db.prepare("INSERT INTO devices (id, name, uniqueId) VALUES (5, 'Car', 'car')").run();
    const text = 'LINESTRING (24.7 46.6, 24.7 46.8)';
    const geofence = Number(db.prepare(`INSERT INTO geofences (name, area, attributes) VALUES ('Road', ?, '{"polylineDistance": 400}')`).run(text).lastInsertRowid);
    db.prepare("INSERT INTO links (ownerType, ownerId, propertyType, propertyId) VALUES ('device', 5, 'geofence', ?)").run(geofence);
    warmArea(text, 400, parseArea(text)); // as the save's validation does
    const built = areaBuilds.count;
    const cache = new ContextCache(db);
    // 300 m north of the road: inside its 400 m corridor
    expect(geofencesAt(cache.get(5).geofences, 24.7027, 46.7)).toEqual([geofence]);
    expect(areaBuilds.count).toBe(built);
  });
});
