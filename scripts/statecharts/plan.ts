/**
 * The test plan and the coverage table of a machine, from its model spec
 * (`tests/model/<name>.model.ts`, see `tests/model/spec.ts`): the very paths its model-based test
 * replays, written as numbered steps a QA engineer can follow without reading TypeScript.
 *
 *   docs/statecharts/<name>.paths.md   every path: state, what happens, expected state, expected effects
 *   docs/statecharts/<name>.md         gets a "Test coverage" section (states and transitions covered)
 *
 * Deterministic: no dates, the spec's path order, stable JSON.
 */
import type { AnyEventObject, StateValue } from 'xstate';
import { formatStateValue, type ModelPath, type PathStep } from '../../tests/model/graph.ts';
import { modelCoverage, type CountCoverage, type ModelSpec, type PlannedPath } from '../../tests/model/spec.ts';

/** Longest value shown in a step before it is cut with `…`. */
const MAX_VALUE = 36;

function cut(text: string, max = MAX_VALUE): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function errorText(error: Error): string {
  const status = (error as { status?: unknown }).status;
  return `${error.name}(${typeof status === 'number' ? `${status}, ` : ''}${JSON.stringify(error.message)})`;
}

/** A value as short JSON: errors as `Name(status, "message")`, functions as `ƒ`, keys sorted. */
export function shortValue(value: unknown, max = MAX_VALUE): string {
  if (value instanceof Error) return cut(errorText(value), max);
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') return 'ƒ';
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Error) return errorText(v);
    if (typeof v === 'function') return 'ƒ';
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
      const record = v as Record<string, unknown>;
      return Object.fromEntries(Object.keys(record).sort().map((k) => [k, record[k]]));
    }
    return v;
  });
  return cut(text ?? String(value), max);
}

/** `{ email: "admin", code: null }`; `''` for an event without payload. */
export function describePayload(event: AnyEventObject): string {
  const { type: _type, ...payload } = event;
  const keys = Object.keys(payload).sort();
  if (keys.length === 0) return '';
  return `{ ${keys.map((k) => `${k}: ${shortValue(payload[k])}`).join(', ')} }`;
}

const code = (text: string): string => `\`${text.replace(/`/g, "'")}\``;

function stateText(value: StateValue, status: string): string {
  const text = formatStateValue(value) || '(root)';
  return status === 'active' ? code(text) : `${code(text)} (${status})`;
}

/** What happens in a step, in words: `send LOGIN { … }`, `wait 5000 ms (after serverRetry)`, `load succeeds with …`. */
export function describeTrigger(step: PathStep, input?: unknown): string {
  const event = step.event as AnyEventObject & { output?: unknown; error?: unknown; snapshot?: unknown };
  switch (step.kind) {
    case 'init':
      return input === undefined ? 'Start the machine' : `Start the machine with input ${code(shortValue(input, 96))}`;
    case 'delay': {
      const ms = step.delay?.advanceMs;
      return `${ms === undefined ? 'wait' : `wait ${ms} ms`} (${step.label})`;
    }
    case 'done':
      return `${code(step.invoke?.src ?? event.type)} succeeds${'output' in event && event.output !== undefined ? ` with ${code(shortValue(event.output))}` : ''}`;
    case 'error':
      return `${code(step.invoke?.src ?? event.type)} fails with ${code(shortValue(event.error))}`;
    case 'snapshot':
      return `${code(step.invoke?.src ?? event.type)} reports ${code(shortValue(event.snapshot))}`;
    default: {
      const payload = describePayload(event);
      return `send ${code(payload ? `${event.type} ${payload}` : event.type)}`;
    }
  }
}

/** One numbered line: the state before, what happens, the state expected and the effects expected. */
export function describeStep(step: PathStep, previous: PathStep | undefined, input?: unknown): string {
  const where = previous ? `In ${stateText(previous.state.value, previous.state.status)}, ` : '';
  const trigger = describeTrigger(step, input);
  const effects = step.effects.length === 0 ? 'none' : step.effects.join(', ');
  const taken = step.kind !== 'init' && step.transitions.length === 0 ? ' (ignored: no transition)' : '';
  return `${where}${trigger}${taken} → expect ${stateText(step.state.value, step.state.status)}; effects: ${effects}.`;
}

