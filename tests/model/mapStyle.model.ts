/**
 * Model spec of the mapStyle machine: the paths `mapStyle.model.test.ts` replays, and the source of
 * `docs/statecharts/mapStyle.paths.md` and of the coverage table on `docs/statecharts/mapStyle.md`
 * (`npm run statecharts`).
 */
import type { AnyMachineSnapshot } from 'xstate';
import { mapStyleMachine, OFFLINE_STYLE, type MapStyleContext } from '../../src/machines/mapStyle/mapStyle.machine';
import { coveringPaths } from './graph.ts';
import { defineModel } from './spec.ts';

export const shown: string[] = [];
export const machine = mapStyleMachine.provide({ actions: { showStyle: (_, { style }) => void shown.push(style) } });
export const ctx = (s: AnyMachineSnapshot) => s.context as MapStyleContext;

export const paths = coveringPaths(machine, {
  input: { style: 'openFreeMap' },
  events: {
    SELECT: [{ style: 'osm' }, { style: OFFLINE_STYLE }],
    STYLE_LOADED: {},
    STYLE_ERROR: {},
    TILE_ERROR: {},
  },
  serializeState: (s) => JSON.stringify([s.value, ctx(s).shown, ctx(s).requested, ctx(s).tileErrors]),
  limit: 2000,
});

export const model = defineModel(mapStyleMachine, { paths: paths.map((path) => ({ path, input: { style: 'openFreeMap' } })) });
