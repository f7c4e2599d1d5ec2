/**
 * Replaying devices' history: `LOAD` (the devices and the period) → loading → `ready` at the first
 * position, or `empty` (nothing to play) or `failed` (the reason) → `playing` ⇄ `paused` → `ended` at
 * the last position. The clock runs on the positions' own timestamps: while playing, each frame
 * (`TICK` with the milliseconds since the last one, from the `frames` actor) moves it by that many
 * milliseconds times the speed (1× … 120× real time), or, in "per point" mode, one position of any
 * device every `PER_POINT_MS`. `STEP` moves to the next or previous position (and pauses), `SEEK` to
 * any time (a playing replay keeps playing); speed and the follow camera are settings of any state.
 * The history itself is loaded by the `load` actor (`replay.effects.ts`: the route report, parsed and
 * prepared off the main thread).
 */
import { assign, fromCallback, fromPromise, not, setup } from 'xstate';
import { nextStep, previousStep, type ReplayData } from '../../domain/replay';
import { errorText } from '../../domain/errors';

/** Real-time multiples, slowest first. */
export const REPLAY_SPEEDS = [1, 2, 5, 10, 30, 60, 120] as const;
/** A multiple of real time, or one position every `PER_POINT_MS`. */
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number] | 'point';
/** The order of + and −: per point is the slowest. */
export const SPEED_ORDER: readonly ReplaySpeed[] = ['point', ...REPLAY_SPEEDS];
/** "Per point": one position every half second, as Traccar's own replay. */
export const PER_POINT_MS = 500;
export const DEFAULT_SPEED: ReplaySpeed = 10;

export interface ReplayContext {
  /** what the last LOAD asked for (the devices and the period) */
  input: unknown;
  data: ReplayData | null;
  /** the replay's clock, ms since the epoch (a position's time, or between two) */
  time: number;
  speed: ReplaySpeed;
  follow: boolean;
  /** per point: milliseconds played since the last step */
  carry: number;
  error: string | null;
}

export type ReplayEvent =
  | { type: 'LOAD'; input: unknown }
  | { type: 'PLAY' }
  | { type: 'PAUSE' }
  | { type: 'TOGGLE' }
  | { type: 'TICK'; delta: number }
  | { type: 'STEP'; direction: 1 | -1 }
  | { type: 'SEEK'; time: number }
  | { type: 'SPEED'; speed: ReplaySpeed }
  | { type: 'FASTER' }
  | { type: 'SLOWER' }
  | { type: 'FOLLOW'; on: boolean };


/** Where the clock is after `delta` ms of playing (not past the end). */
export function advance(context: Pick<ReplayContext, 'data' | 'time' | 'speed' | 'carry'>, delta: number): { time: number; carry: number } {
  const data = context.data;
  if (!data) return { time: context.time, carry: 0 };
  const step = Math.max(0, Number.isFinite(delta) ? delta : 0);
  if (context.speed === 'point') {
    let carry = context.carry + step;
    let time = context.time;
    while (carry >= PER_POINT_MS && time < data.end) {
      time = nextStep(data, time);
      carry -= PER_POINT_MS;
    }
    return { time, carry: time >= data.end ? 0 : carry };
  }
  return { time: Math.min(data.end, context.time + step * context.speed), carry: 0 };
}

const clampTime = (data: ReplayData | null, time: number): number => (data ? Math.max(data.start, Math.min(data.end, Number.isFinite(time) ? time : data.start)) : 0);

function shiftSpeed(speed: ReplaySpeed, by: 1 | -1): ReplaySpeed {
  const index = SPEED_ORDER.indexOf(speed);
  return SPEED_ORDER[Math.max(0, Math.min(SPEED_ORDER.length - 1, index + by))]!;
}

