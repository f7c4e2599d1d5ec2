/**
 * A static, serialisable view of an XState 5 machine definition: every state node and every
 * transition (event, delayed `after`, invoke done/error, `always`, state `onDone`), with guard
 * and action names. Shared by the diagram renderer (`scripts/statecharts/render.ts`) and the
 * model-based test helpers (`tests/model/graph.ts`). Pure; walks `machine.root` only.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

export type StateNodeType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

/** How a transition is triggered. */
export type TransitionKind =
  | 'event' // an ordinary event type in `on`
  | 'after' // delayed transition (`xstate.after.<delay>.<state id>`)
  | 'done' // invoked actor finished (`xstate.done.actor.<invoke id>`)
  | 'error' // invoked actor failed (`xstate.error.actor.<invoke id>`)
  | 'snapshot' // invoked actor emitted a snapshot (`xstate.snapshot.<invoke id>`)
  | 'state-done' // a compound/parallel state reached its final state (`onDone`)
  | 'always'; // eventless transition

export interface StateInfo {
  /** XState id, e.g. `upload.working.fetch`. */
  readonly id: string;
  /** Path below the root, e.g. `working.fetch`; `''` for the root. */
  readonly path: string;
  readonly key: string;
  readonly type: StateNodeType;
  readonly depth: number;
  /** Key of the initial child of a compound state. */
  readonly initial: string | undefined;
  readonly tags: readonly string[];
  readonly invokes: readonly { readonly id: string; readonly src: string }[];
  readonly entry: readonly string[];
  readonly exit: readonly string[];
  readonly children: readonly StateInfo[];
  readonly node: AnyStateNode;
}

export interface TransitionInfo {
  /**
   * Stable identifier, independent of the machine instance (survives `machine.provide()`):
   * `<source id>#<event type or "always">#<index among that source's candidates>`.
   */
  readonly id: string;
  readonly kind: TransitionKind;
  /** Source state id (`upload.working`). */
  readonly sourceId: string;
  /** Source state path below the root (`working`), `''` for the root. */
  readonly source: string;
  /** The event type as XState sees it; `''` for `always`. */
  readonly eventType: string;
  /** Human label of the trigger: `START`, `after RETRY_DELAY`, `after 1000ms`, `done: loadServer`, … */
  readonly label: string;
  readonly guard: string | undefined;
  /** Target state ids; empty for a targetless transition (actions only). */
  readonly targetIds: readonly string[];
  /** Target paths below the root; empty for a targetless transition. */
  readonly targets: readonly string[];
  readonly actions: readonly string[];
  readonly reenter: boolean;
  /** For `after`: the delay name or number of milliseconds. */
  readonly delay: string | number | undefined;
  /** For `done`/`error`/`snapshot`: the invoke id and src. */
  readonly invoke: { readonly id: string; readonly src: string } | undefined;
}

export interface DelayInfo {
  readonly name: string;
  /** Milliseconds when static, `undefined` when computed by a function. */
  readonly ms: number | undefined;
  /** Paths of the states using the delay. */
  readonly usedIn: readonly string[];
}

export interface MachineModel {
  readonly id: string;
  readonly root: StateInfo;
  /** Every state node in document order (root first). */
  readonly states: readonly StateInfo[];
  /** Every transition in document order. */
  readonly transitions: readonly TransitionInfo[];
  /** Named delays (from `setup({ delays })` / implementations) and inline numeric ones. */
  readonly delays: readonly DelayInfo[];
}

const AFTER_PREFIX = 'xstate.after.';
const DONE_ACTOR_PREFIX = 'xstate.done.actor.';
const ERROR_ACTOR_PREFIX = 'xstate.error.actor.';
const SNAPSHOT_PREFIX = 'xstate.snapshot.';
const DONE_STATE_PREFIX = 'xstate.done.state.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function functionName(fn: unknown, fallback: string): string {
  if (typeof fn !== 'function') return fallback;
  const type: unknown = (fn as { type?: unknown }).type;
  if (typeof type === 'string' && type.length > 0) return type;
  return fn.name && fn.name !== 'anonymous' ? fn.name : fallback;
}

