import { createMutations, type Mutations } from '../api/mutations';
import { appChild } from '../machines/app/actors';
import { queryClient } from './query';
import { dataFor } from './data';
import { useServices, type Services } from './services';

const byServices = new WeakMap<Services, Mutations>();

/** The writes of the resource layer, bound to the query client, the errors queue and the live store's writer. */
export function mutationsFor(services: Services): Mutations {
  let mutations = byServices.get(services);
  if (!mutations) {
    const socket = () => appChild(services.app.system, 'socket');
    mutations = createMutations({
      api: dataFor(services).entities,
      client: queryClient,
      report: (message) => (appChild(services.app.system, 'errors'))?.send({ type: 'PUSH', message }),
      deviceSaved: (device) => socket()?.send({ type: 'DEVICE_SAVED', device }),
      deviceRemoved: (id) => socket()?.send({ type: 'DEVICE_REMOVED', id }),
    });
    byServices.set(services, mutations);
  }
  return mutations;
}

export function useMutations(): Mutations {
  return mutationsFor(useServices());
}
