/**
 * The whole fleet for the socket machine's load and refetch: devices and positions, delivered into
 * a live store that is there (the resource layer and the store come with the first load or with
 * Sign in, not with the sign-in page). A 401 from either wins; one failure leaves the other.
 */
import type { LiveLoader } from '../shared/liveLoader';
import type { RefetchOutput } from '../machines/socket/socket.machine';
import type { ApiClient } from './client';

type ResourceLayer = [typeof import('./entityEndpoints'), typeof import('./resources')];

export function fleetFetcher(client: ApiClient, loadResourceLayer: () => Promise<ResourceLayer>, live: Pick<LiveLoader, 'load'>) {
  return async (signal: AbortSignal): Promise<RefetchOutput> => {
    const [[{ entityEndpoints }, { resources }]] = await Promise.all([loadResourceLayer(), live.load()]);
    const entities = entityEndpoints(client);
    const [devices, positions] = await Promise.allSettled([entities.list(resources.devices, {}, signal), entities.list(resources.positions, {}, signal)]);
    const failures = [devices, positions].flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    const unauthorized = failures.find((e) => typeof e === 'object' && e !== null && (e as { status?: unknown }).status === 401);
    if (unauthorized !== undefined) throw unauthorized;
    if (failures.length === 2) throw failures[0];
    return {
      devices: devices.status === 'fulfilled' ? devices.value : null,
      positions: positions.status === 'fulfilled' ? positions.value : null,
    };
  };
}