function pathHeading(index: number, planned: PlannedPath): string {
  const path: ModelPath = planned.path;
  const steps = path.steps.length;
  const end = `⇒ ${formatStateValue(path.state.value) || '(root)'}${path.state.status === 'active' ? '' : ` (${path.state.status})`}`;
  const title = planned.title ? `: ${planned.title}` : '';
  return `### Path ${index}${title} (${steps} step${steps === 1 ? '' : 's'}) ${end}`;
}

function percent(covered: number, required: number): string {
  if (required <= 0) return '100 %';
  return `${Math.floor((covered / required) * 1000) / 10} %`;
}

const countCell = (c: CountCoverage): string => percent(c.covered, c.total - c.excluded);

/** One line: `states 18/18, transitions 38/38 (100 %)`. */
export function coverageLine(spec: ModelSpec): string {
  const c = modelCoverage(spec);
  const required = c.states.total - c.states.excluded + c.transitions.total - c.transitions.excluded;
  const excluded = c.states.excluded + c.transitions.excluded;
  return (
    `states ${c.states.covered}/${c.states.total}, transitions ${c.transitions.covered}/${c.transitions.total}` +
    `${excluded > 0 ? `, ${excluded} left out on purpose` : ''} (${percent(c.states.covered + c.transitions.covered, required)})`
  );
}

export interface PlanSources {
  /** The model spec module, e.g. `tests/model/socket.model.ts`. */
  readonly spec: string;
  /** The model-based test, e.g. `tests/model/socket.model.test.ts`. */
  readonly test: string;
}

/** Above this many paths, the written plan lists the fewest that cover what all of them cover. */
export const PLAN_LIMIT = 40;

/**
 * The indices (in order) of a small set of paths that together visit every state and take every
 * transition that all of `spec.paths` do: the hand-written scenarios, then, greedily, the path that
 * adds the most not yet covered (the shorter on a tie). A machine whose test replays hundreds of
 * paths (each distinct context it can reach) gets a plan a person can read; the rest reach the same
 * states and transitions with other context.
 */
export function corePaths(spec: ModelSpec): number[] {
  const items = spec.paths.map((p) => new Set(p.path.steps.flatMap((step) => [...step.states.map((id) => `s:${id}`), ...step.transitions.map((id) => `t:${id}`)])));
  const chosen = new Set<number>();
  const covered = new Set<string>();
  const take = (i: number) => {
    chosen.add(i);
    items[i]?.forEach((item) => covered.add(item));
  };
  spec.paths.forEach((p, i) => p.group === 'scenario' && take(i));
  const all = new Set(items.flatMap((set) => [...set]));
  while (covered.size < all.size) {
    let best = -1;
    let gain = 0;
    items.forEach((set, i) => {
      if (chosen.has(i)) return;
      let g = 0;
      set.forEach((item) => !covered.has(item) && g++);
      const shorter = best >= 0 && g === gain && (spec.paths[i]?.path.steps.length ?? 0) < (spec.paths[best]?.path.steps.length ?? 0);
      if (g > gain || shorter) {
        best = i;
        gain = g;
      }
    });
    if (best < 0) break;
    take(best);
  }
  return [...chosen].sort((a, b) => a - b);
}

/**
 * `docs/statecharts/<name>.paths.md`: every path when there are at most {@link PLAN_LIMIT} (or with
 * `all`), otherwise the {@link corePaths}, numbered as in the full set.
 */
