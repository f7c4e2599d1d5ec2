// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { formMachine, uploadMachine } from '../tests/model/fixtures/machines.ts';
import { coveringPaths, fakeActors, provideFakeActors } from '../tests/model/graph.ts';
import { coverageProblems, defineModel, modelCoverage } from '../tests/model/spec.ts';
import { compare, coverageFailures, expectedFiles, fileBase, sourceOf, write } from './statecharts.ts';
import { PLAN_LIMIT, corePaths, describePayload, renderCoverage, renderPlan, shortValue } from './statecharts/plan.ts';
import {
  describeMachine,
  escapeMermaid,
  mermaidId,
  toDot,
  toMarkdown,
  toMermaid,
  toSvg,
} from './statecharts/render.ts';

describe('describeMachine', () => {
  it('lists every state and every kind of transition with labels', () => {
    const model = describeMachine(uploadMachine);
    expect(model.states.map((s) => s.path)).toEqual([
      '',
      'idle',
      'working',
      'working.fetch',
      'working.fetch.loading',
      'working.fetch.failed',
      'working.fetch.gaveUp',
      'working.fetch.loaded',
      'working.ticker',
      'working.ticker.tick',
      'working.ticker.tock',
      'checking',
      'done',
    ]);
    const labels = model.transitions.map((t) => `${t.source}|${t.kind}|${t.label}|${t.guard ?? ''}|${t.targets.join(',')}|${t.actions.join(',')}`);
    expect(labels).toEqual([
      'idle|event|START||working|logStart,resetAttempts',
      'working|event|CANCEL||idle|',
      'working.fetch|state-done|done||checking|',
      'working.fetch.loading|done|done: loadServer||working.fetch.loaded|xstate.assign',
      'working.fetch.loading|error|error: loadServer||working.fetch.failed|countAttempt',
      'working.fetch.failed|after|after RETRY_DELAY|canRetry|working.fetch.loading|',
      'working.fetch.failed|after|after RETRY_DELAY||working.fetch.gaveUp|',
      'working.ticker.tick|after|after 1000ms||working.ticker.tock|',
      'working.ticker.tock|event|TOGGLE||working.ticker.tick|',
      'checking|always|always|hasLoaded|done|',
      'checking|always|always||idle|',
    ]);
    expect(model.delays).toEqual([
      { name: 'RETRY_DELAY', ms: 500, usedIn: ['working.fetch.failed'] },
      { name: '1000ms', ms: 1000, usedIn: ['working.ticker.tick'] },
    ]);
    // after's internal raise/cancel actions are not reported as entry/exit actions
    expect(model.states.find((s) => s.path === 'working.fetch.failed')?.entry).toEqual([]);
  });
});

describe('toMermaid', () => {
  const text = toMermaid(uploadMachine);

  it('is a stateDiagram-v2 with every state, composite blocks and parallel separators', () => {
    expect(text.startsWith('stateDiagram-v2\n')).toBe(true);
    for (const state of describeMachine(uploadMachine).states) {
      expect(text).toContain(` as ${mermaidId(state)}\n`);
    }
    expect(text).toContain('state s_working {');
    expect(text).toContain('state s_working__fetch {');
    expect(text).toMatch(/\n {6}--\n/); // region separator inside the parallel state
    expect(text).toContain('[*] --> s_idle');
    expect(text).toContain('[*] --> s_working__fetch__loading');
    expect(text).toContain('s_done --> [*]');
    expect(text).toContain('s_working__fetch__loaded --> [*]');
    expect(text).toContain('s_working : tags busy');
    expect(text).toContain('s_working__fetch__loading : invoke loadServer');
  });

  it('draws every transition with its label and guard', () => {
    const expected = [
      's_idle --> s_working : START',
      's_working --> s_idle : CANCEL',
      's_working__fetch --> s_checking : done',
      's_working__fetch__loading --> s_working__fetch__loaded : done#58; loadServer',
      's_working__fetch__loading --> s_working__fetch__failed : error#58; loadServer',
      's_working__fetch__failed --> s_working__fetch__loading : after RETRY_DELAY [canRetry]',
      's_working__fetch__failed --> s_working__fetch__gaveUp : after RETRY_DELAY',
      's_working__ticker__tick --> s_working__ticker__tock : after 1000ms',
      's_working__ticker__tock --> s_working__ticker__tick : TOGGLE',
      's_checking --> s_done : always [hasLoaded]',
      's_checking --> s_idle : always',
    ];
    for (const line of expected) expect(text).toContain(line);
    expect(text.split('\n').filter((l) => l.includes(' --> ') && !l.includes('[*]'))).toHaveLength(expected.length);
  });

  it('is deterministic', () => {
    expect(toMermaid(uploadMachine)).toBe(text);
  });

  it('escapes unsafe characters in labels and ids', () => {
    const machine = createMachine({
      id: 'odd',
      initial: 'a b',
      states: { 'a b': { on: { 'x:y;#{}': 'c-d' } }, 'c-d': {} },
    });
    const out = toMermaid(machine);
    expect(out).toContain('state "a b" as s_a_20_b');
    expect(out).toContain('s_a_20_b --> s_c_2d_d : x#58;y#59;#35;#123;#125;');
    expect(escapeMermaid('"<x>"')).toBe('#34;#60;x#62;#34;');
  });
});