export const replayMachine = setup({
  types: {
    context: {} as ReplayContext,
    events: {} as ReplayEvent,
    input: {} as { speed?: ReplaySpeed; follow?: boolean },
  },
  actors: {
    /** the history of the devices and period asked for, prepared (`prepareReplay`) */
    load: fromPromise<ReplayData, unknown>(async () => {
      throw new Error('load not provided');
    }),
    /** the display's frames while playing: TICK with the milliseconds since the previous one */
    frames: fromCallback(() => {}),
  },
  actions: {
    startLoad: assign({
      input: ({ event }) => (event.type === 'LOAD' ? event.input : undefined),
      data: null,
      time: 0,
      carry: 0,
      error: null,
    }),
    advance: assign(({ context, event }) => (event.type === 'TICK' ? advance(context, event.delta) : {})),
    toEnd: assign({ time: ({ context }) => context.data?.end ?? 0, carry: 0 }),
    toStart: assign({ time: ({ context }) => context.data?.start ?? 0, carry: 0 }),
    step: assign({
      time: ({ context, event }) => {
        if (event.type !== 'STEP' || !context.data) return context.time;
        return event.direction > 0 ? nextStep(context.data, context.time) : previousStep(context.data, context.time);
      },
      carry: 0,
    }),
    seek: assign({ time: ({ context, event }) => (event.type === 'SEEK' ? clampTime(context.data, event.time) : context.time), carry: 0 }),
  },
  guards: {
    hasTracks: ({ event }) => {
      const output = (event as unknown as { output?: ReplayData }).output;
      return !!output && output.tracks.length > 0;
    },
    reachesEnd: ({ context, event }) => event.type === 'TICK' && !!context.data && advance(context, event.delta).time >= context.data.end,
    atEnd: ({ context }) => !!context.data && context.time >= context.data.end,
    seeksEnd: ({ context, event }) => event.type === 'SEEK' && !!context.data && clampTime(context.data, event.time) >= context.data.end,
    forward: ({ event }) => event.type === 'STEP' && event.direction > 0,
  },
}).createMachine({
  id: 'replay',
  initial: 'idle',
  context: ({ input }) => ({
    input: undefined,
    data: null,
    time: 0,
    speed: input?.speed ?? DEFAULT_SPEED,
    follow: input?.follow ?? false,
    carry: 0,
    error: null,
  }),
  on: {
    LOAD: { target: '.loading', reenter: true, actions: 'startLoad' },
    SPEED: { actions: assign({ speed: ({ event }) => event.speed, carry: 0 }) },
    FASTER: { actions: assign({ speed: ({ context }) => shiftSpeed(context.speed, 1), carry: 0 }) },
    SLOWER: { actions: assign({ speed: ({ context }) => shiftSpeed(context.speed, -1), carry: 0 }) },
    FOLLOW: { actions: assign({ follow: ({ event }) => event.on }) },
  },
  states: {
    idle: {},
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'load',
        input: ({ context }: { context: ReplayContext }) => context.input,
        onDone: [
          { guard: 'hasTracks', target: 'ready', actions: assign({ data: ({ event }) => event.output, time: ({ event }) => event.output.start }) },
          { target: 'empty', actions: assign({ data: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    /** loaded, at the first position, not played yet */
    ready: {
      tags: ['loaded'],
      on: {
        PLAY: 'playing',
        TOGGLE: 'playing',
        STEP: { guard: 'forward', target: 'paused', actions: 'step' },
        SEEK: { target: 'paused', actions: 'seek' },
      },
    },
    playing: {
      tags: ['loaded', 'playing'],
      invoke: { src: 'frames' },
      on: {
        TICK: [{ guard: 'reachesEnd', target: 'ended', actions: 'toEnd' }, { actions: 'advance' }],
        PAUSE: 'paused',
        TOGGLE: 'paused',
        STEP: { target: 'paused', actions: 'step' },
        SEEK: [{ guard: 'seeksEnd', target: 'ended', actions: 'seek' }, { actions: 'seek' }],
      },
    },
    /** paused between the first and the last position (at the last one it has ended) */
    paused: {
      tags: ['loaded'],
      always: { guard: 'atEnd', target: 'ended' },
      on: {
        PLAY: 'playing',
        TOGGLE: 'playing',
        STEP: { target: 'paused', reenter: true, actions: 'step' },
        SEEK: { target: 'paused', reenter: true, actions: 'seek' },
      },
    },
    /** at the last position: playing again starts over; stepping back or seeking earlier pauses there */
    ended: {
      tags: ['loaded'],
      on: {
        PLAY: { target: 'playing', actions: 'toStart' },
        TOGGLE: { target: 'playing', actions: 'toStart' },
        STEP: { guard: not('forward'), target: 'paused', actions: 'step' },
        SEEK: { guard: not('seeksEnd'), target: 'paused', actions: 'seek' },
      },
    },
    /** nothing to play: no positions in the period (or none with a place and a time) */
    empty: {},
    failed: {},
  },
});

export type ReplayMachine = typeof replayMachine;
