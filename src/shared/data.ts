import { entityEndpoints, type EntityEndpoints } from '../api/entityEndpoints';
import { queries, type Queries } from '../api/queries';
import { useServices, type Services } from './services';

export interface Data {
  /** the resource layer's calls */
  entities: EntityEndpoints;
  /** query options derived from the resource declarations */
  queries: Queries;
}

const byServices = new WeakMap<Services, Data>();

/** The resource layer on the services' API client (one per app; not part of the sign-in bundle). */
export function dataFor(services: Services): Data {
  let data = byServices.get(services);
  if (!data) {
    const entities = entityEndpoints(services.client);
    data = { entities, queries: queries({ ...entities, server: services.api.server, totpKey: services.api.totpKey }) };
    byServices.set(services, data);
  }
  return data;
}

export function useData(): Data {
  return dataFor(useServices());
}