export function renderPlan(name: string, spec: ModelSpec, sources: PlanSources, options: { all?: boolean } = {}): string {
  const shownIndices = options.all || spec.paths.length <= PLAN_LIMIT ? spec.paths.map((_, i) => i) : corePaths(spec);
  const partial = shownIndices.length < spec.paths.length;
  const steps = spec.paths.reduce((n, p) => n + p.path.steps.length - 1, 0);
  const lines = [
    `# ${name} test plan`,
    '',
    `> Generated from ${code(sources.spec)} (the paths ${code(sources.test)} replays) by \`npm run statecharts\`; do not edit.`,
    `> Print it with \`npm run statecharts:paths -- ${name}\`. How to read it: [docs/qa.md](../qa.md).`,
    '',
    `Machine ${code(spec.machine.id)} ([statechart](./${name}.md)): ${spec.paths.length} path${spec.paths.length === 1 ? '' : 's'}, ` +
      `${steps} steps; they cover ${coverageLine(spec)}.`,
    '',
    'Each path starts a fresh machine. Every step names the state the machine is in, what happens (an event sent, a timer ' +
      'firing, an invoked service succeeding or failing), the state expected next and the effects expected: named actions, ' +
      'services started and stopped, events sent to other actors.',
    ...(partial
      ? [
          '',
          `This plan lists ${shownIndices.length} of the ${spec.paths.length} paths: the fewest that together visit every state and take every ` +
            `transition the whole set does${spec.paths.some((p) => p.group === 'scenario') ? ' (the hand-written scenarios among them)' : ''}. ` +
            'The test replays all of them; the others reach the same states and transitions with other context. ' +
            `Numbers are those of the whole set; \`npm run statecharts:paths -- ${name} --all\` prints every path.`,
        ]
      : []),
  ];
  // The input is said once for a group whose paths all start from the same one.
  const inputText = (p: PlannedPath): string | undefined => (p.input === undefined ? undefined : shortValue(p.input, 240));
  const shownPaths = shownIndices.map((i) => ({ planned: spec.paths[i] as PlannedPath, i }));
  const sharedInput = (group: string | undefined): string | undefined => {
    const texts = new Set(shownPaths.filter(({ planned }) => planned.group === group).map(({ planned }) => inputText(planned)));
    return texts.size === 1 ? [...texts][0] : undefined;
  };
  let group: string | undefined;
  let shared: string | undefined;
  shownPaths.forEach(({ planned, i }, k) => {
    if (k === 0 || planned.group !== group) {
      group = planned.group;
      shared = sharedInput(group);
      if (group !== undefined) lines.push('', `## ${group.charAt(0).toUpperCase()}${group.slice(1)}`);
      if (shared !== undefined) lines.push('', `Every path ${group === undefined ? '' : 'of this group '}starts the machine with input ${code(shared)}.`);
    }
    lines.push('', pathHeading(i + 1, planned), '');
    planned.path.steps.forEach((step, n) => {
      lines.push(`${n + 1}. ${describeStep(step, planned.path.steps[n - 1], shared === undefined ? planned.input : undefined)}`);
    });
  });
  return `${lines.join('\n')}\n`;
}

/** The "Test coverage" section appended to `docs/statecharts/<name>.md`. */
export function renderCoverage(name: string, spec: ModelSpec | undefined, sources: PlanSources): string {
  const lines = ['', '## Test coverage', ''];
  if (!spec) {
    lines.push(
      `No model spec: ${code(sources.spec)} is missing, so no model-based test covers this machine (0 %). ` +
        'See [docs/qa.md](../qa.md) to add one.',
    );
    return `${lines.join('\n')}\n`;
  }
  const c = modelCoverage(spec);
  lines.push(
    `${code(sources.test)} replays the ${spec.paths.length} paths of ${code(sources.spec)}: [test plan](./${name}.paths.md).`,
    '',
    '| | Total | Covered | Left out on purpose | Coverage |',
    '| --- | ---: | ---: | ---: | ---: |',
    `| States | ${c.states.total} | ${c.states.covered} | ${c.states.excluded} | ${countCell(c.states)} |`,
    `| Transitions | ${c.transitions.total} | ${c.transitions.covered} | ${c.transitions.excluded} | ${countCell(c.transitions)} |`,
  );
  if (c.exclusions.length > 0) {
    lines.push('', 'Left out on purpose:', '');
    for (const e of c.exclusions) lines.push(`- ${code(e.what)}: ${e.reason}`);
  }
  const missing = [...c.missingStates.map((id) => `state ${id}`), ...c.missingTransitions.map((t) => `transition ${t.id}`)];
  if (missing.length > 0) {
    lines.push('', 'Not covered (CI fails):', '');
    for (const m of missing) lines.push(`- ${code(m)}`);
  }
  return `${lines.join('\n')}\n`;
}
