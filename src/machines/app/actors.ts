/**
 * The types of the root actor and of the children the features read (`actor.system.get(...)`):
 * declared beside the machines, so that features depend on the machines, not on the composition
 * root that provides their effects.
 */
import type { Actor, ActorRefFrom } from 'xstate';
import type { announcementsMachine } from '../announcements/announcements.machine';
import type { errorsMachine } from '../errors/errors.machine';
import type { nativeBridgeMachine } from '../nativeBridge/nativeBridge.machine';
import type { sessionMachine } from '../session/session.machine';
import type { socketMachine } from '../socket/socket.machine';
import type { AppMachine } from './app.machine';

export type AppActor = Actor<AppMachine>;
export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type ErrorsActor = ActorRefFrom<typeof errorsMachine>;
export type SocketActor = ActorRefFrom<typeof socketMachine>;
export type AnnouncementsActor = ActorRefFrom<typeof announcementsMachine>;
export type NativeBridgeActor = ActorRefFrom<typeof nativeBridgeMachine>;
