/**
 * The model spec of a machine: the one path set its model-based test replays, and the gaps it
 * leaves on purpose. `tests/model/<name>.model.ts` (name as in `src/machines/registry.ts`)
 * exports `model = defineModel(machine, { paths, exclude })`; the test (`<name>.model.test.ts`)
 * replays `model.paths` and asserts {@link assertModelCovers}, and the docs generator
 * (`npm run statecharts`) imports the same module to write the path plan and the coverage table.
 * Plain TypeScript: no vitest, so `tsx` can load it.
 */
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { coverageOf, describeMachine, formatTransition, pathFromEvents, type ModelPath, type TransitionInfo } from './graph.ts';

/** One path of the plan, with the start it needs. */
export interface PlannedPath {
  readonly path: ModelPath;
  /** The group it belongs to (a start such as `deep link`, or `scenario`); shown in the plan. */
  readonly group?: string;
  /** The machine input the path starts from. */
  readonly input?: unknown;
  /** A hand-written scenario's title. */
  readonly title?: string;
}

/** A hand-written scenario: a title and the events, replayed like a covering path. */
export interface Scenario {
  readonly title: string;
  readonly events: readonly AnyEventObject[];
  readonly input?: unknown;
}

export interface ModelSpec {
  /** The machine as registered (coverage is counted against its definition). */
  readonly machine: AnyStateMachine;
  /** Every path the model test replays, in order. */
  readonly paths: readonly PlannedPath[];
  /** State ids / transition ids left out on purpose, with the reason. */
  readonly exclude: Readonly<Record<string, string>>;
  /** The scenario paths by title (also part of `paths`, group `scenario`). */
  scenario(title: string): PlannedPath;
}

export interface ModelOptions {
  /** Covering paths (from `coveringPaths`), or planned paths with their start. */
  readonly paths: readonly (ModelPath | PlannedPath)[];
  /** Hand-written scenarios, computed on `replayMachine` (default: `machine`). */
  readonly scenarios?: readonly Scenario[];
  /** The machine the test replays (with fakes); scenarios are computed on it. */
  readonly replayMachine?: AnyStateMachine;
  /** State ids / transition ids ({@link TransitionInfo.id}) left out on purpose → reason. */
  readonly exclude?: Readonly<Record<string, string>>;
}

const isPlanned = (p: ModelPath | PlannedPath): p is PlannedPath => 'path' in p;

export function defineModel(machine: AnyStateMachine, options: ModelOptions): ModelSpec {
  const scenarios = (options.scenarios ?? []).map(
    (s): PlannedPath => ({
      path: pathFromEvents(options.replayMachine ?? machine, s.events, { input: s.input }),
      group: 'scenario',
      title: s.title,
      ...(s.input === undefined ? {} : { input: s.input }),
    }),
  );
  const paths = [...options.paths.map((p) => (isPlanned(p) ? p : { path: p })), ...scenarios];
  return {
    machine,
    paths,
    exclude: options.exclude ?? {},
    scenario(title) {
      const found = scenarios.find((s) => s.title === title);
      if (!found) throw new Error(`${machine.id}: no scenario "${title}" (have: ${scenarios.map((s) => s.title).join('; ')})`);
      return found;
    },
  };
}

export interface CountCoverage {
  readonly total: number;
  readonly covered: number;
  /** Left out on purpose (and not covered). */
  readonly excluded: number;
}

export interface ModelCoverage {
  readonly states: CountCoverage;
  readonly transitions: CountCoverage;
  /** Covered / (total − excluded), 0..1, over states and transitions together. */
  readonly ratio: number;
  readonly missingStates: readonly string[];
  readonly missingTransitions: readonly TransitionInfo[];
  /** Exclusions, with the label of what they name (state id or formatted transition). */
  readonly exclusions: readonly { readonly id: string; readonly what: string; readonly reason: string }[];
  /** Problems with the exclusions themselves: naming nothing, or naming something covered. */
  readonly staleExclusions: readonly string[];
}

/** What the spec's paths cover of its machine's definition. */
export function modelCoverage(spec: ModelSpec): ModelCoverage {
  const model = describeMachine(spec.machine);
  const ids = Object.keys(spec.exclude);
  const coverage = coverageOf(
    spec.paths.map((p) => p.path),
    spec.machine,
    { ignore: ids },
  );
  const stateIds = model.states.filter((s) => s.type !== 'history').map((s) => s.id);
  const transitionsById = new Map(model.transitions.map((t) => [t.id, t]));
  const coveredStates = new Set(coverage.states.covered);
  const coveredTransitions = new Set(coverage.transitions.covered);
  const staleExclusions: string[] = [];
  const exclusions = ids.map((id) => {
    const transition = transitionsById.get(id);
    const reason = spec.exclude[id] ?? '';
    if (!transition && !stateIds.includes(id)) staleExclusions.push(`${id}: excluded, but the machine has no such state or transition`);
    else if (coveredStates.has(id) || coveredTransitions.has(id)) staleExclusions.push(`${id}: excluded, but the paths cover it`);
    if (reason.trim() === '') staleExclusions.push(`${id}: excluded without a reason`);
    return { id, what: transition ? formatTransition(transition) : `state ${id}`, reason };
  });
  const excludedStates = ids.filter((id) => stateIds.includes(id) && !coveredStates.has(id)).length;
  const excludedTransitions = ids.filter((id) => transitionsById.has(id) && !coveredTransitions.has(id)).length;
  const states = { total: stateIds.length, covered: coverage.states.covered.length, excluded: excludedStates };
  const transitions = { total: model.transitions.length, covered: coverage.transitions.covered.length, excluded: excludedTransitions };
  const required = states.total - states.excluded + transitions.total - transitions.excluded;
  return {
    states,
    transitions,
    ratio: required === 0 ? 1 : (states.covered + transitions.covered) / required,
    missingStates: coverage.states.missing,
    missingTransitions: coverage.transitions.missing,
    exclusions,
    staleExclusions,
  };
}

/** Problems that fail CI: uncovered states and transitions that are not excluded, and stale exclusions. */
export function coverageProblems(spec: ModelSpec): string[] {
  const c = modelCoverage(spec);
  return [
    ...c.missingStates.map((id) => `state ${id} is not covered`),
    ...c.missingTransitions.map((t) => `transition ${formatTransition(t)} (id ${t.id}) is not covered`),
    ...c.staleExclusions,
  ];
}

/** Throws listing every state and transition the spec's paths leave uncovered without an exclusion. */
export function assertModelCovers(spec: ModelSpec): void {
  const problems = coverageProblems(spec);
  if (problems.length > 0) {
    throw new Error(
      `${spec.machine.id}: ${spec.paths.length} path(s):\n  ${problems.join('\n  ')}\n` +
        'Add sample events (coveringPaths `events`) that satisfy the guards, or list a deliberate gap with its reason in `exclude`.',
    );
  }
}
