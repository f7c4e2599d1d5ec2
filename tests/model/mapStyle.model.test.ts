/**
 * Model-based test of the map style machine: covering paths over its graph (each event with its
 * samples, the load timeout on a timed graph), replayed on the real machine with a SimulatedClock;
 * along every path the offline basemap is what the map shows whenever the machine is in fallback,
 * and the offline style never falls back.
 */
import { describe, expect, it } from 'vitest';
import { OFFLINE_STYLE } from '../../src/machines/mapStyle/mapStyle.machine';
import { replayPath } from './graph.ts';
import { assertModelCovers } from './spec.ts';
import { ctx, machine, model, paths, shown } from './mapStyle.model.ts';

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
    assertModelCovers(model);
  });
});
