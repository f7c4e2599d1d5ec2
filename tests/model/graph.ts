/**
 * Model-based testing helpers for XState 5 machines.
 *
 * 1. {@link coveringPaths} walks the machine's state graph (with `xstate/graph`-style
 *    traversal) treating delayed (`xstate.after.*`) and invoke (`xstate.done.actor.*`,
 *    `xstate.error.actor.*`) events as ordinary events, and returns paths that together take
 *    every reachable transition (strategy `'transitions'`, the default), reach every state
 *    (`'shortest'`, via `getShortestPaths`) or enumerate simple paths (`'simple'`, via
 *    `getSimplePaths`). Every step records which transitions it took, `always` and internal
 *    `onDone` microsteps included.
 * 2. {@link assertCovers} fails listing every state node and transition no path reaches.
 * 3. {@link replayPath} replays one path against a real actor: ordinary events are sent,
 *    delays are performed by advancing a `SimulatedClock` and done/error steps by
 *    resolving/rejecting controllable fake actors ({@link fakeActors}); after each step the
 *    actor's state value is compared with the model's.
 *
 * A machine's test takes its paths from its model spec, `tests/model/<name>.model.ts`
 * (`defineModel`, ./spec.ts), which the docs generator also reads for the test plan and the
 * coverage table (docs/qa.md). XState internals are read only through ./xstateAdapter.ts.
 *
 * @example
 * ```ts
 * const fakes = fakeActors();
 * const machine = provideFakeActors(sessionMachine, fakes);
 * const paths = coveringPaths(machine, {
 *   events: { 'xstate.done.actor.loadServer': { output: { version: '6.1' } }, LOGIN: [{ user: 'a' }] },
 * });
 * describe('session machine', () => {
 *   for (const path of paths) {
 *     it(path.description, async () => {
 *       await replayPath(path, { machine, fakes });
 *     });
 *   }
 *   it('covers every state and transition', () => assertCovers(paths, sessionMachine));
 * });
 * ```
 */
import {
  createActor,
  fromPromise,
  SimulatedClock,
  type Actor,
  type AnyActorLogic,
  type AnyActorScope,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type PromiseActorLogic,
  type StateValue,
} from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { activeStateNodes, describeExecutedAction, ownEventDescriptors, recordingScope } from './xstateAdapter.ts';
import { describeMachine, transitionId, type MachineModel, type TransitionInfo } from '../../scripts/statecharts/model.ts';

export { describeMachine, transitionId };
export type { MachineModel, StateInfo, TransitionInfo, TransitionKind, DelayInfo } from '../../scripts/statecharts/model.ts';

// ---------------------------------------------------------------------------------------------
// Static enumeration

/**
 * Every transition of the machine definition, in document order: ordinary events, delayed
 * (`kind: 'after'`, event `xstate.after.<delay>.<state id>`), invoke done/error
 * (`xstate.done.actor.<invoke id>` / `xstate.error.actor.<invoke id>`), state `onDone`
 * (`xstate.done.state.<id>`) and `always`. Each edge has a stable `id`, its `source` path,
 * `eventType`, `guard`, `targets` and `actions`.
 */
export function transitionsOf(machine: AnyStateMachine): readonly TransitionInfo[] {
  return describeMachine(machine).transitions;
}

/**
 * The event type that reports an invoked actor's (`src`) output or failure: XState generates the
 * invoke ids, so a spec's sample events name them through this.
 */
export function invokeEventType(machine: AnyStateMachine, src: string, kind: 'done' | 'error'): string {
  const t = transitionsOf(machine).find((it) => it.kind === kind && it.invoke?.src === src);
  if (!t) throw new Error(`${machine.id}: no ${kind} transition for ${src}`);
  return t.eventType;
}

/** Ids of every state node that a test can reach (history pseudo-states excluded). */
export function stateIdsOf(machine: AnyStateMachine): string[] {
  return describeMachine(machine)
    .states.filter((s) => s.type !== 'history')
    .map((s) => s.id);
}

// ---------------------------------------------------------------------------------------------
// Stepping the machine purely, recording the transitions taken

/** How a step is performed against a real actor. */
export type StepKind = 'init' | 'event' | 'delay' | 'done' | 'error' | 'snapshot';

