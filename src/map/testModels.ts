/** Device and position fixtures for the map unit tests (imported by tests only). */
import type { Device, Position } from '../api/models';

export function device(id: number, overrides: Partial<Device> = {}): Device {
  return {
    id,
    attributes: {},
    groupId: 0,
    calendarId: 0,
    name: `Device ${id}`,
    uniqueId: `u${id}`,
    status: 'online',
    lastUpdate: null,
    positionId: 0,
    phone: null,
    model: null,
    contact: null,
    category: 'truck',
    disabled: false,
    expirationTime: null,
    ...overrides,
  };
}

export function position(deviceId: number, latitude: number, longitude: number, course = 0, overrides: Partial<Position> = {}): Position {
  return {
    id: deviceId * 10,
    attributes: {},
    deviceId,
    protocol: null,
    serverTime: null,
    deviceTime: null,
    fixTime: null,
    valid: true,
    latitude,
    longitude,
    altitude: 0,
    speed: 0,
    course,
    address: null,
    accuracy: 0,
    network: null,
    geofenceIds: null,
    ...overrides,
  };
}
