import type { SnapshotFrom } from 'xstate';
import type { socketMachine } from './socket.machine';

export type SocketSnapshot = SnapshotFrom<typeof socketMachine>;

/** Whether the device's path is being drawn (TRACK received, no UNTRACK, STOP nor deletion since). */
export const selectTracked =
  (deviceId: number) =>
  (snapshot: SocketSnapshot): boolean =>
    snapshot.context.tracking.includes(deviceId);
