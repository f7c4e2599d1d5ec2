/**
 * Device category → icon key, and device status → colour on the dark map.
 * Category keys are those of the specification (Device); unknown categories use `default`.
 */
import type { DeviceStatus } from '../../contract/models';

export const ICON_KEYS = [
  'animal',
  'arrow',
  'bicycle',
  'boat',
  'bus',
  'car',
  'camper',
  'crane',
  'default',
  'finish',
  'helicopter',
  'motorcycle',
  'person',
  'plane',
  'scooter',
  'ship',
  'start',
  'tractor',
  'trailer',
  'train',
  'tram',
  'truck',
  'van',
] as const;

export type IconKey = (typeof ICON_KEYS)[number];

const ALIASES: Readonly<Record<string, IconKey>> = {
  offroad: 'car',
  pickup: 'car',
  trolleybus: 'bus',
};

const KEYS: ReadonlySet<string> = new Set(ICON_KEYS);

function isIconKey(value: string): value is IconKey {
  return KEYS.has(value);
}

/** Every category key of the specification: the icon keys and the aliases that share an icon. */
export const CATEGORY_KEYS = [...ICON_KEYS, ...(Object.keys(ALIASES) as Array<'offroad' | 'pickup' | 'trolleybus'>)] as const;
export type CategoryKey = IconKey | 'offroad' | 'pickup' | 'trolleybus';

/**
 * The categories a device may be given (the device form's list), each once: the icon keys and the
 * aliases, without `start` and `finish`, which mark a route's ends on the map and are no kind of
 * device. `arrow` stays: the specification lists it as a category (a device drawn as its heading).
 */
export const DEVICE_CATEGORIES: readonly CategoryKey[] = CATEGORY_KEYS.filter((key) => key !== 'start' && key !== 'finish');

/** The category a device names (for its label): a known key, else `default`. */
export function categoryKey(category: string | null | undefined): CategoryKey {
  if (typeof category !== 'string') return 'default';
  const key = category.trim().toLowerCase();
  return (CATEGORY_KEYS as readonly string[]).includes(key) ? (key as CategoryKey) : 'default';
}

export function categoryIcon(category: string | null | undefined): IconKey {
  if (typeof category !== 'string') return 'default';
  const key = category.trim().toLowerCase();
  if (isIconKey(key)) return key;
  return Object.hasOwn(ALIASES, key) ? (ALIASES[key] ?? 'default') : 'default';
}

/** Status colours for the dark theme: bright enough on deep navy, distinct for colour-blind users by lightness too. */
export const STATUS_COLORS: Readonly<Record<DeviceStatus, string>> = {
  online: '#34d399',
  offline: '#f87171',
  unknown: '#94a3b8',
};

export function statusColor(status: string | null | undefined): string {
  return status === 'online' || status === 'offline' ? STATUS_COLORS[status] : STATUS_COLORS.unknown;
}

/** Narrows anything from the wire to a known status (unknown otherwise). */
export function normalizeStatus(status: string | null | undefined): DeviceStatus {
  return status === 'online' || status === 'offline' ? status : 'unknown';
}
