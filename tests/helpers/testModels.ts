/** Device and position fixtures for the map unit tests (imported by tests only). */
import type { Device, Position } from '../../contract/models';
import { makeDevice, makePosition } from '../fixtures/models';

export function device(id: number, overrides: Partial<Device> = {}): Device {
  return makeDevice({ id, name: `Device ${id}`, uniqueId: `u${id}`, category: 'truck', ...overrides });
}

export function position(deviceId: number, latitude: number, longitude: number, course = 0, overrides: Partial<Position> = {}): Position {
  return makePosition({ id: deviceId * 10, deviceId, protocol: null, latitude, longitude, course, ...overrides });
}
