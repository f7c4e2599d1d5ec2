/**
 * The one place the model-based test harness reads XState internals. Everything here is built on
 * public API (`machine.root`, `StateNode.states`/`ownEvents`/`order`, `snapshot.value`,
 * `snapshot.machine`, the `@xstate.microstep` inspection event, the `ActorScope` that
 * `machine.transition` takes); `xstateAdapter.test.ts` pins the
 * behaviour on a small machine so an XState upgrade that changes it fails loudly there, not as
 * silently different path sets in every model test.
 *
 * It replaces `__unsafe_getAllOwnEventDescriptors(snapshot)` and `snapshot._nodes`, and reads the
 * parameters XState gives its built-in actions (`spawnChild`, `stopChild`, `sendTo`, `raise`).
 */
import {
  createEmptyActor,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type ExecutableActionObject,
  type StateValue,
} from 'xstate';

/** The active state nodes of a snapshot (root included), in document order. Public replacement of `snapshot._nodes`. */
export function activeStateNodes(snapshot: AnyMachineSnapshot): AnyStateNode[] {
  const found: AnyStateNode[] = [];
  const walk = (node: AnyStateNode, value: StateValue | undefined): void => {
    found.push(node);
    const states = node.states as Record<string, AnyStateNode>;
    if (typeof value === 'string') {
      const child = states[value];
      if (child) walk(child, undefined);
      return;
    }
    if (value === undefined) return;
    for (const key of Object.keys(value)) {
      const child = states[key];
      if (child) walk(child, value[key]);
    }
  };
  walk(snapshot.machine.root as AnyStateNode, snapshot.value as StateValue);
  return found.sort((a, b) => a.order - b.order);
}

/**
 * Every event descriptor that an active state node has a transition for (its own `on`, `after`,
 * invoke `onDone`/`onError` and `onDone` events), deduplicated, in document order. Public
 * replacement of `__unsafe_getAllOwnEventDescriptors(snapshot)`.
 */
export function ownEventDescriptors(snapshot: AnyMachineSnapshot): string[] {
  return [...new Set(activeStateNodes(snapshot).flatMap((node) => node.ownEvents as string[]))];
}

export interface ScopeListeners {
  /** After every microstep: the snapshot then and the transitions it took (transient states included). */
  readonly microstep?: (snapshot: AnyMachineSnapshot, transitions: readonly AnyTransitionDefinition[]) => void;
  /** Every action XState would execute (named actions, start/stop of actors, sends, timers), in order. */
  readonly action?: (action: ExecutableActionObject) => void;
}

/**
 * An actor scope for the pure `machine.getInitialSnapshot(scope, input)` and
 * `machine.transition(snapshot, event, scope)`: nothing runs (no actor starts, no action executes),
 * the listeners see every microstep and every action that would execute.
 */
export function recordingScope(listeners: ScopeListeners): AnyActorScope {
  const self = createEmptyActor();
  self.system.inspect((event) => {
    if (event.type === '@xstate.microstep') listeners.microstep?.(event.snapshot as AnyMachineSnapshot, event._transitions);
  });
  const scope = {
    self,
    logger: () => {},
    id: '',
    sessionId: 'model',
    defer: () => {},
    system: self.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: (action: ExecutableActionObject) => listeners.action?.(action),
  };
  return scope as unknown as AnyActorScope;
}

const nameOf = (ref: unknown): string | undefined => {
  if (typeof ref === 'string') return ref;
  if (typeof ref === 'object' && ref !== null && typeof (ref as { id?: unknown }).id === 'string') return (ref as { id: string }).id;
  return undefined;
};

/**
 * A readable name for an action XState executes (what an actor scope's `actionExecutor` receives):
 * a named action as written in `setup()` (`deliver`), an invoked or spawned actor started
 * (`start load`) or stopped (`stop connection`), an event sent to another actor (`send SEND to
 * connection`). Internal bookkeeping (delayed-event timers, their cancellation, immediate raises,
 * logs) gives `undefined`: the plan shows timers as steps of their own.
 */
export function describeExecutedAction(action: ExecutableActionObject): string | undefined {
  const params = (action.params ?? {}) as Record<string, unknown>;
  switch (action.type) {
    case 'xstate.spawnChild':
      return `start ${typeof params.src === 'string' ? params.src : (nameOf(params.id) ?? 'actor')}`;
    case 'xstate.stopChild': {
      // the actor ref: named by its logic's name (`src`) when it has one, as `start` is
      const src = (params as { src?: unknown }).src;
      return `stop ${typeof src === 'string' ? src : (nameOf(params) ?? 'actor')}`;
    }
    case 'xstate.sendTo': {
      const event = params.event as { type?: unknown } | undefined;
      return `send ${typeof event?.type === 'string' ? event.type : 'event'} to ${nameOf(params.to) ?? 'actor'}`;
    }
    case 'xstate.sendParent':
      return 'send to parent';
    case 'xstate.emit': {
      const event = params.event as { type?: unknown } | undefined;
      return `emit ${typeof event?.type === 'string' ? event.type : 'event'}`;
    }
    default:
      return action.type.startsWith('xstate.') ? undefined : action.type;
  }
}
