/**
 * Every machine of the product, by name. The diagram generator (`npm run statecharts`) and the
 * model-based tests read this list, so a machine added here gets a diagram and a coverage test.
 */
import type { AnyStateMachine } from 'xstate';
import { appMachine } from './app/app.machine';
import { cameraMachine } from './camera/camera.machine';
import { errorsMachine } from './errors/errors.machine';
import { fleetSeedMachine } from './fleetSeed/fleetSeed.machine';
import { mapStyleMachine } from './mapStyle/mapStyle.machine';
import { sessionMachine } from './session/session.machine';
import { socketMachine } from './socket/socket.machine';
import { editorMachine } from './editor/editor.machine';
import { requestMachine } from './request/request.machine';
import { rebootMachine } from './reboot/reboot.machine';
import { geofenceMachine } from './geofence/geofence.machine';
import { replayMachine } from './replay/replay.machine';
import { nativeBridgeMachine } from './nativeBridge/nativeBridge.machine';
import { announcementsMachine } from './announcements/announcements.machine';
import { serviceWorkerMachine } from './serviceWorker/serviceWorker.machine';

export const machines: Record<string, AnyStateMachine> = {
  announcements: announcementsMachine,
  app: appMachine,
  camera: cameraMachine,
  editor: editorMachine,
  errors: errorsMachine,
  fleetSeed: fleetSeedMachine,
  geofence: geofenceMachine,
  mapStyle: mapStyleMachine,
  nativeBridge: nativeBridgeMachine,
  reboot: rebootMachine,
  replay: replayMachine,
  request: requestMachine,
  serviceWorker: serviceWorkerMachine,
  session: sessionMachine,
  socket: socketMachine,
};
