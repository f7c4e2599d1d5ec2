/**
 * Model-based test of the map style machine: covering paths over its graph (each event with its
 * samples, the load timeout on a timed graph), replayed on the real machine with a SimulatedClock;
 * along every path the offline basemap is what the map shows whenever the machine is in fallback,
 * and the offline style never falls back.
 */
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { mapStyleMachine, OFFLINE_STYLE, type MapStyleContext } from '../../src/machines/mapStyle/mapStyle.machine';
import { assertCovers, coveringPaths, replayPath } from './graph.ts';

const shown: string[] = [];
const machine = mapStyleMachine.provide({ actions: { showStyle: (_, { style }) => void shown.push(style) } });
const ctx = (s: AnyMachineSnapshot) => s.context as MapStyleContext;

const paths = coveringPaths(machine, {
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

describe('map style machine (model-based)', () => {
  for (const path of paths) {
    it(path.description, async () => {
      shown.length = 0;
      await replayPath(path, {
        machine,
        input: { style: 'openFreeMap' },
        onStep: (_step, snapshot) => {
          const c = ctx(snapshot);
          if (snapshot.hasTag('fallback')) {
            expect(c.shown).toBe(OFFLINE_STYLE);
            expect(shown.at(-1)).toBe(OFFLINE_STYLE);
          }
          if (c.requested === OFFLINE_STYLE) expect(snapshot.hasTag('fallback')).toBe(false);
          expect(c.tileErrors).toBeLessThan(3);
        },
      });
    });
  }

  it('covers every state node and every transition', () => {
    assertCovers(paths, mapStyleMachine);
  });
});
