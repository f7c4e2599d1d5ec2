import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { seedDemo } from '../../server/demo.ts';
import { tempDir } from './helpers.ts';

let db: Db | null = null;
afterEach(() => {
  db?.close();
  db = null;
});

const notifications = (d: Db) => d.prepare('SELECT type, description FROM notifications ORDER BY id').all() as Array<{ type: string; description: string }>;

describe('the demo seed', () => {
  it('describes its notifications in words, not by their event keys', async () => {
    const dir = tempDir();
    db = openDatabase(dir);
    await seedDemo(db, dir, 'pw');
    const rows = notifications(db);
    expect(rows.map((row) => row.type)).toEqual(['deviceOverspeed', 'geofenceEnter', 'geofenceExit', 'alarm', 'ignitionOn', 'ignitionOff', 'deviceMoving', 'deviceStopped']);
    for (const { type, description } of rows) {
      expect(description).not.toMatch(/^Demo:/);
      // words a person reads: spaced, no camelCase key inside
      expect(description).toMatch(/^[A-Z][a-z]* [a-z]/);
      expect(description).not.toMatch(/[a-z][A-Z]/);
    }
    expect(new Set(rows.map((row) => row.description)).size).toBe(rows.length);
  });

  it('gives demo data seeded before ("Demo: deviceMoving") the readable descriptions, and leaves edited ones alone', async () => {
    const dir = tempDir();
    db = openDatabase(dir);
    await seedDemo(db, dir, 'pw');
    db.prepare("UPDATE notifications SET description = 'Demo: ' || type").run();
    db.prepare("UPDATE notifications SET description = 'Our own text' WHERE type = 'alarm'").run();
    await seedDemo(db, dir, 'pw');
    const rows = notifications(db);
    expect(rows.filter((row) => row.description.startsWith('Demo:'))).toEqual([]);
    expect(rows.find((row) => row.type === 'alarm')?.description).toBe('Our own text');
    expect(rows.find((row) => row.type === 'deviceMoving')?.description).toBe('A vehicle starts moving');
  });
});
