/**
 * Model-based test of the report-run machine: covering paths through every state and transition
 * (rows, no rows, a failure, the progress tick on the simulated clock, CANCEL, RUN from each
 * state), replayed on the real machine with a fake `run`. Along every path: busy exactly while
 * running, rows only when shown, a reason only when failed, progress counted only while running.
 */
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { reportMachine, type ReportContext } from '../../src/machines/report/report.machine';
import { assertCovers, coveringPaths, fakeActors, provideFakeActors, replayPath, transitionsOf } from './graph.ts';

const fakes = fakeActors();
const machine = provideFakeActors(reportMachine, fakes);
const ctx = (s: AnyMachineSnapshot) => s.context as ReportContext;
const paths = coveringPaths(machine, {
  events: {
    RUN: [{ input: { kind: 'trips' } }],
    CANCEL: {},
    'xstate.done.actor.0.report.running': [{ output: [{ id: 1 }] }, { output: [] }],
    'xstate.error.actor.0.report.running': { error: new Error('Time period exceeds the limit') },
  },
  serializeState: (s) => JSON.stringify([s.value, ctx(s).rows.length > 0, ctx(s).error !== null, ctx(s).elapsed > 0]),
});

describe('report machine (model-based)', () => {
  for (const path of paths) {
    it(path.description, async () => {
      await replayPath(path, {
        machine,
        fakes,
        onStep: (_step, snapshot) => {
          expect(snapshot.hasTag('busy')).toBe(snapshot.matches('running'));
          expect(ctx(snapshot).rows.length > 0).toBe(snapshot.matches('shown'));
          expect(ctx(snapshot).error !== null).toBe(snapshot.matches('failed'));
          if (snapshot.matches('idle') || snapshot.matches('failed')) expect(ctx(snapshot).rows).toEqual([]);
        },
      });
    });
  }

  it('covers every state node and every transition', () => {
    assertCovers(paths, machine);
    expect(transitionsOf(machine)).toHaveLength(6);
  });
});
