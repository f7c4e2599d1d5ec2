import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { Db } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/database.ts';
import { LiveHub } from '../../server/live.ts';
import { seedDemo } from '../../server/demo.ts';
import { defaultUserFields, insertUser } from '../../server/db/users.ts';
import { latestPositions, toPosition } from '../../server/db/positions.ts';
import { findDevice, toDevice } from '../../server/db/devices.ts';
import { tempDir } from './helpers.ts';

class FakeSocket {
  readonly OPEN = 1;
  readyState = 1;
  readonly sent: unknown[] = [];
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  on(): this {
    return this;
  }
  close(): void {
    this.readyState = 3;
  }
  terminate(): void {
    this.readyState = 3;
  }
}

let db: Db;
let hub: LiveHub;
let adminId: number;
let linkedId: number;
let strangerId: number;
let groupUserId: number;

beforeAll(async () => {
  const dir = tempDir();
  db = openDatabase(dir);
  await seedDemo(db, dir, 'pw');
  adminId = 1;
  linkedId = insertUser(db, { ...defaultUserFields, name: 'Linked', email: 'linked@x' }, null);
  strangerId = insertUser(db, { ...defaultUserFields, name: 'Stranger', email: 'stranger@x' }, null);
  groupUserId = insertUser(db, { ...defaultUserFields, name: 'Group', email: 'group@x' }, null);
  db.prepare('INSERT INTO user_device (userId, deviceId) VALUES (?, 3)').run(linkedId);
  // Device 4 is in a subgroup of a group linked to groupUserId.
  db.prepare("INSERT INTO device_groups (id, name) VALUES (1, 'Parent')").run();
  db.prepare("INSERT INTO device_groups (id, name, groupId) VALUES (2, 'Child', 1)").run();
  db.prepare('UPDATE devices SET groupId = 2 WHERE id = 4').run();
  db.prepare('INSERT INTO user_group (userId, groupId) VALUES (?, 1)').run(groupUserId);
  // keepalives a minute apart, so none lands among the frames the push tests count (a loaded runner
  // can take longer than a short interval between two steps); the keepalive test has its own hub
  // no gap between frames: each push test counts the frame of its own event-loop turn (the gap has
  // its own test below)
  hub = new LiveHub(db, 60_000, 0);
});
afterAll(() => {
  hub.close();
  db.close();
});

function connect(userId: number): FakeSocket {
  const socket = new FakeSocket();
  hub.add(userId, socket as unknown as WebSocket);
  return socket;
}

/** Pushes are sent once per event-loop turn. */
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('LiveHub', () => {
  it('pushes to exactly the users allowed to see the device', async () => {
    const admin = connect(adminId);
    const linked = connect(linkedId);
    const stranger = connect(strangerId);
    const grouped = connect(groupUserId);
    const position = toPosition(latestPositions(db, null, 3)[0]!);
    hub.pushPosition(position);
    expect(admin.sent).toEqual([]);
    await tick();
    expect(admin.sent).toEqual([{ positions: [position] }]);
    expect(linked.sent).toEqual([{ positions: [position] }]);
    expect(stranger.sent).toEqual([]);
    expect(grouped.sent).toEqual([]);

    const device = toDevice(findDevice(db, 4)!);
    hub.pushDevice(device);
    await tick();
    expect(grouped.sent).toEqual([{ devices: [device] }]);
    expect(linked.sent).toHaveLength(1);
    expect(admin.sent).toHaveLength(2);

    const event = { id: 1, attributes: {}, deviceId: 3, type: 'ignitionOn', eventTime: position.fixTime, positionId: position.id, geofenceId: 0, maintenanceId: 0 };
    hub.pushEvent(event, [linkedId]);
    await tick();
    expect(linked.sent.at(-1)).toEqual({ events: [event] });
    expect(admin.sent).toHaveLength(2);
    for (const socket of [admin, linked, stranger, grouped]) socket.close();
  });

  it('sends a burst as one frame per user, serialised once for all the sockets of that user', async () => {
    const sockets = [connect(adminId), connect(adminId), connect(adminId)];
    const linked = connect(linkedId);
    const positions = [3, 4, 5].map((id) => toPosition(latestPositions(db, null, id)[0]!));
    const devices = [3, 4, 5].map((id) => toDevice(findDevice(db, id)!));
    const stringify = JSON.stringify;
    let calls = 0;
    JSON.stringify = ((...args: Parameters<typeof stringify>) => {
      calls += 1;
      return stringify(...args);
    }) as typeof JSON.stringify;
    try {
      positions.forEach((position, i) => {
        hub.pushDevice(devices[i]!);
        hub.pushPosition(position);
      });
      await tick();
    } finally {
      JSON.stringify = stringify;
    }
    for (const socket of sockets) expect(socket.sent).toEqual([{ devices, positions }]);
    expect(linked.sent).toEqual([{ devices: [devices[0]], positions: [positions[0]] }]);
    expect(calls).toBe(2);
    for (const socket of [...sockets, linked]) socket.close();
  });

  it('sends keepalives', async () => {
    const quick = new LiveHub(db, 50);
    const socket = new FakeSocket();
    quick.add(strangerId, socket as unknown as WebSocket);
    await new Promise((r) => setTimeout(r, 130));
    expect(socket.sent.length).toBeGreaterThanOrEqual(1);
    expect(socket.sent.every((m) => JSON.stringify(m) === '{}')).toBe(true);
    socket.close();
    quick.close();
  });

  it('under a stream of pushes sends at most one frame per gap, holding everything since the last; a push after a quiet moment goes at once', async () => {
    const gapMs = 150;
    const paced = new LiveHub(db, 60_000, gapMs);
    const socket = new FakeSocket();
    paced.add(adminId, socket as unknown as WebSocket);
    const position = (id: number) => toPosition(latestPositions(db, null, id)[0]!);
    const started = performance.now();
    paced.pushPosition(position(3));
    await tick();
    // the first goes on the next turn
    expect(socket.sent).toEqual([{ positions: [position(3)] }]);
    // two more right after: held until the gap is over, then sent together
    paced.pushPosition(position(4));
    await tick();
    paced.pushPosition(position(5));
    await tick();
    expect(socket.sent).toHaveLength(1);
    while (socket.sent.length < 2) await new Promise((r) => setTimeout(r, 5));
    expect(performance.now() - started).toBeGreaterThanOrEqual(gapMs - 2);
    expect(socket.sent[1]).toEqual({ positions: [position(4), position(5)] });
    // after a quiet moment longer than the gap, a push goes on the next turn again
    await new Promise((r) => setTimeout(r, gapMs + 20));
    paced.pushPosition(position(3));
    await tick();
    expect(socket.sent).toHaveLength(3);
    socket.close();
    paced.close();
  });
});
