/**
 * Model spec of the errors machine: the paths `errors.model.test.ts` replays, and the source of
 * `docs/statecharts/errors.paths.md` and of the coverage table on `docs/statecharts/errors.md`
 * (`npm run statecharts`).
 */
import type { AnyMachineSnapshot } from 'xstate';
import { errorsMachine, type ErrorsContext } from '../../src/machines/errors/errors.machine';
import { coveringPaths, type ModelPath } from './graph.ts';
import { defineModel } from './spec.ts';

export const queueOf = (s: AnyMachineSnapshot): string[] => (s.context as ErrorsContext).queue;

/** Guards read only `queue.length > 1`: explore lengths up to 3 (more adds nothing). */
const serializeState = (s: AnyMachineSnapshot): string => JSON.stringify([s.value, Math.min(queueOf(s).length, 3)]);

export const paths: ModelPath[] = coveringPaths(errorsMachine, {
  events: {
    PUSH: [{ message: 'Network unreachable' }, { message: 'HTTP 500' }, { message: '   ' }, { message: '' }],
  },
  serializeState,
});

export const SCENARIOS = {
  blank: 'ignores blank messages (the guard’s false branch takes no transition, so no covering path shows it)',
  order: 'shows queued messages in order, one CLOSE each',
} as const;

export const model = defineModel(errorsMachine, {
  paths,
  scenarios: [
    {
      title: SCENARIOS.blank,
      events: [
        { type: 'PUSH', message: '  ' },
        { type: 'PUSH', message: 'real' },
        { type: 'PUSH', message: '' },
      ],
    },
    {
      title: SCENARIOS.order,
      events: [{ type: 'PUSH', message: 'first' }, { type: 'PUSH', message: 'second' }, { type: 'CLOSE' }, { type: 'CLOSE' }],
    },
  ],
});