export interface PathStep {
  readonly kind: StepKind;
  /** The event (for `init`: `{ type: 'xstate.init' }`). */
  readonly event: AnyEventObject;
  /** Short human label: `START`, `after RETRY_DELAY`, `done: loadServer`, … */
  readonly label: string;
  /** The expected snapshot after the step (computed purely from the machine). */
  readonly state: AnyMachineSnapshot;
  /** Ids ({@link TransitionInfo.id}) of every transition taken, microsteps included. */
  readonly transitions: readonly string[];
  /** Ids of every state node active at some microstep of the step (transient states included). */
  readonly states: readonly string[];
  /**
   * The effects the machine runs in this step, in order, as computed purely from the machine:
   * named actions (`deliver`; context-only `assign`s are not effects), `start <actor>`,
   * `stop <actor>`, `send <event> to <actor>` (see `describeExecutedAction`).
   */
  readonly effects: readonly string[];
  /**
   * For `delay` steps: the delay name or milliseconds, the id of the state that owns it and the
   * milliseconds to advance a simulated clock from the previous step so that this timer (and
   * no other) fires — `undefined` when the delay cannot be resolved statically.
   */
  readonly delay?: { readonly delay: string | number; readonly stateId: string; readonly advanceMs: number | undefined };
  /**
   * For `delay` steps: other delayed events due at the same instant, which the one clock
   * increment fires too (their transitions and states are included in this step).
   */
  readonly simultaneous?: readonly AnyEventObject[];
  /** For `done`/`error`/`snapshot` steps: the invoke id and src. */
  readonly invoke?: { readonly id: string; readonly src: string };
}

export interface ModelPath {
  /** Unique, human readable: `START → after 1000ms ⇒ working.fetch.loading + working.ticker.tock`. */
  readonly description: string;
  /** `steps[0]` is the `init` step. */
  readonly steps: readonly PathStep[];
  /** The final expected snapshot. */
  readonly state: AnyMachineSnapshot;
}

interface StepResult {
  readonly snapshot: AnyMachineSnapshot;
  readonly transitions: string[];
  readonly states: string[];
  readonly effects: string[];
}

