import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { createApiClient } from '../api/client';
import { entityEndpoints } from '../api/entityEndpoints';
import { queries as queryOptions, type Queries } from '../api/queries';
import { createMutations } from '../api/mutations';
import { keys, resources, SESSION_LISTS } from '../api/resources';
import { socketMachine, type RefetchOutput } from '../machines/socket/socket.machine';
import { createSessionLists } from './sessionLists';

type Row = { id: number; name: string; [key: string]: unknown };

/**
 * A small server in memory, behind the real API client and resource layer: the session lists'
 * rows by path, POST/PUT/DELETE of them, and every GET counted by path.
 */
function fakeServer() {
  const rows: Record<string, Row[]> = {
    '/api/geofences': [{ id: 1, name: 'Depot', area: 'CIRCLE (24.7 46.7, 50)', attributes: {} }],
    '/api/groups': [{ id: 1, name: 'North', groupId: 0, attributes: {} }],
    '/api/drivers': [{ id: 1, name: 'Salem', uniqueId: 'card-7', attributes: {} }],
    '/api/maintenance': [{ id: 1, name: 'Oil change', type: 'totalDistance', start: 0, period: 10000, attributes: {} }],
    '/api/calendars': [{ id: 1, name: 'Weekdays', data: '', attributes: {} }],
  };
  const gets: string[] = [];
  let nextId = 100;
  const json = (body: unknown, status = 200) => new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://server');
    const method = init?.method ?? 'GET';
    const [, api, name, id] = url.pathname.split('/');
    const path = `/${api}/${name}`;
    const list = rows[path];
    if (!list) return json('Not found', 404);
    if (method === 'GET') {
      gets.push(url.pathname + url.search);
      // a list by device (the connections page's): none linked here
      return json(url.search ? [] : list);
    }
    const body = init?.body ? (JSON.parse(String(init.body)) as Row) : null;
    if (method === 'POST' && body) {
      const created = { ...body, id: nextId++ };
      rows[path] = [...list, created];
      return json(created);
    }
    if (method === 'PUT' && body) {
      rows[path] = list.map((row) => (row.id === Number(id) ? body : row));
      return json(body);
    }
    if (method === 'DELETE') {
      rows[path] = list.filter((row) => row.id !== Number(id));
      return new Response(null, { status: 204 });
    }
    return json('Bad request', 400);
  };
  const entities = entityEndpoints(createApiClient({ origin: '', fetch: fetch as typeof globalThis.fetch }));
  const queries: Queries = queryOptions({ ...entities, server: async () => ({}) as never, totpKey: async () => '' });
  return { rows, gets, entities, queries, count: (path: string) => gets.filter((get) => get === path).length };
}

/** Lets the fetches and the cache's notifications run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** The socket machine, with its effects stubbed: the WebSocket is the test's OPEN and CLOSE. */
function socketActor() {
  const fleet = fromPromise<RefetchOutput>(async () => ({ devices: [], positions: [] }));
  const machine = socketMachine.provide({
    actors: { connection: fromCallback(() => {}), environment: fromCallback(() => {}), load: fleet, refetch: fleet },
    actions: { deliver: () => {}, flush: () => {}, refreshed: () => {}, markSynced: () => {}, clearLive: () => {} },
  });
  return createActor(machine).start();
}

function setup() {
  const server = fakeServer();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const lists = createSessionLists(client, server.queries);
  return { ...server, client, lists };
}

const PATHS = SESSION_LISTS.map((r) => r.path);

describe('session lists: loaded once', () => {
  it('asks for nothing before load(), then for each list once; a screen that reads a list fetches no copy of its own', async () => {
    const { lists, client, queries, count, gets } = setup();
    await settle();
    expect(gets).toEqual([]);
    expect(lists.loaded).toBe(false);

    lists.load();
    expect(lists.loaded).toBe(true);
    await settle();
    for (const path of PATHS) expect(count(path), path).toBe(1);
    lists.load();
    await settle();
    expect(gets).toHaveLength(PATHS.length);

    // a screen's query (a settings list, a form's select) is the same entry, fresh: nothing is fetched
    const observer = new QueryObserver(client, queries.list(resources.groups));
    const seen: unknown[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));
    await settle();
    expect(observer.getCurrentResult().data).toEqual([{ id: 1, name: 'North', groupId: 0, attributes: {} }]);
    expect(count('/api/groups')).toBe(1);
    unsubscribe();
    // kept while nothing reads it (the whole session), not collected after the default 5 minutes
    expect(client.getQueryCache().find({ queryKey: keys.list(resources.groups) })?.gcTime).toBe(Infinity);
  });

  it('a list a screen needed first is not fetched again by the load', async () => {
    const { lists, client, queries, count } = setup();
    await client.fetchQuery(queries.list(resources.calendars));
    lists.load();
    await settle();
    expect(count('/api/calendars')).toBe(1);
    expect(count('/api/geofences')).toBe(1);
  });
});