describe('toDot / toSvg', () => {
  it('uses clusters for compound and parallel states', () => {
    const dot = toDot(uploadMachine);
    expect(dot).toContain('subgraph "cluster_working" {');
    expect(dot).toContain('style="rounded,dashed"');
    expect(dot).toContain('subgraph "cluster_working.fetch" {');
    expect(dot).toContain('"idle" -> "working#anchor" [label="START" lhead="cluster_working"];');
    expect(dot).toContain('label="after RETRY_DELAY [canRetry]"');
    expect(dot).toContain('"working.fetch.loaded" [label="loaded" shape=doublecircle];');
  });

  it('renders a deterministic SVG without version comments', async () => {
    const first = await toSvg(uploadMachine);
    const second = await toSvg(uploadMachine);
    expect(first).toBe(second);
    expect(first).toContain('<svg');
    expect(first).toContain('after RETRY_DELAY [canRetry]');
    expect(first).not.toMatch(/Generated by graphviz/);
  });
});

describe('toMarkdown', () => {
  it('has the title, the generated note, the mermaid block, the SVG link and the tables', () => {
    const md = toMarkdown(uploadMachine, { name: 'upload', source: 'src/machines/upload.ts', svgFile: 'upload.svg' });
    expect(md.startsWith('# upload statechart\n')).toBe(true);
    expect(md).toContain('Generated from `src/machines/upload.ts` (machine `upload`) by `npm run statecharts`; do not edit.');
    expect(md).toContain(`\`\`\`mermaid\n${toMermaid(uploadMachine)}\`\`\``);
    expect(md).toContain('[upload.svg](./upload.svg)');
    expect(md).toContain('| `idle` | `START` |  | `working` | logStart, resetAttempts |');
    expect(md).toContain(
      '| `working.fetch.failed` | after RETRY_DELAY (`xstate.after.RETRY_DELAY.upload.working.fetch.failed`) | `canRetry` | `working.fetch.loading` |  |',
    );
    expect(md).toContain('| `checking` | always | `hasLoaded` | `done` |  |');
    expect(md).toContain('| `RETRY_DELAY` | 500 | `working.fetch.failed` |');
    expect(md).toContain('| `1000ms` | 1000 | `working.ticker.tick` |');
  });
});