/** Name of an action as written in the machine (`'logStart'`, `assign` → `xstate.assign`, inline → `inline`). */
export function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') return functionName(action, 'inline');
  if (isRecord(action) && typeof action.type === 'string') return action.type;
  return 'unknown';
}

/** Name of a guard: `'canRetry'`, `{ type: 'isValid' }`, `and([...])` → `a && b`, `not(x)` → `!x`, inline → `inline`. */
export function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (isRecord(guard) && typeof guard.type === 'string') return guard.type;
  if (typeof guard === 'function') {
    const g = guard as { guards?: unknown; stateValue?: unknown; type?: unknown };
    const type = typeof g.type === 'string' ? g.type : undefined;
    if (Array.isArray(g.guards)) {
      const parts: string[] = g.guards.map((inner: unknown) => guardName(inner));
      if (type === 'xstate.guard.not' || (type === undefined && guard.name === 'not')) {
        return `!${parts.length === 1 ? (parts[0] ?? '') : `(${parts.join(' && ')})`}`;
      }
      if (type === 'xstate.guard.or' || guard.name === 'or') return `(${parts.join(' || ')})`;
      return `(${parts.join(' && ')})`;
    }
    if (g.stateValue !== undefined) return `in ${JSON.stringify(g.stateValue)}`;
    return functionName(guard, 'inline');
  }
  return 'unknown';
}

function configActions(actions: unknown): string[] {
  if (actions === undefined || actions === null) return [];
  return (Array.isArray(actions) ? (actions as unknown[]) : [actions]).map(actionName);
}

function srcName(src: unknown): string {
  if (typeof src === 'string') return src;
  if (isRecord(src) && typeof src.id === 'string') return src.id;
  return 'inline';
}

function pathOf(node: AnyStateNode): string {
  return node.path.join('.');
}

function childrenOf(node: AnyStateNode): AnyStateNode[] {
  const states = node.states as Record<string, AnyStateNode>;
  return Object.keys(states).flatMap((key) => {
    const child = states[key];
    return child ? [child] : [];
  });
}

function toStateInfo(node: AnyStateNode, depth: number): StateInfo {
  const initialTarget = node.type === 'compound' ? node.initial.target[0] : undefined;
  return {
    id: node.id,
    path: pathOf(node),
    key: node.key,
    type: node.type,
    depth,
    initial: initialTarget?.key,
    tags: [...node.tags],
    invokes: node.invoke.map((inv) => ({ id: inv.id, src: srcName(inv.src) })),
    // The raw config: `node.entry`/`node.exit` also hold the raise/cancel actions XState adds
    // to implement `after`.
    entry: configActions(node.config.entry),
    exit: configActions(node.config.exit),
    children: childrenOf(node).map((child) => toStateInfo(child, depth + 1)),
    node,
  };
}

function flattenStates(info: StateInfo): StateInfo[] {
  return [info, ...info.children.flatMap(flattenStates)];
}

function delayLabel(delay: string | number): string {
  return typeof delay === 'number' ? `${delay}ms` : delay;
}

