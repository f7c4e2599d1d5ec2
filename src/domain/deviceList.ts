/**
 * The device list's rules: search, status and group filters, sorting, status counts and the
 * relative "last update" value. Pure: the list component and the tests share them.
 */
import type { Device, DeviceStatus } from '../../contract/models';
import { normalizeStatus } from './categories';

export type StatusFilter = DeviceStatus | 'all';
export type DeviceSort = 'name' | 'lastUpdate';

export interface DeviceListQuery {
  /** Free text; matched case-insensitively against name, unique id, phone, model and contact. */
  search: string;
  status: StatusFilter;
  /** A group id, or null for every group. */
  groupId: number | null;
  sort: DeviceSort;
}

export const DEFAULT_QUERY: DeviceListQuery = { search: '', status: 'all', groupId: null, sort: 'name' };

/** Lower case, trimmed, without Arabic diacritics and tatweel so that "مُحمد" finds "محمد". */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .toLocaleLowerCase()
    .trim();
}

const SEARCH_FIELDS = ['name', 'uniqueId', 'phone', 'model', 'contact'] as const;

/** The normalised words of a search text. */
export function searchWords(search: string): string[] {
  return normalizeText(search).split(/\s+/).filter(Boolean);
}

/** True when every word of the search appears in one of the searchable fields. */
export function matchesSearch(device: Device, search: string | readonly string[]): boolean {
  const words = typeof search === 'string' ? searchWords(search) : search;
  if (words.length === 0) return true;
  const haystack = SEARCH_FIELDS.map((field) => device[field])
    .filter((value): value is string => typeof value === 'string' && value !== '')
    .map(normalizeText)
    .join('\n');
  return words.every((word) => haystack.includes(word));
}

export function matchesStatus(device: Device, status: StatusFilter): boolean {
  return status === 'all' || normalizeStatus(device.status) === status;
}

export function matchesGroup(device: Device, groupId: number | null): boolean {
  return groupId === null || device.groupId === groupId;
}

function time(value: string | null | undefined): number {
  if (!value) return Number.NEGATIVE_INFINITY;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? Number.NEGATIVE_INFINITY : parsed;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** By name (locale-aware, numeric: "Car 2" before "Car 10"), or newest update first; ties by id. */
export function compareDevices(sort: DeviceSort): (a: Device, b: Device) => number {
  if (sort === 'lastUpdate') {
    return (a, b) => time(b.lastUpdate) - time(a.lastUpdate) || collator.compare(a.name ?? '', b.name ?? '') || a.id - b.id;
  }
  return (a, b) => collator.compare(a.name ?? '', b.name ?? '') || a.id - b.id;
}

/** The ids shown by the list, in order. */
export function filterAndSort(devices: Iterable<Device>, query: DeviceListQuery): number[] {
  const kept: Device[] = [];
  const words = searchWords(query.search);
  for (const device of devices) {
    if (matchesStatus(device, query.status) && matchesGroup(device, query.groupId) && matchesSearch(device, words)) {
      kept.push(device);
    }
  }
  kept.sort(compareDevices(query.sort));
  return kept.map((device) => device.id);
}

export type StatusCounts = Record<StatusFilter, number>;

/** Counts per status among the devices that pass the search and group filters (not the status one). */
export function statusCounts(devices: Iterable<Device>, query: Pick<DeviceListQuery, 'search' | 'groupId'>): StatusCounts {
  const counts: StatusCounts = { all: 0, online: 0, offline: 0, unknown: 0 };
  const words = searchWords(query.search);
  for (const device of devices) {
    if (!matchesGroup(device, query.groupId) || !matchesSearch(device, words)) continue;
    counts.all += 1;
    counts[normalizeStatus(device.status)] += 1;
  }
  return counts;
}

/** True when both arrays hold the same values in the same order. */
export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

export type RelativeUnit = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year';

/**
 * The value and unit for `Intl.RelativeTimeFormat` of a past moment (negative), or null when there
 * is no valid date. A moment in the future (device or server clock ahead) counts as now.
 */
export function relativeTime(value: string | null | undefined, now: number): { value: number; unit: RelativeUnit } | null {
  const then = time(value);
  if (!Number.isFinite(then)) return null;
  const seconds = Math.min(0, Math.round((then - now) / 1000)) || 0;
  const abs = Math.abs(seconds);
  if (abs < 60) return { value: seconds, unit: 'second' };
  if (abs < 3600) return { value: Math.trunc(seconds / 60), unit: 'minute' };
  if (abs < 86_400) return { value: Math.trunc(seconds / 3600), unit: 'hour' };
  if (abs < 30 * 86_400) return { value: Math.trunc(seconds / 86_400), unit: 'day' };
  if (abs < 365 * 86_400) return { value: Math.trunc(seconds / (30 * 86_400)), unit: 'month' };
  return { value: Math.trunc(seconds / (365 * 86_400)), unit: 'year' };
}

function sameNames(previous: ReadonlyMap<number, Device>, next: ReadonlyMap<number, Device>): boolean {
  if (previous.size !== next.size) return false;
  for (const [id, device] of next) {
    const before = previous.get(id);
    if (!before || (before !== device && before.name !== device.name)) return false;
  }
  return true;
}

/**
 * `filterAndSort` for a live list: the order by name is kept while no device was added, removed or
 * renamed (a status or position change of 10,000 devices does not sort them again), then the
 * filters run over it. The order by last update is sorted again on every change (numeric, fast).
 */
export function createDeviceListView(): (devices: ReadonlyMap<number, Device>, query: DeviceListQuery) => number[] {
  let cache: { devices: ReadonlyMap<number, Device>; sort: DeviceSort; ids: number[] } | null = null;
  return (devices, query) => {
    let ids: number[];
    if (cache && cache.devices === devices && cache.sort === query.sort) {
      ids = cache.ids;
    } else if (cache && query.sort === 'name' && cache.sort === 'name' && sameNames(cache.devices, devices)) {
      ids = cache.ids;
      cache = { devices, sort: 'name', ids };
    } else {
      ids = [...devices.values()].sort(compareDevices(query.sort)).map((device) => device.id);
      cache = { devices, sort: query.sort, ids };
    }
    const result: number[] = [];
    const words = searchWords(query.search);
    for (const id of ids) {
      const device = devices.get(id);
      if (device && matchesStatus(device, query.status) && matchesGroup(device, query.groupId) && matchesSearch(device, words)) {
        result.push(id);
      }
    }
    return result;
  };
}