describe('statecharts CLI helpers', () => {
  const registry = [
    "import { uploadMachine } from './upload/upload.machine';",
    "import { formMachine as form } from './form.ts';",
    'export const machines = { upload: uploadMachine, form };',
  ].join('\n');

  it('finds the source file of a machine from the registry imports', () => {
    expect(sourceOf('upload', registry)).toBe('src/machines/upload/upload.machine.ts');
    expect(sourceOf('form', registry)).toBe('src/machines/form.ts');
    expect(sourceOf('unknown', registry)).toBe('src/machines/registry.ts');
  });

  it('rejects machine names that are not file names', () => {
    expect(() => fileBase('../x')).toThrow(/not a valid file name/);
  });

  it('writes nothing and reports no drift for an empty registry', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'statecharts-'));
    const files = await expectedFiles({}, '');
    expect(files.size).toBe(0);
    expect(write(files, join(dir, 'out'))).toEqual({ missing: [], stale: [], extra: [] });
    expect(compare(files, join(dir, 'out'))).toEqual({ missing: [], stale: [], extra: [] });
  });

  it('writes, detects stale and extra files, and deletes machines no longer registered', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'statecharts-'));
    const files = await expectedFiles({ upload: uploadMachine, form: formMachine }, registry);
    expect([...files.keys()]).toEqual(['form.md', 'form.svg', 'upload.md', 'upload.svg']);
    expect(compare(files, dir).missing).toEqual(['form.md', 'form.svg', 'upload.md', 'upload.svg']);
    write(files, dir);
    expect(compare(files, dir)).toEqual({ missing: [], stale: [], extra: [] });
    // byte-stable regeneration
    expect(compare(await expectedFiles({ upload: uploadMachine, form: formMachine }, registry), dir)).toEqual({
      missing: [],
      stale: [],
      extra: [],
    });

    writeFileSync(join(dir, 'upload.md'), `${readFileSync(join(dir, 'upload.md'), 'utf8')}edited\n`);
    writeFileSync(join(dir, 'README.md'), 'hand written, not ours\n');
    const fewer = await expectedFiles({ upload: uploadMachine }, registry);
    expect(compare(fewer, dir)).toEqual({ missing: [], stale: ['upload.md'], extra: ['form.md', 'form.svg'] });
    write(fewer, dir);
    expect(readdirSync(dir).sort()).toEqual(['README.md', 'upload.md', 'upload.svg']);
    expect(compare(fewer, dir)).toEqual({ missing: [], stale: [], extra: [] });
  });
});