describe('session lists: kept fresh by this client’s own edits', () => {
  it('a save puts the saved item in the list by id (a new one in name order), a removal takes it out, without a refetch', async () => {
    const { lists, client, entities, count } = setup();
    lists.load();
    await settle();
    const mutations = createMutations({ api: entities, client, report: () => {}, deviceSaved: () => {}, deviceRemoved: () => {} });
    // a list by device (the connections page's) is another key of the entity: it is refreshed
    await client.fetchQuery({ queryKey: keys.list(resources.geofences, { deviceId: 4 }), queryFn: () => entities.list(resources.geofences, { deviceId: 4 }) });
    const geofences = () => client.getQueryData<Row[]>(keys.list(resources.geofences))?.map((g) => g.name);

    const created = await mutations.save(resources.geofences, { id: 0, name: 'Airport', description: null, calendarId: 0, area: 'CIRCLE (24.9 46.7, 500)', attributes: {} });
    expect(created.id).toBe(100);
    expect(geofences()).toEqual(['Airport', 'Depot']);
    await mutations.save(resources.geofences, { ...created, name: 'Airport east' });
    expect(geofences()).toEqual(['Airport east', 'Depot']);
    await mutations.remove(resources.geofences, 1);
    expect(geofences()).toEqual(['Airport east']);
    await settle();
    expect(count('/api/geofences')).toBe(1);
    expect(client.getQueryState(keys.list(resources.geofences, { deviceId: 4 }))?.isInvalidated).toBe(true);
    expect(client.getQueryState(keys.list(resources.geofences))?.isInvalidated).toBe(false);
  });
});

describe('session lists: refetched after each socket reconnect', () => {
  it('fetches every list again when the socket opens after a close, not on the first open; a new session starts without the last one’s lists', async () => {
    const { lists, client, count, rows } = setup();
    const socket = socketActor();
    socket.send({ type: 'START' });
    lists.follow(socket);
    await settle();
    socket.send({ type: 'OPEN' });
    lists.load();
    await settle();
    for (const path of PATHS) expect(count(path), path).toBe(1);

    // changed elsewhere while the socket is down (the socket carries none of these lists)
    socket.send({ type: 'CLOSE', code: 1006 });
    rows['/api/drivers'] = [{ id: 1, name: 'Salem Al-Harbi', uniqueId: 'card-7', attributes: {} }];
    await settle();
    expect(socket.getSnapshot().hasTag('offline')).toBe(true);
    expect(count('/api/drivers')).toBe(1);
    socket.send({ type: 'ONLINE' });
    socket.send({ type: 'OPEN' });
    await settle();
    for (const path of PATHS) expect(count(path), path).toBe(2);
    expect(client.getQueryData<Row[]>(keys.list(resources.drivers))?.[0]?.name).toBe('Salem Al-Harbi');

    // each reconnect, and only a reconnect
    socket.send({ type: 'VISIBLE' });
    await settle();
    expect(count('/api/groups')).toBe(2);
    socket.send({ type: 'CLOSE', code: 1006 });
    await settle();
    socket.send({ type: 'ONLINE' });
    socket.send({ type: 'OPEN' });
    await settle();
    for (const path of PATHS) expect(count(path), path).toBe(3);

    // signed out: nothing is fetched (the closing shell would ask again, signed out); signed in again: gone
    socket.send({ type: 'STOP' });
    await settle();
    expect(client.getQueryData(keys.list(resources.groups))).toBeDefined();
    socket.send({ type: 'START' });
    expect(lists.loaded).toBe(false);
    for (const r of SESSION_LISTS) expect(client.getQueryData(keys.list(r)), r.name).toBeUndefined();
    await settle();
    socket.send({ type: 'OPEN' });
    await settle();
    expect(count('/api/groups')).toBe(3);
    lists.load();
    await settle();
    expect(count('/api/groups')).toBe(4);
  });

  it('a reconnect before the lists were loaded fetches none of them', async () => {
    const { lists, gets } = setup();
    const socket = socketActor();
    socket.send({ type: 'START' });
    lists.follow(socket);
    await settle();
    socket.send({ type: 'OPEN' });
    socket.send({ type: 'CLOSE', code: 1006 });
    await settle();
    socket.send({ type: 'ONLINE' });
    socket.send({ type: 'OPEN' });
    await settle();
    expect(gets).toEqual([]);
  });
});