function describeTransition(
  node: AnyStateNode,
  eventType: string,
  t: AnyTransitionDefinition,
  index: number,
): TransitionInfo {
  const invokes = node.invoke.map((inv) => ({ id: inv.id, src: srcName(inv.src) }));
  let kind: TransitionKind = 'event';
  let label = eventType;
  let delay: string | number | undefined;
  let invoke: { id: string; src: string } | undefined;
  if (eventType === '') {
    kind = 'always';
    label = 'always';
  } else if (eventType.startsWith(AFTER_PREFIX)) {
    kind = 'after';
    const def = node.after.find((d) => d.eventType === eventType);
    const raw: unknown = def?.delay;
    delay =
      typeof raw === 'number' || typeof raw === 'string'
        ? raw
        : eventType.slice(AFTER_PREFIX.length, eventType.length - node.id.length - 1);
    label = `after ${delayLabel(delay)}`;
  } else if (
    eventType.startsWith(DONE_ACTOR_PREFIX) ||
    eventType.startsWith(ERROR_ACTOR_PREFIX) ||
    eventType.startsWith(SNAPSHOT_PREFIX)
  ) {
    const [prefix, k, word]: [string, TransitionKind, string] = eventType.startsWith(DONE_ACTOR_PREFIX)
      ? [DONE_ACTOR_PREFIX, 'done', 'done']
      : eventType.startsWith(ERROR_ACTOR_PREFIX)
        ? [ERROR_ACTOR_PREFIX, 'error', 'error']
        : [SNAPSHOT_PREFIX, 'snapshot', 'snapshot'];
    const invokeId = eventType.slice(prefix.length);
    const found = invokes.find((inv) => inv.id === invokeId);
    if (found) {
      kind = k;
      invoke = found;
      label = `${word}: ${found.src}`;
    }
  } else if (eventType === `${DONE_STATE_PREFIX}${node.id}`) {
    kind = 'state-done';
    label = 'done';
  }
  const targets = t.target ?? [];
  return {
    id: `${node.id}#${eventType === '' ? 'always' : eventType}#${index}`,
    kind,
    sourceId: node.id,
    source: pathOf(node),
    eventType,
    label,
    guard: t.guard === undefined ? undefined : guardName(t.guard),
    targetIds: targets.map((target) => target.id),
    targets: targets.map(pathOf),
    actions: t.actions.map(actionName),
    reenter: t.reenter,
    delay,
    invoke,
  };
}

/** Every transition leaving `node` itself (not its descendants), in document order. */
export function ownTransitions(node: AnyStateNode): TransitionInfo[] {
  const result: TransitionInfo[] = [];
  for (const [eventType, list] of node.transitions as Map<string, AnyTransitionDefinition[]>) {
    list.forEach((t, index) => result.push(describeTransition(node, eventType, t, index)));
  }
  const always = (node.always ?? []) as AnyTransitionDefinition[];
  always.forEach((t, index) => result.push(describeTransition(node, '', t, index)));
  return result;
}

/**
 * The stable id of a transition definition (as found in `@xstate.microstep` inspection
 * events or `machine.getTransitionData`), matching {@link TransitionInfo.id}.
 */
export function transitionId(t: AnyTransitionDefinition): string {
  const node = t.source;
  const always = (node.always ?? []) as AnyTransitionDefinition[];
  const alwaysIndex = always.indexOf(t);
  if (alwaysIndex >= 0) return `${node.id}#always#${alwaysIndex}`;
  const list = ((node.transitions as Map<string, AnyTransitionDefinition[]>).get(t.eventType) ?? []);
  const index = list.indexOf(t);
  return `${node.id}#${t.eventType}#${index >= 0 ? index : 0}`;
}

/** Builds the static model of `machine`. Deterministic: document order throughout. */
export function describeMachine(machine: AnyStateMachine): MachineModel {
  const root = toStateInfo(machine.root, 0);
  const states = flattenStates(root);
  const transitions = states.flatMap((s) => ownTransitions(s.node));

  const implDelays = (machine.implementations.delays ?? {}) as Record<string, unknown>;
  const delays = new Map<string, { ms: number | undefined; usedIn: string[] }>();
  for (const name of Object.keys(implDelays)) {
    const value = implDelays[name];
    delays.set(name, { ms: typeof value === 'number' ? value : undefined, usedIn: [] });
  }
  for (const t of transitions) {
    if (t.kind !== 'after' || t.delay === undefined) continue;
    const name = typeof t.delay === 'number' ? delayLabel(t.delay) : t.delay;
    const entry = delays.get(name) ?? {
      ms: typeof t.delay === 'number' ? t.delay : undefined,
      usedIn: [],
    };
    const where = t.source === '' ? '(root)' : t.source;
    if (!entry.usedIn.includes(where)) entry.usedIn.push(where);
    delays.set(name, entry);
  }
  return {
    id: machine.id,
    root,
    states,
    transitions,
    delays: [...delays.entries()].map(([name, d]) => ({ name, ms: d.ms, usedIn: d.usedIn })),
  };
}