describe('test plans and coverage (model specs)', () => {
  const fakes = fakeActors();
  const upload = provideFakeActors(uploadMachine, fakes);
  const uploadPaths = coveringPaths(upload, {
    events: { 'xstate.done.actor.load': { output: { count: 3 } }, 'xstate.error.actor.load': { error: new Error('offline') } },
  });
  const uploadSpec = defineModel(uploadMachine, {
    paths: uploadPaths,
    replayMachine: upload,
    scenarios: [{ title: 'a start then a cancel', events: [{ type: 'START' }, { type: 'CANCEL' }] }],
  });
  // without a valid SUBMIT sample the guarded transition and `submitted` are never reached
  const formPaths = coveringPaths(formMachine, { events: { SUBMIT: { value: 'bad' } } });
  const sources = { spec: 'tests/model/x.model.ts', test: 'tests/model/x.model.test.ts' };

  it('describes payloads as short JSON, errors by name and message', () => {
    expect(describePayload({ type: 'LOGIN', password: 'secret', email: 'a@b', code: null })).toBe('{ code: null, email: "a@b", password: "secret" }');
    expect(describePayload({ type: 'STOP' })).toBe('');
    expect(shortValue(new Error('offline'))).toBe('Error("offline")');
    expect(shortValue({ text: 'x'.repeat(100) })).toHaveLength(36);
  });

  it('writes every path as numbered steps: state, what happens, expected state, expected effects', () => {
    const plan = renderPlan('upload', uploadSpec, sources);
    expect(plan).toContain(`${uploadSpec.paths.length} paths`);
    expect(plan).toContain('states 13/13, transitions 11/11 (100 %)');
    expect(plan).toContain('1. Start the machine → expect `idle`; effects: none.');
    expect(plan).toContain('2. In `idle`, send `START` → expect `working.fetch.loading + working.ticker.tick`; effects: logStart, start loadServer.');
    expect(plan).toContain('`loadServer` fails with `Error("offline")` → expect `working.fetch.failed + working.ticker.tick`; effects: stop loadServer.');
    expect(plan).toMatch(/wait 500 ms \(after RETRY_DELAY\)/);
    expect(plan).toContain(`### Path ${uploadSpec.paths.length}: a start then a cancel (3 steps) ⇒ idle`);
    expect(renderPlan('upload', uploadSpec, sources)).toBe(plan); // deterministic
  });

  it('over PLAN_LIMIT paths, the plan lists the fewest that cover what the whole set covers, scenarios kept, numbered as in the set', () => {
    // the upload paths repeated past the limit: the same states and transitions, many more paths
    const many = defineModel(uploadMachine, { paths: Array.from({ length: PLAN_LIMIT + 1 }, () => uploadPaths).flat(), replayMachine: upload, scenarios: [{ title: 'a start then a cancel', events: [{ type: 'START' }, { type: 'CANCEL' }] }] });
    const core = corePaths(many);
    expect(core.length).toBeLessThanOrEqual(uploadPaths.length + 1);
    expect(core).toContain(many.paths.length - 1); // the scenario
    const subset = defineModel(uploadMachine, { paths: core.map((i) => many.paths[i]!.path) });
    expect(modelCoverage(subset).states.covered).toBe(modelCoverage(many).states.covered);
    expect(modelCoverage(subset).transitions.covered).toBe(modelCoverage(many).transitions.covered);
    const plan = renderPlan('upload', many, sources);
    expect(plan).toContain(`This plan lists ${core.length} of the ${many.paths.length} paths`);
    expect(plan.match(/^### Path /gm)).toHaveLength(core.length);
    expect(plan).toContain(`### Path ${many.paths.length}: a start then a cancel`);
    expect(renderPlan('upload', many, sources, { all: true }).match(/^### Path /gm)).toHaveLength(many.paths.length);
    // at or under the limit, every path
    expect(renderPlan('upload', uploadSpec, sources)).not.toContain('This plan lists');
  });

  it('counts covered states and transitions against the definition, and fails below 100 %', () => {
    expect(coverageProblems(uploadSpec)).toEqual([]);
    const form = defineModel(formMachine, { paths: formPaths });
    expect(modelCoverage(form)).toMatchObject({ states: { total: 4, covered: 3, excluded: 0 }, transitions: { total: 3, covered: 2, excluded: 0 } });
    expect(coverageFailures({ form, upload: uploadSpec, none: undefined })).toEqual([
      'form: state form.submitted is not covered',
      'form: transition editing: SUBMIT [isValid] → submitted (id form.editing#SUBMIT#0) is not covered',
      'none: no model spec (tests/model/none.model.ts); see docs/qa.md',
    ]);
    const coverage = renderCoverage('form', form, sources);
    expect(coverage).toContain('| States | 4 | 3 | 0 | 75 % |');
    expect(coverage).toContain('Not covered (CI fails):');
  });

  it('accepts a gap left out with a reason, lists it, and flags exclusions that are stale or without a reason', () => {
    const form = defineModel(formMachine, {
      paths: formPaths,
      exclude: { 'form.submitted': 'reached only with a valid value', 'form.editing#SUBMIT#0': 'the test has no valid value' },
    });
    expect(coverageProblems(form)).toEqual([]);
    const coverage = renderCoverage('form', form, sources);
    expect(coverage).toContain('| Transitions | 3 | 2 | 1 | 100 % |');
    expect(coverage).toContain('- `editing: SUBMIT [isValid] → submitted`: the test has no valid value');
    const stale = defineModel(formMachine, {
      paths: formPaths,
      exclude: { 'form.submitted': 'x', 'form.editing#SUBMIT#0': 'y', 'form.invalid': 'covered anyway', 'form.gone': 'no such state', 'form.editing#SUBMIT#1': ' ' },
    });
    expect(coverageProblems(stale)).toEqual([
      'form.invalid: excluded, but the paths cover it',
      'form.gone: excluded, but the machine has no such state or transition',
      'form.editing#SUBMIT#1: excluded, but the paths cover it',
      'form.editing#SUBMIT#1: excluded without a reason',
    ]);
  });

  it('generates a plan and a coverage section per machine with a spec', async () => {
    const files = await expectedFiles({ upload: uploadMachine, form: formMachine }, '', { upload: uploadSpec, form: undefined });
    expect([...files.keys()].sort()).toEqual(['form.md', 'form.svg', 'upload.md', 'upload.paths.md', 'upload.svg']);
    expect(files.get('upload.md')).toContain('## Test coverage');
    expect(files.get('form.md')).toContain('No model spec');
  });
});
