import type { SnapshotFrom } from 'xstate';
import type { socketMachine } from './socket.machine';

export type SocketSnapshot = SnapshotFrom<typeof socketMachine>;

/** Whether the device's path is being drawn (TRACK received, no UNTRACK, STOP nor deletion since). */
export const selectTracked =
  (deviceId: number) =>
  (snapshot: SocketSnapshot): boolean =>
    snapshot.context.tracking.includes(deviceId);

/** Whether the fleet's first load is still to come or under way (not started, or loading). */
export const selectFleetLoading = (snapshot: SocketSnapshot): boolean =>
  snapshot.matches({ connection: 'idle' }) || snapshot.matches({ connection: 'loading' });
