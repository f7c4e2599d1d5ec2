import type { ApiClient } from './client';
import type { Server, User } from '../../contract/models';

/**
 * The calls of the boot and the sign-in screens (spec section 7), on the one fetch wrapper: what
 * the entry bundle needs. Entities and the other data calls are in `entityEndpoints.ts`, loaded
 * with the signed-in shell.
 */
export function endpoints(api: ApiClient) {
  return {
    // --- session and server (spec section 7) ---
    server: (signal?: AbortSignal) => api.json<Server>('GET', '/api/server', { signal }),
    updateServer: (server: Server) => api.json<Server>('PUT', '/api/server', { body: server }),
    session: (signal?: AbortSignal) => api.json<User>('GET', '/api/session', { signal }),
    tokenLogin: (token: string) => api.json<User>('GET', '/api/session', { query: { token } }),
    /** `totpKey`: a key set up at this sign-in, with its first `code` (a forced one-time password, the embedded server). */
    login: (credentials: { email: string; password: string; code?: string | null; totpKey?: string | null }) => {
      const form = new URLSearchParams({ email: credentials.email, password: credentials.password });
      if (credentials.code) form.set('code', credentials.code);
      if (credentials.totpKey) form.set('totpKey', credentials.totpKey);
      return api.json<User>('POST', '/api/session', { body: form });
    },
    logout: () => api.json<void>('DELETE', '/api/session'),
    createToken: (expiration: Date) =>
      api.text('POST', '/api/session/token', { body: new URLSearchParams({ expiration: expiration.toISOString() }) }),
    updateUser: (user: User) => api.json<User>('PUT', `/api/users/${user.id}`, { body: user }),
    register: (user: { name: string; email: string; password: string; totpKey?: string | null }) =>
      api.json<User>('POST', '/api/users', { body: user }),
    totpKey: () => api.text('POST', '/api/users/totp'),
    resetPassword: (email: string) => api.json<void>('POST', '/api/password/reset', { body: new URLSearchParams({ email }) }),
    updatePassword: (token: string, password: string) =>
      api.json<void>('POST', '/api/password/update', { body: new URLSearchParams({ token, password }) }),

    // --- the fleet, positions, events ---
  };
}

export type Endpoints = ReturnType<typeof endpoints>;
