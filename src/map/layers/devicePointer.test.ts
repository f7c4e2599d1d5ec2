// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeMap } from '../../../tests/helpers/testFakeMap';
import { createLiveStore } from '../../domain/liveStore';
import { device, position } from '../../../tests/helpers/testModels';
import type { Rasterizer } from '../icons/rasterize';
import { attachDevicePointer, LONG_PRESS_MS, type DevicePoint, type DevicePointerMap } from './devicePointer';
import { attachDevicesLayer, DEVICES_LAYERS, type DevicesLayerMap } from './devices';

const LAYERS = ['icons', 'selected'];
const marker = (id: number, lon = 4, lat = 2) => ({ id, geometry: { type: 'Point', coordinates: [lon, lat] } });
const mouse = (id: number, extra: Record<string, unknown> = {}) => ({ features: [marker(id)], point: { x: 1, y: 1 }, originalEvent: new MouseEvent('mousemove'), ...extra });

function setUp() {
  const fake = createFakeMap();
  const hovers: Array<DevicePoint | null> = [];
  const menus: DevicePoint[] = [];
  let clock = 10_000;
  const pointer = attachDevicePointer(fake.map as unknown as DevicePointerMap, LAYERS, {
    onHover: (hover) => hovers.push(hover),
    onMenu: (menu) => menus.push(menu),
    now: () => clock,
  });
  return { fake, hovers, menus, pointer, advance: (ms: number) => (clock += ms) };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('hovering a marker', () => {
  it('tells the device and its marker’s point once per marker entered, and null on leaving', () => {
    const { fake, hovers } = setUp();
    fake.layerEvent('mousemove', 'icons', mouse(3));
    fake.layerEvent('mousemove', 'icons', mouse(3, { point: { x: 9, y: 9 } }));
    fake.layerEvent('mousemove', 'icons', mouse(3));
    // the fake projects [lon, lat] to (lon × 10, lat × 10): the marker's point, not the pointer's
    expect(hovers).toEqual([{ id: 3, x: 40, y: 20 }]);
    fake.layerEvent('mousemove', 'icons', { ...mouse(4), features: [marker(4, 7, 8)] });
    expect(hovers.at(-1)).toEqual({ id: 4, x: 70, y: 80 });
    fake.layerEvent('mouseleave', 'icons', { point: { x: 1, y: 1 } });
    expect(hovers.at(-1)).toBeNull();
    expect(hovers).toHaveLength(3);
  });

  it('stays while the pointer is still over the same device in the other layer (the selected device is drawn twice)', () => {
    const { fake, hovers } = setUp();
    fake.layerEvent('mousemove', 'selected', mouse(3));
    fake.rendered.push({ id: 3 });
    fake.layerEvent('mouseleave', 'icons', { point: { x: 1, y: 1 } });
    expect(hovers).toEqual([{ id: 3, x: 40, y: 20 }]);
  });

  it('hides on a press and when the map starts to move, and comes back only on entering again', () => {
    const { fake, hovers } = setUp();
    fake.layerEvent('mousemove', 'icons', mouse(3));
    fake.fire('mousedown', {});
    expect(hovers).toEqual([{ id: 3, x: 40, y: 20 }, null]);
    fake.layerEvent('mousemove', 'icons', mouse(3));
    expect(hovers).toHaveLength(2);
    fake.layerEvent('mouseleave', 'icons', { point: { x: 1, y: 1 } });
    fake.layerEvent('mousemove', 'icons', mouse(3));
    fake.fire('movestart', {});
    expect(hovers).toEqual([{ id: 3, x: 40, y: 20 }, null, { id: 3, x: 40, y: 20 }, null]);
  });

  it('ignores the mouse events a touch makes up', () => {
    const { fake, hovers } = setUp();
    const made = Object.assign(new MouseEvent('mousemove'), { sourceCapabilities: { firesTouchEvents: true } });
    fake.layerEvent('mousemove', 'icons', mouse(3, { originalEvent: made }));
    expect(hovers).toEqual([]);
  });
});

describe('the menu of a marker', () => {
  const contextmenu = (id: number) => {
    const originalEvent = new MouseEvent('contextmenu', { cancelable: true });
    const event = { features: [marker(id)], point: { x: 15, y: 25 }, originalEvent, preventDefault: vi.fn() };
    return event;
  };
  const touch = (id: number, point = { x: 30, y: 40 }, fingers = 1) => ({ features: [marker(id)], point, originalEvent: { touches: { length: fingers } } });

  it('opens on a right-click at the pointer, the browser’s own menu prevented, the tooltip hidden', () => {
    const { fake, hovers, menus } = setUp();
    fake.layerEvent('mousemove', 'icons', mouse(3));
    const event = contextmenu(3);
    fake.layerEvent('contextmenu', 'icons', event);
    expect(menus).toEqual([{ id: 3, x: 15, y: 25 }]);
    expect(event.originalEvent.defaultPrevented).toBe(true);
    expect(hovers.at(-1)).toBeNull();
  });

  it('opens on a finger held still for the long press, and that press is not also a click', () => {
    const { fake, menus, pointer } = setUp();
    fake.layerEvent('touchstart', 'icons', touch(5));
    vi.advanceTimersByTime(LONG_PRESS_MS - 1);
    expect(menus).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(menus).toEqual([{ id: 5, x: 30, y: 40 }]);
    expect(pointer.clickIsLongPress()).toBe(true);
    // Android's own contextmenu that follows: not a second menu
    fake.layerEvent('contextmenu', 'icons', contextmenu(5));
    expect(menus).toHaveLength(1);
  });

  it('a short tap, a drag, a second finger or a moving map is no long press', () => {
    const { fake, menus, pointer } = setUp();
    fake.layerEvent('touchstart', 'icons', touch(5));
    fake.fire('touchend', {});
    fake.layerEvent('touchstart', 'icons', touch(5));
    fake.fire('touchmove', { point: { x: 30, y: 55 } });
    fake.layerEvent('touchstart', 'icons', touch(5, { x: 30, y: 40 }, 2));
    fake.layerEvent('touchstart', 'icons', touch(5));
    fake.fire('movestart', {});
    vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    expect(menus).toEqual([]);
    expect(pointer.clickIsLongPress()).toBe(false);
    // a finger that drifts a little is still held
    fake.layerEvent('touchstart', 'icons', touch(6));
    fake.fire('touchmove', { point: { x: 34, y: 43 } });
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(menus).toEqual([{ id: 6, x: 30, y: 40 }]);
  });

  it('a click long after a long press selects again; detaching removes every handler', () => {
    const { fake, pointer, advance } = setUp();
    fake.layerEvent('touchstart', 'icons', touch(5));
    vi.advanceTimersByTime(LONG_PRESS_MS);
    advance(1_000);
    expect(pointer.clickIsLongPress()).toBe(false);
    pointer.detach();
    expect(fake.handlers).toEqual([]);
  });
});

describe('the devices layer and the pointer', () => {
  const fakeRasterize: Rasterizer = () => ({ width: 1, height: 1, data: new Uint8ClampedArray(4) }) as ImageData;

  it('hovers and opens menus on the device markers, and a long press does not select', () => {
    const fake = createFakeMap();
    const store = createLiveStore({ defer: (run) => run() });
    store.setDevices([device(1)], [position(1, 24, 46)]);
    const hovers: Array<DevicePoint | null> = [];
    const menus: DevicePoint[] = [];
    const layer = attachDevicesLayer(fake.map as unknown as DevicesLayerMap, store, { rasterize: fakeRasterize, onHover: (h) => hovers.push(h), onMenu: (m) => menus.push(m) });
    fake.layerEvent('mousemove', DEVICES_LAYERS.icon, mouse(1));
    expect(hovers).toEqual([{ id: 1, x: 40, y: 20 }]);
    fake.layerEvent('touchstart', DEVICES_LAYERS.selectedIcon, { features: [marker(1)], point: { x: 3, y: 4 }, originalEvent: { touches: { length: 1 } } });
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(menus).toEqual([{ id: 1, x: 3, y: 4 }]);
    fake.click(DEVICES_LAYERS.icon, { id: 1 });
    expect(store.getState().selectedId).toBeNull();
    layer.detach();
    expect(fake.handlers).toEqual([]);
  });
});
