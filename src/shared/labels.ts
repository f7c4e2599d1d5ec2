import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CategoryKey } from '../domain/categories';
import type { StatusFilter } from '../domain/deviceList';

/** Each category has its own name, also those that share an icon (pickup and off-road: car; trolleybus: bus). */
const CATEGORY: Record<CategoryKey, MessageDescriptor> = {
  animal: msg`Animal`,
  arrow: msg`Arrow`,
  bicycle: msg`Bicycle`,
  boat: msg`Boat`,
  bus: msg`Bus`,
  car: msg`Car`,
  camper: msg`Camper`,
  crane: msg`Crane`,
  default: msg`Default`,
  finish: msg`Finish`,
  helicopter: msg`Helicopter`,
  motorcycle: msg`Motorcycle`,
  offroad: msg`Off-road`,
  person: msg`Person`,
  pickup: msg`Pickup`,
  plane: msg`Plane`,
  scooter: msg`Scooter`,
  ship: msg`Ship`,
  start: msg`Start`,
  tractor: msg`Tractor`,
  trailer: msg`Trailer`,
  trolleybus: msg`Trolleybus`,
  train: msg`Train`,
  tram: msg`Tram`,
  truck: msg`Truck`,
  van: msg`Van`,
};

const STATUS: Record<StatusFilter, MessageDescriptor> = {
  all: msg`All`,
  online: msg`Online`,
  offline: msg`Offline`,
  unknown: msg`Unknown`,
};

export function categoryLabel(i18n: I18n, key: CategoryKey): string {
  return i18n._(CATEGORY[key]);
}

export function statusLabel(i18n: I18n, status: StatusFilter): string {
  return i18n._(STATUS[status]);
}