function record(run: (scope: AnyActorScope) => unknown): StepResult {
  const taken: string[] = [];
  const visited = new Set<string>();
  const effects: string[] = [];
  const scope = recordingScope({
    microstep: (snapshot, transitions) => {
      for (const t of transitions) taken.push(transitionId(t));
      for (const node of activeStateNodes(snapshot)) visited.add(node.id);
    },
    action: (action) => {
      const effect = describeExecutedAction(action);
      if (effect !== undefined) effects.push(effect);
    },
  });
  const snapshot = run(scope) as AnyMachineSnapshot;
  if (snapshot.status === 'error') {
    throw new Error(`the machine errored: ${snapshot.error instanceof Error ? snapshot.error.message : String(snapshot.error)}`);
  }
  for (const node of activeStateNodes(snapshot)) visited.add(node.id);
  return { snapshot, transitions: taken, states: [...visited], effects };
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value instanceof Error) return stableStringify({ name: value.name, message: value.message });
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .filter((k) => record[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableStringify(record[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** Leaf paths of a state value: `{ working: { fetch: 'loading', ticker: 'tick' } }` → `working.fetch.loading + working.ticker.tick`. */
export function formatStateValue(value: StateValue): string {
  const leaves: string[] = [];
  const walk = (v: StateValue, prefix: string): void => {
    if (typeof v === 'string') {
      leaves.push(prefix ? `${prefix}.${v}` : v);
      return;
    }
    const keys = Object.keys(v);
    if (keys.length === 0 && prefix) leaves.push(prefix);
    for (const key of keys) {
      const child = v[key];
      if (child === undefined) leaves.push(prefix ? `${prefix}.${key}` : key);
      else walk(child, prefix ? `${prefix}.${key}` : key);
    }
  };
  walk(value, '');
  return leaves.join(' + ');
}

function describeEvent(event: AnyEventObject, info: TransitionInfo | undefined): string {
  const { type, ...rest } = event;
  const label = info && info.kind !== 'event' ? info.label : type;
  const keys = Object.keys(rest);
  return keys.length === 0 ? label : `${label} ${stableStringify(rest)}`;
}

/** A pending `after` timer: owning state and remaining milliseconds (`undefined` = unknown). */
interface Timer {
  readonly stateId: string;
  readonly remaining: number | undefined;
}

/** A vertex of the timed state graph: the snapshot plus the pending delayed events. */
interface Vertex {
  readonly snapshot: AnyMachineSnapshot;
  readonly timers: ReadonlyMap<string, Timer>;
  readonly steps: readonly PathStep[];
}

/** Ids of the states entered by a step (newly active, or re-entered as a transition target). */
function enteredStates(before: AnyMachineSnapshot | undefined, after: AnyMachineSnapshot, targetIds: readonly string[]): Set<string> {
  const previous = new Set((before ? activeStateNodes(before) : []).map((n) => n.id));
  const now = activeStateNodes(after);
  const entered = new Set(now.filter((n) => !previous.has(n.id)).map((n) => n.id));
  const targets = new Set(targetIds);
  for (const node of now) {
    for (let n: AnyStateNode | undefined = node; n; n = n.parent) {
      if (targets.has(n.id)) {
        entered.add(node.id);
        break;
      }
    }
  }
  return entered;
}

function resolveDelay(
  machine: AnyStateMachine,
  delay: string | number,
  snapshot: AnyMachineSnapshot,
  event: AnyEventObject,
  overrides: Readonly<Record<string, number>> = {},
): number | undefined {
  if (typeof delay === 'number') return delay;
  const override = overrides[delay];
  if (override !== undefined) return override;
  const impl: unknown = (machine.implementations.delays as Record<string, unknown>)[delay];
  if (typeof impl === 'number') return impl;
  if (typeof impl === 'function') {
    try {
      const value: unknown = impl({ context: snapshot.context, event });
      return typeof value === 'number' ? value : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

class StepFactory {
  readonly model: MachineModel;
  private readonly byEventType = new Map<string, TransitionInfo>();
  private readonly byId = new Map<string, TransitionInfo>();
  private readonly afterByState = new Map<string, TransitionInfo[]>();

  constructor(
    readonly machine: AnyStateMachine,
    private readonly timed: boolean,
  ) {
    this.model = describeMachine(machine);
    for (const t of this.model.transitions) {
      this.byId.set(t.id, t);
      if (t.eventType !== '' && !this.byEventType.has(t.eventType)) this.byEventType.set(t.eventType, t);
      if (t.kind === 'after') {
        const list = this.afterByState.get(t.sourceId) ?? [];
        if (!list.some((other) => other.eventType === t.eventType)) list.push(t);
        this.afterByState.set(t.sourceId, list);
      }
    }
  }

  private timersAfter(
    previous: ReadonlyMap<string, Timer>,
    elapsed: number,
    before: AnyMachineSnapshot | undefined,
    result: StepResult,
    event: AnyEventObject,
  ): Map<string, Timer> {
    const targetIds = result.transitions.flatMap((id) => this.byId.get(id)?.targetIds ?? []);
    const entered = enteredStates(before, result.snapshot, targetIds);
    const active = new Set(activeStateNodes(result.snapshot).map((n) => n.id));
    const next = new Map<string, Timer>();
    if (result.snapshot.status !== 'active') return next;
    for (const [eventType, timer] of previous) {
      if (eventType === event.type || !active.has(timer.stateId) || entered.has(timer.stateId)) continue;
      next.set(eventType, { stateId: timer.stateId, remaining: timer.remaining === undefined ? undefined : timer.remaining - elapsed });
    }
    for (const node of activeStateNodes(result.snapshot)) {
      if (!entered.has(node.id)) continue;
      for (const t of this.afterByState.get(node.id) ?? []) {
        const ms = t.delay === undefined ? undefined : resolveDelay(this.machine, t.delay, result.snapshot, event);
        next.set(t.eventType, { stateId: node.id, remaining: ms });
      }
    }
    return next;
  }

  init(input: unknown): Vertex {
    let result: StepResult;
    try {
      result = record((scope) => this.machine.getInitialSnapshot(scope, input));
    } catch (error) {
      throw new Error(`${this.machine.id}: initial state: ${error instanceof Error ? error.message : String(error)}`);
    }
    const step: PathStep = {
      kind: 'init',
      event: { type: 'xstate.init' },
      label: 'init',
      state: result.snapshot,
      transitions: result.transitions,
      states: result.states,
      effects: result.effects,
    };
    const timers = this.timersAfter(new Map(), 0, undefined, result, step.event);
    return { snapshot: result.snapshot, timers, steps: [step] };
  }

  /** Whether a delayed event can fire now: its timer is pending and no other known timer is due earlier. */
  canFire(vertex: Vertex, event: AnyEventObject): boolean {
    if (!this.timed) return true;
    const info = this.byEventType.get(event.type);
    if (info?.kind !== 'after') return true;
    const timer = vertex.timers.get(event.type);
    if (!timer) return false;
    if (timer.remaining === undefined) return true;
    for (const [type, other] of vertex.timers) {
      if (type === event.type) break; // timers before this one in scheduling order were checked
      if (other.remaining !== undefined && other.remaining <= timer.remaining) return false;
    }
    for (const [type, other] of vertex.timers) {
      if (type !== event.type && other.remaining !== undefined && other.remaining < timer.remaining) return false;
    }
    return true;
  }

  step(vertex: Vertex, event: AnyEventObject): { readonly step: PathStep; readonly vertex: Vertex } {
    let result: StepResult;
    try {
      result = record((scope) => this.machine.transition(vertex.snapshot, event, scope));
    } catch (error) {
      throw new Error(
        `${this.machine.id}: event ${stableStringify(event)} in state ${formatStateValue(vertex.snapshot.value)}: ${
          error instanceof Error ? error.message : String(error)
        }\nGive coveringPaths a sample event for "${event.type}" (options.events).`,
      );
    }
    const info = this.byEventType.get(event.type);
    let elapsed = 0;
    let advanceMs: number | undefined;
    if (info?.kind === 'after' && info.delay !== undefined) {
      advanceMs = vertex.timers.get(event.type)?.remaining ?? resolveDelay(this.machine, info.delay, vertex.snapshot, event);
      elapsed = advanceMs ?? 0;
    }
    let timers = this.timersAfter(vertex.timers, elapsed, vertex.snapshot, result, event);
    const transitions = [...result.transitions];
    const states = new Set(result.states);
    const effects = [...result.effects];
    const labels = [describeEvent(event, info)];
    const simultaneous: AnyEventObject[] = [];
    if (this.timed && advanceMs !== undefined) {
      // Timers due at the same instant fire in the same clock increment: fold them into this step.
      const tied = [...vertex.timers].filter(([type, t]) => type !== event.type && t.remaining === advanceMs).map(([type]) => type);
      for (const type of tied) {
        if (timers.get(type)?.remaining !== 0) continue; // cancelled (state exited) or restarted
        const tiedEvent: AnyEventObject = { type };
        const before = result.snapshot;
        result = record((scope) => this.machine.transition(before, tiedEvent, scope));
        timers = this.timersAfter(timers, 0, before, result, tiedEvent);
        transitions.push(...result.transitions);
        for (const id of result.states) states.add(id);
        effects.push(...result.effects);
        labels.push(describeEvent(tiedEvent, this.byEventType.get(type)));
        simultaneous.push(tiedEvent);
      }
    }
    const base = { event, label: labels.join(' + '), state: result.snapshot, transitions, states: [...states], effects };
    let step: PathStep;
    if (info?.kind === 'after' && info.delay !== undefined) {
      step = {
        ...base,
        kind: 'delay',
        delay: { delay: info.delay, stateId: info.sourceId, advanceMs },
        ...(simultaneous.length > 0 ? { simultaneous } : {}),
      };
    } else if ((info?.kind === 'done' || info?.kind === 'error' || info?.kind === 'snapshot') && info.invoke) {
      step = { ...base, kind: info.kind, invoke: info.invoke };
    } else {
      step = { ...base, kind: 'event' };
    }
    return { step, vertex: { snapshot: result.snapshot, timers, steps: [...vertex.steps, step] } };
  }
}

function describePath(steps: readonly PathStep[]): string {
  const events = steps.slice(1).map((s) => s.label);
  const last = steps[steps.length - 1];
  const target = last ? formatStateValue(last.state.value) : '';
  const status = last && last.state.status !== 'active' ? ` (${last.state.status})` : '';
  return `${events.length === 0 ? 'initial' : events.join(' → ')} ⇒ ${target}${status}`;
}

function toPath(steps: readonly PathStep[]): ModelPath {
  const last = steps[steps.length - 1];
  if (!last) throw new Error('A path has at least its init step');
  return { description: describePath(steps), steps, state: last.state };
}

// ---------------------------------------------------------------------------------------------
// Traversal

/**
 * Sample events per event type (the `type` is added for you). A value can be one payload, a
 * list of payloads (each becomes a separate edge: use it to hit every guard branch) or a
 * function of the current snapshot. Types without samples are sent as `{ type }`.
 */
export type SampleEvents = Readonly<
  Record<
    string,
    | Readonly<Record<string, unknown>>
    | readonly Readonly<Record<string, unknown>>[]
    | ((snapshot: AnyMachineSnapshot) => readonly Readonly<Record<string, unknown>>[])
  >
>;

export interface CoveringOptions {
  /** Sample events per type, e.g. `{ 'xstate.done.actor.load': { output: { count: 1 } }, SUBMIT: [{ value: 'ok' }, { value: '' }] }`. */
  readonly events?: SampleEvents;
  /** Machine input. */
  readonly input?: unknown;
  /**
   * - `'transitions'` (default): for every edge of the state graph, the shortest path to its
   *   source followed by the edge; paths that are prefixes of others are dropped.
   * - `'shortest'`: one shortest path per reachable state (`xstate/graph` `getShortestPaths`).
   * - `'simple'`: every simple path (`getSimplePaths`) — can explode on big machines.
   */
  readonly strategy?: 'transitions' | 'shortest' | 'simple';
  /**
   * Respect timer order (default true, `'transitions'` strategy only): a delayed event is only
   * taken when no other pending timer of the active states is due earlier, so every path can be
   * replayed with a `SimulatedClock`. Set false to treat delays as independent events.
   */
  readonly timed?: boolean;
  /** Skip an event in a state (e.g. to keep context finite). */
  readonly filterEvents?: (snapshot: AnyMachineSnapshot, event: AnyEventObject) => boolean;
  /** How graph vertices are identified; default: state value + context + status. */
  readonly serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /** Maximum number of distinct vertices before giving up (default 2000). */
  readonly limit?: number;
}

function defaultSerialize(snapshot: AnyMachineSnapshot): string {
  return stableStringify({ value: snapshot.value, context: snapshot.context, status: snapshot.status });
}

/**
 * The events to try in `snapshot`: every event type the active state nodes handle (including
 * `xstate.after.*`, `xstate.done.actor.*`, `xstate.error.actor.*`), expanded with the samples.
 * Internal `xstate.done.state.*` events and wildcard descriptors without samples are skipped.
 */
export function eventsFor(snapshot: AnyMachineSnapshot, samples: SampleEvents = {}): AnyEventObject[] {
  if (snapshot.status !== 'active') return [];
  const types = ownEventDescriptors(snapshot);
  const result: AnyEventObject[] = [];
  for (const type of types) {
    if (type.startsWith('xstate.done.state.')) continue;
    const sample = samples[type];
    if (sample === undefined) {
      if (!type.includes('*')) result.push({ type });
      continue;
    }
    const payloads = typeof sample === 'function' ? sample(snapshot) : Array.isArray(sample) ? sample : [sample];
    for (const payload of payloads as readonly Readonly<Record<string, unknown>>[]) {
      result.push({ ...payload, type: type.includes('*') && typeof payload.type === 'string' ? payload.type : type });
    }
  }
  return result;
}

function isPrefix(shorter: readonly PathStep[], longer: readonly PathStep[]): boolean {
  if (shorter.length > longer.length) return false;
  return shorter.every((s, i) => {
    const other = longer[i];
    return other !== undefined && stableStringify(s.event) === stableStringify(other.event);
  });
}

function dropPrefixes(paths: readonly (readonly PathStep[])[]): (readonly PathStep[])[] {
  return paths.filter(
    (p, i) =>
      !paths.some((q, j) => j !== i && q.length > p.length && isPrefix(p, q)) &&
      // identical duplicates: keep the first
      !paths.some((q, j) => j < i && q.length === p.length && isPrefix(p, q)),
  );
}

/**
 * Paths through `machine` that, replayed together, take every transition reachable with the
 * given sample events. Deterministic (breadth-first, document order). Pass the machine with
 * fake actors provided, so the very same machine can be replayed with {@link replayPath}.
 */
export function coveringPaths(machine: AnyStateMachine, options: CoveringOptions = {}): ModelPath[] {
  const strategy = options.strategy ?? 'transitions';
  const factory = new StepFactory(machine, strategy === 'transitions' && (options.timed ?? true));
  const samples = options.events ?? {};
  const serialize = options.serializeState ?? defaultSerialize;
  const filter = options.filterEvents;
  const limit = options.limit ?? 2000;
  const eventsOf = (snapshot: AnyMachineSnapshot): AnyEventObject[] =>
    eventsFor(snapshot, samples).filter((e) => !filter || filter(snapshot, e));

  if (strategy !== 'transitions') {
    const generate = strategy === 'shortest' ? getShortestPaths : getSimplePaths;
    const statePaths = generate(machine, {
      events: (snapshot: AnyMachineSnapshot) => eventsOf(snapshot),
      serializeState: (snapshot: AnyMachineSnapshot) => serialize(snapshot),
      input: options.input,
    });
    // xstate/graph steps are [init, ...(event, state after)]; re-derive them with transitions.
    const paths = statePaths.map((p) =>
      pathFromEventsWith(
        factory,
        p.steps.slice(1).map((s) => s.event as AnyEventObject),
        options.input,
      ),
    );
    return dropPrefixes(paths.map((p) => p.steps)).map(toPath);
  }

  const keyOf = (vertex: Vertex): string =>
    `${serialize(vertex.snapshot)}|${stableStringify(Object.fromEntries([...vertex.timers].map(([type, t]) => [type, t.remaining ?? null])))}`;
  const init = factory.init(options.input);
  const vertices = new Map<string, Vertex>([[keyOf(init), init]]);
  const queue: Vertex[] = [init];
  const edgePaths: (readonly PathStep[])[] = [];
  for (let vertex = queue.shift(); vertex; vertex = queue.shift()) {
    for (const event of eventsOf(vertex.snapshot)) {
      if (!factory.canFire(vertex, event)) continue;
      const { step, vertex: next } = factory.step(vertex, event);
      if (step.transitions.length === 0) continue; // not enabled here (guards false)
      edgePaths.push(next.steps);
      const key = keyOf(next);
      if (!vertices.has(key)) {
        if (vertices.size >= limit) {
          throw new Error(`coveringPaths: more than ${limit} distinct snapshots; pass filterEvents, serializeState or a higher limit`);
        }
        vertices.set(key, next);
        queue.push(next);
      }
    }
  }
  if (edgePaths.length === 0) return [toPath(init.steps)];
  return dropPrefixes(edgePaths).map(toPath);
}

function pathFromEventsWith(factory: StepFactory, events: readonly AnyEventObject[], input: unknown): ModelPath {
  let vertex = factory.init(input);
  for (const event of events) vertex = factory.step(vertex, event).vertex;
  return toPath(vertex.steps);
}

/**
 * A path from an explicit event list (a hand-written scenario), with the same step metadata
 * as {@link coveringPaths}, ready for {@link replayPath}.
 */
export function pathFromEvents(
  machine: AnyStateMachine,
  events: readonly AnyEventObject[],
  options: { readonly input?: unknown } = {},
): ModelPath {
  return pathFromEventsWith(new StepFactory(machine, true), events, options.input);
}

// ---------------------------------------------------------------------------------------------
// Coverage

export interface Coverage {
  readonly states: { readonly covered: readonly string[]; readonly missing: readonly string[] };
  readonly transitions: { readonly covered: readonly string[]; readonly missing: readonly TransitionInfo[] };
}

export interface CoverageOptions {
  /** State ids / transition ids that are knowingly not covered (e.g. unreachable defensive branches). */
  readonly ignore?: readonly string[];
}

/** Which state nodes and transitions of `machine` the paths reach. Ids are stable across `machine.provide()`. */
export function coverageOf(paths: readonly ModelPath[], machine: AnyStateMachine, options: CoverageOptions = {}): Coverage {
  const model = describeMachine(machine);
  const ignore = new Set(options.ignore ?? []);
  const coveredStates = new Set<string>();
  const coveredTransitions = new Set<string>();
  for (const path of paths) {
    for (const step of path.steps) {
      for (const id of step.states) coveredStates.add(id);
      for (const id of step.transitions) coveredTransitions.add(id);
    }
  }
  const states = model.states.filter((s) => s.type !== 'history').map((s) => s.id);
  return {
    states: {
      covered: states.filter((id) => coveredStates.has(id)),
      missing: states.filter((id) => !coveredStates.has(id) && !ignore.has(id)),
    },
    transitions: {
      covered: model.transitions.filter((t) => coveredTransitions.has(t.id)).map((t) => t.id),
      missing: model.transitions.filter((t) => !coveredTransitions.has(t.id) && !ignore.has(t.id)),
    },
  };
}

/** `working.fetch.failed: after RETRY_DELAY [canRetry] → working.fetch.loading` */
export function formatTransition(t: TransitionInfo): string {
  const source = t.source === '' ? '(root)' : t.source;
  const guard = t.guard === undefined ? '' : ` [${t.guard}]`;
  const targets = t.targets.length === 0 ? '(stays)' : t.targets.map((p) => (p === '' ? '(root)' : p)).join(', ');
  return `${source}: ${t.label}${guard} → ${targets}`;
}

/**
 * Throws, listing every state node and transition of `machine` that no path reaches.
 * Pass `ignore` with state ids or transition ids ({@link TransitionInfo.id}) to accept gaps.
 */
export function assertCovers(paths: readonly ModelPath[], machine: AnyStateMachine, options: CoverageOptions = {}): void {
  const coverage = coverageOf(paths, machine, options);
  const problems: string[] = [
    ...coverage.states.missing.map((id) => `  state ${id}`),
    ...coverage.transitions.missing.map((t) => `  transition ${formatTransition(t)}   (id ${t.id})`),
  ];
  if (problems.length > 0) {
    throw new Error(
      `${machine.id}: ${paths.length} path(s) leave ${coverage.states.missing.length} state(s) and ${coverage.transitions.missing.length} transition(s) uncovered:\n${problems.join('\n')}\n` +
        'Add sample events (coveringPaths `events`) that satisfy the guards, or list deliberate gaps in `ignore`.',
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Fake actors

export interface FakeActors {
  /** A promise actor logic whose instances wait until the test resolves/rejects them by invoke id. */
  promise<TOutput = unknown, TInput = unknown>(): PromiseActorLogic<TOutput, TInput>;
  /** Resolves the running fake invoked as `invokeId` (throws when none is running). */
  resolve(invokeId: string, output?: unknown): void;
  /** Rejects the running fake invoked as `invokeId` (throws when none is running). */
  reject(invokeId: string, error?: unknown): void;
  /** Whether a fake invoked as `invokeId` is running. */
  isPending(invokeId: string): boolean;
  /** Invoke ids of the running fakes. */
  pending(): string[];
  /** Inputs each fake received, by invoke id, in order. */
  readonly inputs: ReadonlyMap<string, readonly unknown[]>;
}

/** Controllable promise actors: provide `fakes.promise()` for a `src`, then settle it from the test. */
export function fakeActors(): FakeActors {
  const running = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  const inputs = new Map<string, unknown[]>();
  const settle = (invokeId: string): { resolve: (value: unknown) => void; reject: (error: unknown) => void } => {
    const entry = running.get(invokeId);
    if (!entry) throw new Error(`No fake actor "${invokeId}" is running (running: ${[...running.keys()].join(', ') || 'none'})`);
    running.delete(invokeId);
    return entry;
  };
  return {
    promise<TOutput, TInput>(): PromiseActorLogic<TOutput, TInput> {
      return fromPromise<TOutput, TInput>(({ input, self, signal }) => {
        const id = self.id;
        inputs.set(id, [...(inputs.get(id) ?? []), input]);
        return new Promise<TOutput>((resolve, reject) => {
          running.set(id, { resolve: (value) => resolve(value as TOutput), reject });
          signal.addEventListener('abort', () => {
            if (running.get(id)?.reject === reject) running.delete(id);
          });
        });
      });
    },
    resolve(invokeId, output) {
      settle(invokeId).resolve(output);
    },
    reject(invokeId, error) {
      settle(invokeId).reject(error);
    },
    isPending: (invokeId) => running.has(invokeId),
    pending: () => [...running.keys()],
    inputs,
  };
}

/** `machine` with every named invoke `src` replaced by `fakes.promise()` (inline srcs are kept). */
export function provideFakeActors<TMachine extends AnyStateMachine>(machine: TMachine, fakes: FakeActors): TMachine {
  const actors: Record<string, AnyActorLogic> = {};
  for (const state of describeMachine(machine).states) {
    for (const invoke of state.node.invoke) {
      if (typeof invoke.src === 'string') actors[invoke.src] = fakes.promise();
    }
  }
  return machine.provide({ actors }) as TMachine;
}

// ---------------------------------------------------------------------------------------------
// Replay

export type MachineActor = Actor<AnyStateMachine>;

export interface DriveContext {
  readonly actor: MachineActor;
  readonly clock: SimulatedClock;
  readonly fakes: FakeActors | undefined;
  /** For `delay` steps: milliseconds to advance so that timer fires (time already spent in the state is accounted for). */
  readonly delayMs: number | undefined;
  /** The default way to perform the step. */
  readonly performDefault: () => Promise<void>;
}

export interface ReplayOptions {
  /** The machine the actor runs (normally the one the paths were computed from, with fake actors). */
  readonly machine: AnyStateMachine;
  /** Clock of the actor; default a new `SimulatedClock`. */
  readonly clock?: SimulatedClock;
  readonly input?: unknown;
  /** Creates the (not yet started) actor; default `createActor(machine, { clock, input })`. Must use `clock`. */
  readonly createActor?: (machine: AnyStateMachine, options: { readonly clock: SimulatedClock; readonly input: unknown }) => MachineActor;
  /** The fakes the machine was provided with: `done`/`error` steps resolve/reject them. */
  readonly fakes?: FakeActors;
  /** Milliseconds to advance for named delays, overriding the model's (e.g. when the implementation is a function of context). */
  readonly delays?: Readonly<Record<string, number>>;
  /**
   * Performs a step yourself (e.g. through the UI). Call `ctx.performDefault()` for the default:
   * `event` → `actor.send`, `delay` → `clock.increment(ctx.delayMs)`, `done`/`error` →
   * `fakes.resolve/reject(invoke id, event.output/error)` (or `actor.send(event)` without a
   * running fake), followed by a microtask flush.
   */
  readonly drive?: (step: PathStep, ctx: DriveContext) => void | Promise<void>;
  /** Extra assertions after each step (after the state value check). */
  readonly onStep?: (step: PathStep, snapshot: AnyMachineSnapshot, index: number) => void;
  /** Also compare the context (stable JSON) after each step; default false. */
  readonly compareContext?: boolean;
  /** Leave the actor running at the end (default: stopped). */
  readonly keepRunning?: boolean;
}

async function flushMicrotasks(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
}

function assertStep(step: PathStep, actual: AnyMachineSnapshot, index: number, compareContext: boolean): void {
  const expectedValue = stableStringify(step.state.value);
  const actualValue = stableStringify(actual.value);
  const problems: string[] = [];
  if (expectedValue !== actualValue) problems.push(`state ${formatStateValue(actual.value)}, expected ${formatStateValue(step.state.value)}`);
  if (actual.status !== step.state.status) problems.push(`status ${actual.status}, expected ${step.state.status}`);
  if (compareContext && stableStringify(actual.context) !== stableStringify(step.state.context)) {
    problems.push(`context ${stableStringify(actual.context)}, expected ${stableStringify(step.state.context)}`);
  }
  if (problems.length > 0) throw new Error(`Step ${index} (${step.label}): ${problems.join('; ')}`);
}

/**
 * Replays `path` against a real actor and checks the state after every step. Delays are
 * performed with the `SimulatedClock` (advancing exactly to the timer's due time), invoke
 * done/error steps by settling the fake actors. Returns the actor and the snapshots seen.
 */
export async function replayPath(
  path: ModelPath,
  options: ReplayOptions,
): Promise<{ readonly actor: MachineActor; readonly snapshots: readonly AnyMachineSnapshot[] }> {
  const { machine, fakes } = options;
  const clock = options.clock ?? new SimulatedClock();
  const actor =
    options.createActor?.(machine, { clock, input: options.input }) ??
    (createActor(machine, { clock, input: options.input }) as MachineActor);
  const snapshots: AnyMachineSnapshot[] = [];
  try {
    for (const [index, step] of path.steps.entries()) {
      let delayMs: number | undefined;
      if (step.kind === 'delay' && step.delay) {
        const { delay, advanceMs } = step.delay;
        const override = typeof delay === 'string' ? options.delays?.[delay] : undefined;
        delayMs = override ?? advanceMs ?? resolveDelay(machine, delay, actor.getSnapshot() as AnyMachineSnapshot, step.event);
        if (delayMs === undefined) throw new Error(`replayPath: cannot resolve delay "${String(delay)}"; pass it in options.delays`);
      }
      const performDefault = async (): Promise<void> => {
        switch (step.kind) {
          case 'init':
            actor.start();
            break;
          case 'delay':
            clock.increment(delayMs ?? 0);
            break;
          case 'done':
          case 'error': {
            const id = step.invoke?.id;
            const event = step.event as AnyEventObject & { output?: unknown; error?: unknown };
            if (fakes && id !== undefined && fakes.isPending(id)) {
              if (step.kind === 'done') fakes.resolve(id, event.output);
              else fakes.reject(id, event.error);
            } else {
              actor.send(step.event);
            }
            break;
          }
          default:
            actor.send(step.event);
        }
        await flushMicrotasks();
      };
      const ctx: DriveContext = { actor, clock, fakes, delayMs, performDefault };
      if (options.drive) await options.drive(step, ctx);
      else await performDefault();
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      snapshots.push(snapshot);
      assertStep(step, snapshot, index, options.compareContext ?? false);
      options.onStep?.(step, snapshot, index);
    }
  } finally {
    if (!options.keepRunning) actor.stop();
  }
  return { actor, snapshots };
}

// ---------------------------------------------------------------------------------------------
// Replay with the effects each step produced

/** An effect a test's provided actions record: its name and what it was given. */
export type Effect = readonly [name: string, value: unknown];

/** Checks one step: the snapshots before (none at the start) and after it, and the effects it produced. */
export type StepCheck = (step: PathStep, prev: AnyMachineSnapshot | undefined, next: AnyMachineSnapshot, produced: readonly Effect[]) => void;

/**
 * {@link replayPath} with a check after every step that is given the snapshot before, the one
 * after and the effects that step produced. `effects` is the list the machine's provided actions
 * push to; it is emptied first.
 */
export async function replayChecking(
  path: ModelPath,
  options: Omit<ReplayOptions, 'onStep'> & { readonly effects: Effect[]; readonly check: StepCheck },
): Promise<{ readonly actor: MachineActor; readonly snapshots: readonly AnyMachineSnapshot[] }> {
  const { effects, check, ...replay } = options;
  effects.length = 0;
  let seen = 0;
  let prev: AnyMachineSnapshot | undefined;
  return replayPath(path, {
    ...replay,
    onStep: (step, snapshot) => {
      const produced = effects.slice(seen);
      seen = effects.length;
      check(step, prev, snapshot, produced);
      prev = snapshot;
    },
  });
}
