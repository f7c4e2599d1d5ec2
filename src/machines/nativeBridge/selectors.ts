import type { SnapshotFrom } from 'xstate';
import type { nativeBridgeMachine } from './nativeBridge.machine';

export type NativeBridgeSnapshot = SnapshotFrom<typeof nativeBridgeMachine>;

/** The body of the push notification that opened event `eventId` (its page's message), or null. */
export const selectNotificationBody = (eventId: number) => (s: NativeBridgeSnapshot) => s.context.bodies.find((it) => it.eventId === eventId)?.body ?? null;
