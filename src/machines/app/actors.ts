/**
 * The types of the root actor and of its children, and the one typed way to reach a child
 * (`appChild`): declared beside the machines, so that features depend on the machines, not on the
 * composition root that provides their effects. Nothing else reads the actor system by name.
 */
import type { Actor, ActorRefFrom, AnyActorRef } from 'xstate';
import type { announcementsMachine } from '../announcements/announcements.machine';
import type { errorsMachine } from '../errors/errors.machine';
import type { nativeBridgeMachine } from '../nativeBridge/nativeBridge.machine';
import type { ServiceWorkerMachine } from '../serviceWorker/serviceWorker.machine';
import type { sessionMachine } from '../session/session.machine';
import type { socketMachine } from '../socket/socket.machine';
import type { AppMachine } from './app.machine';

export type AppActor = Actor<AppMachine>;
export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type ErrorsActor = ActorRefFrom<typeof errorsMachine>;
export type SocketActor = ActorRefFrom<typeof socketMachine>;
export type AnnouncementsActor = ActorRefFrom<typeof announcementsMachine>;
export type NativeBridgeActor = ActorRefFrom<typeof nativeBridgeMachine>;
export type ServiceWorkerActor = ActorRefFrom<ServiceWorkerMachine>;

/** The root's children by their systemId (app.machine.ts starts each once, for the root's lifetime). */
export interface AppChildren {
  session: SessionActor;
  errors: ErrorsActor;
  socket: SocketActor;
  announcements: AnnouncementsActor;
  nativeBridge: NativeBridgeActor;
  serviceWorker: ServiceWorkerActor;
}

/** Every child's systemId (the app model test checks that the root starts exactly these). */
export const APP_CHILD_IDS = ['announcements', 'errors', 'nativeBridge', 'serviceWorker', 'session', 'socket'] as const satisfies ReadonlyArray<keyof AppChildren>;

/** What holds the actor system: the root actor, or an effect's `{ system }`. */
interface HasSystem {
  get(id: string): AnyActorRef | undefined;
}

/**
 * A child of the root by its systemId, typed; undefined before the root started it (or for a
 * machine running alone in a test).
 */
export function appChild<K extends keyof AppChildren>(system: HasSystem, id: K): AppChildren[K] | undefined {
  return system.get(id) as AppChildren[K] | undefined;
}

/** `appChild` of a started root, which starts every child at once: a missing one is a wiring error. */
export function startedChild<K extends keyof AppChildren>(system: HasSystem, id: K): AppChildren[K] {
  const child = appChild(system, id);
  if (!child) throw new Error(`The root actor has no ${id}`);
  return child;
}
