/**
 * Route authorisation in one place, closed by default.
 *
 * Every route declares what it needs in its config, `{ config: { access } }`:
 * - `public`: anyone (the handler may still read `request.auth`);
 * - `user`: signed in;
 * - `object:<type>`: signed in, and the handler checks access to the named object (a device, a user…);
 * - `writable`: signed in and allowed to change things: not readonly (its own flag or the server's);
 * - `deviceWritable`: `writable`, and not deviceReadonly (its own flag or the server's);
 * - `manager`: signed in as an administrator or a manager (userLimit ≠ 0);
 * - `admin`: an administrator.
 * Administrators pass every level. A route without a declaration stops the server at startup
 * (the `onRoute` hook throws); `checkAccess` is the one gate every request passes through.
 * Refusals follow Traccar: 401 anonymous, 400 (its SecurityException) otherwise; a route may ask
 * for 403 instead (`deny: 403`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accessDenied, forbidden } from '../http/errors.ts';
import { type AppContext, requireAuth } from './context.ts';
import { restricted } from './restrictions.ts';

export const ACCESS_LEVELS = ['public', 'user', 'writable', 'deviceWritable', 'manager', 'admin'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];
export type Access = AccessLevel | `object:${string}`;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** the refusal of a signed-in caller: 400 (Traccar's default) or 403 */
    deny?: 403;
  }
}

export function isAccess(value: unknown): value is Access {
  return typeof value === 'string' && ((ACCESS_LEVELS as readonly string[]).includes(value) || /^object:[a-z]+$/i.test(value));
}

/** Whether the request may reach a route declaring `access`; throws the refusal (401 / 400 / 403). */
export function checkAccess(ctx: AppContext, request: FastifyRequest, access: Access, deny?: 403): void {
  if (access === 'public') return;
  const { user } = requireAuth(request);
  if (user.administrator) return;
  const refuse = deny === 403 ? accessDenied : forbidden;
  switch (access) {
    case 'admin':
      throw refuse('Administrator access required');
    case 'manager':
      if (user.userLimit === 0) throw refuse('Manager access required');
      return;
    case 'deviceWritable':
      if (restricted(ctx, user, 'readonly')) throw refuse('Account is readonly');
      if (restricted(ctx, user, 'deviceReadonly')) throw refuse('Devices are readonly for this account');
      return;
    case 'writable':
      if (restricted(ctx, user, 'readonly')) throw refuse('Account is readonly');
      return;
    default:
      return; // 'user' and 'object:…': signed in; the handler checks the object
  }
}

/** A registered route and its declaration. */
export interface RouteDeclaration {
  method: string;
  url: string;
  access: Access;
  deny?: 403;
}

export interface Authorization {
  /** every route registered so far, one entry per method */
  readonly routes: readonly RouteDeclaration[];
  /** Registers routes inside `register` with `access` unless they declare their own (plugins' routes). */
  within(access: Access, register: () => PromiseLike<unknown>): Promise<void>;
}

/**
 * Installs the declaration check (`onRoute`, at startup) and the gate (`onRequest`, after
 * authentication). Install before any route is registered.
 */
export function authorization(app: FastifyInstance, ctx: AppContext): Authorization {
  let scopeDefault: Access | null = null;
  const routes: RouteDeclaration[] = [];
  app.addHook('onRoute', (route) => {
    const declared = route.config?.access ?? scopeDefault;
    if (!isAccess(declared)) {
      const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
      throw new Error(`Route ${methods} ${route.url} declares no access (config.access: ${ACCESS_LEVELS.join(' | ')} | object:<type>)`);
    }
    route.config = { ...route.config, access: declared };
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      routes.push({ method, url: route.url, access: declared, ...(route.config.deny ? { deny: route.config.deny } : {}) });
    }
  });
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const { access, deny } = request.routeOptions.config;
    // closed by default: every route has a declaration (onRoute), so a missing one is refused
    if (!isAccess(access)) throw accessDenied('Route has no access declaration');
    checkAccess(ctx, request, access, deny);
  });
  return {
    routes,
    async within(access, register) {
      scopeDefault = access;
      try {
        await register();
      } finally {
        scopeDefault = null;
      }
    },
  };
}

/** Route options declaring `access`: `app.get(path, access('user'), handler)`. */
export function access(level: Access, deny?: 403): { config: { access: Access; deny?: 403 } } {
  return { config: deny ? { access: level, deny } : { access: level } };
}

/** The caller of a route declaring more than `public` (the gate has let it through). */
export const signedIn = requireAuth;
