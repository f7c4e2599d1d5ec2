/**
 * Writes, derived from the resource declarations: each call invalidates the keys of its entity
 * (and of the links it changed), tells the live store about devices through its one writer, and
 * reports a failure through the errors machine unless the caller shows it itself (an editor form
 * shows the server's text beside the fields and keeps what was typed).
 * No import of TanStack Query: the client is passed in (the signed-in shell has it).
 */
import type { Device } from '../../contract/models';
import type { EntityEndpoints } from './entityEndpoints';
import { keys, permissionOf, resources, type AnyResource, type Resource } from './resources';

export interface MutationDeps {
  api: EntityEndpoints;
  client: { invalidateQueries(filters: { queryKey: readonly unknown[] }): Promise<void> };
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

export function createMutations(deps: MutationDeps) {
  const { api, client } = deps;

  async function run<T>(work: () => Promise<T>, options: WriteOptions | undefined): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (options?.report !== false) deps.report(error instanceof Error ? error.message : String(error));
      throw error;
    }
  }

  const refresh = (r: Resource<{ id: number }>) => client.invalidateQueries({ queryKey: keys.all(r) });

  return {
    /** Create (id 0 or absent) or update, then refresh the entity's queries. */
    save: <T extends { id: number }>(r: Resource<T>, item: T, options?: WriteOptions): Promise<T> =>
      run(async () => {
        const saved = item.id ? await api.update(r, item) : await api.create(r, item);
        if (isDevice(r)) deps.deviceSaved(saved as unknown as Device);
        await refresh(r);
        return saved;
      }, options),
    remove: <T extends { id: number }>(r: Resource<T>, id: number, options?: WriteOptions): Promise<void> =>
      run(async () => {
        await api.remove(r, id);
        if (isDevice(r)) deps.deviceRemoved(id);
        await refresh(r);
      }, options),
    /** Link (or unlink) two objects through `/api/permissions`; both entities' queries refresh. */
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
