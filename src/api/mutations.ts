/**
 * Writes, derived from the resource declarations: each call invalidates the keys of its entity
 * (and of the links it changed), keeps a session list (`SESSION_LISTS`) by id (the saved item put
 * in, the removed one taken out: no refetch of the whole list), tells the live store about devices through its one writer, and
 * reports a failure through the errors machine unless the caller shows it itself (an editor form
 * shows the server's text beside the fields and keeps what was typed).
 * No import of TanStack Query: the client is passed in (the signed-in shell has it).
 */
import type { Device } from '../../contract/models';
import type { EntityEndpoints } from './entityEndpoints';
import { isSessionList, isSessionListKey, keys, permissionOf, resources, type AnyResource, type Resource } from './resources';
import { errorText } from '../domain/errors';

/** The part of TanStack Query's client the writes use. */
export interface MutationCache {
  invalidateQueries(filters: { queryKey: readonly unknown[]; predicate?: (query: { queryKey: readonly unknown[] }) => boolean }): Promise<void>;
  setQueryData(queryKey: readonly unknown[], updater: (old: unknown) => unknown): unknown;
}

export interface MutationDeps {
  api: EntityEndpoints;
  client: MutationCache;
  /** Push a message onto the errors queue. */
  report(message: string): void;
  /** The live store's writer (the socket machine): a device was saved or removed. */
  deviceSaved(device: Device): void;
  deviceRemoved(id: number): void;
}

export interface WriteOptions {
  /** false: the caller shows the failure (a form); default true: the red toast. */
  report?: boolean;
}

function isDevice(r: Resource<{ id: number }>): boolean {
  return r.name === resources.devices.name;
}

type Row = { id: number; name?: unknown };

/** The session list with `saved` in it: replaced where its id is, else placed by name (Traccar sorts these lists by name). */
export function withSaved(rows: readonly Row[], saved: Row): Row[] {
  const at = rows.findIndex((row) => row.id === saved.id);
  if (at >= 0) return rows.map((row, index) => (index === at ? saved : row));
  const name = typeof saved.name === 'string' ? saved.name : null;
  const before = name === null ? -1 : rows.findIndex((row) => typeof row.name === 'string' && row.name.localeCompare(name) > 0);
  return before < 0 ? [...rows, saved] : [...rows.slice(0, before), saved, ...rows.slice(before)];
}

export function createMutations(deps: MutationDeps) {
  const { api, client } = deps;

  async function run<T>(work: () => Promise<T>, options: WriteOptions | undefined): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (options?.report !== false) deps.report(errorText(error));
      throw error;
    }
  }

  const refresh = (r: Resource<{ id: number }>) => client.invalidateQueries({ queryKey: keys.all(r) });
  /**
   * After a save or a removal: a session list takes the change by id (`change`), and only the
   * entity's other queries (items, lists by device, user…) are refreshed; any other entity's all of them.
   */
  const refreshAfter = (r: Resource<{ id: number }>, change: (rows: readonly Row[]) => Row[]) => {
    if (!isSessionList(r)) return refresh(r);
    client.setQueryData(keys.list(r), (old) => (Array.isArray(old) ? change(old as Row[]) : old));
    return client.invalidateQueries({ queryKey: keys.all(r), predicate: (query) => !isSessionListKey(query.queryKey) });
  };

  return {
    /** Create (id 0 or absent) or update, then refresh the entity's queries. */
    save: <T extends { id: number }>(r: Resource<T>, item: T, options?: WriteOptions): Promise<T> =>
      run(async () => {
        const saved = item.id ? await api.update(r, item) : await api.create(r, item);
        if (isDevice(r)) deps.deviceSaved(saved as unknown as Device);
        await refreshAfter(r, (rows) => withSaved(rows, saved));
        return saved;
      }, options),
    remove: <T extends { id: number }>(r: Resource<T>, id: number, options?: WriteOptions): Promise<void> =>
      run(async () => {
        await api.remove(r, id);
        if (isDevice(r)) deps.deviceRemoved(id);
        await refreshAfter(r, (rows) => rows.filter((row) => row.id !== id));
      }, options),
    /**
     * Link (or unlink) two objects through `/api/permissions`; both entities' queries refresh (a
     * session list too: a link to a user may change what that user sees).
     */
    link: (owner: AnyResource, ownerId: number, target: AnyResource, targetId: number, linked: boolean, options?: WriteOptions) =>
      run(async () => {
        const permission = permissionOf(owner, ownerId, target, targetId);
        await (linked ? api.link(permission) : api.unlink(permission));
        await Promise.all([
          client.invalidateQueries({ queryKey: ['permissions'] }),
          refresh(target),
          refresh(owner),
        ]);
      }, options),
    /** A device picture: uploaded, its stored file name returned (the form saves it in `attributes.deviceImage`, as Traccar's does). */
    uploadDeviceImage: (device: Device, file: Blob, options?: WriteOptions): Promise<string> =>
      run(() => api.uploadDeviceImage(device.id, file), options),
    /** A refresh without a write (after a server or session change). */
    refresh: (r: AnyResource) => refresh(r),
    refreshServer: () => client.invalidateQueries({ queryKey: keys.server() }),
  };
}

export type Mutations = ReturnType<typeof createMutations>;
