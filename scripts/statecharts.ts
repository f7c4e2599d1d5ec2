/**
 * Statechart diagrams, test plans and coverage of every machine in `src/machines/registry.ts`.
 *
 *   tsx scripts/statecharts.ts write          # (npm run statecharts) writes docs/statecharts/<name>.{md,svg,paths.md}, deletes stale ones
 *   tsx scripts/statecharts.ts check          # (npm run statecharts:check) exits 1 listing missing/stale/extra files
 *                                             # and every machine whose model-based tests cover less than 100 %
 *   tsx scripts/statecharts.ts paths <name>   # (npm run statecharts:paths -- <name>) prints the test plan, writes <name>.paths.md
 *   tsx scripts/statecharts.ts paths <name> --all   # every path the test replays (a plan over 40 paths lists the fewest covering ones)
 *
 * The plan and the coverage of `<name>` come from its model spec `tests/model/<name>.model.ts`
 * (`export const model = defineModel(...)`, see tests/model/spec.ts): the paths its test replays.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import type { ModelSpec } from '../tests/model/spec.ts';
import { coverageProblems } from '../tests/model/spec.ts';
import { renderCoverage, renderPlan, type PlanSources } from './statecharts/plan.ts';
import { renderMachineFiles, svgRenderer } from './statecharts/render.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const OUT_DIR = join(ROOT, 'docs', 'statecharts');
const REGISTRY = join(ROOT, 'src', 'machines', 'registry.ts');

/** Files in the output directory that this tool owns (everything but a hand-written README). */
export function isDiagramFile(file: string): boolean {
  return /\.(md|svg)$/.test(file) && file.toLowerCase() !== 'readme.md';
}

/** Registry names become file names: keep them boring. */
export function fileBase(name: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(name)) {
    throw new Error(`Machine name "${name}" is not a valid file name (letters, digits, - and _ only)`);
  }
  return name;
}

/**
 * Best-effort source file of a registered machine, from the registry's imports
 * (`import { sessionMachine } from './session.ts'` + `session: sessionMachine`).
 */
export function sourceOf(name: string, registrySource: string, registryPath = 'src/machines/registry.ts'): string {
  const entry = new RegExp(`(?:^|[\\s{,])['"]?${name.replace(/[-]/g, '\\-')}['"]?\\s*:\\s*([A-Za-z_$][\\w$]*)`, 'm').exec(registrySource);
  const shorthand = new RegExp(`(?:^|[\\s{,])${name.replace(/[-]/g, '\\-')}\\s*[,}\\n]`, 'm').test(registrySource);
  const identifier = entry?.[1] ?? (shorthand ? name : undefined);
  if (identifier) {
    for (const m of registrySource.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"]/g)) {
      const names = (m[1] ?? '').split(',').map((part) => {
        const pieces = part.trim().split(/\s+as\s+/);
        return (pieces[1] ?? pieces[0] ?? '').trim();
      });
      const spec = m[2];
      if (spec && names.includes(identifier)) {
        const base = join(dirname(registryPath), spec).replace(/\\/g, '/');
        return /\.[cm]?[jt]sx?$/.test(base) ? base : `${base}.ts`;
      }
    }
  }
  return registryPath;
}

/** Where the model spec and the model-based test of a registered machine live (by convention). */
export function modelSources(name: string): PlanSources {
  return { spec: `tests/model/${name}.model.ts`, test: `tests/model/${name}.model.test.ts` };
}

/** The model spec of each machine (`undefined`: none); throws when a spec is for another machine. */
export async function loadSpecs(machines: Readonly<Record<string, AnyStateMachine>>): Promise<Record<string, ModelSpec | undefined>> {
  const specs: Record<string, ModelSpec | undefined> = {};
  for (const name of Object.keys(machines).sort()) {
    const file = join(ROOT, modelSources(fileBase(name)).spec);
    if (!existsSync(file)) {
      specs[name] = undefined;
      continue;
    }
    const { model } = (await import(file)) as { model?: ModelSpec };
    if (!model) throw new Error(`${modelSources(name).spec} does not export \`model\` (export const model = defineModel(...))`);
    if (model.machine !== machines[name]) {
      throw new Error(`${modelSources(name).spec}: its model is for machine "${model.machine.id}", not the registered "${name}"`);
    }
    specs[name] = model;
  }
  return specs;
}

/** Coverage problems per machine: no model spec, uncovered states/transitions, stale exclusions. */
export function coverageFailures(specs: Readonly<Record<string, ModelSpec | undefined>>): string[] {
  return Object.keys(specs)
    .sort()
    .flatMap((name) => {
      const spec = specs[name];
      if (!spec) return [`${name}: no model spec (${modelSources(name).spec}); see docs/qa.md`];
      return coverageProblems(spec).map((problem) => `${name}: ${problem}`);
    });
}

/**
 * Every generated file (name → content) for the given machines. With `specs` (the model spec of
 * each machine, `undefined` for none), also the test plans and the coverage sections.
 */
export async function expectedFiles(
  machines: Readonly<Record<string, AnyStateMachine>>,
  registrySource: string,
  specs?: Readonly<Record<string, ModelSpec | undefined>>,
): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const names = Object.keys(machines).sort();
  if (names.length === 0) return files;
  const renderer = await svgRenderer();
  for (const name of names) {
    const machine = machines[name];
    if (!machine) continue;
    const base = fileBase(name);
    const rendered = await renderMachineFiles(base, machine, { source: sourceOf(name, registrySource), renderer });
    for (const [file, content] of Object.entries(rendered)) files.set(file, content);
    if (specs) {
      const spec = specs[name];
      const sources = modelSources(base);
      files.set(`${base}.md`, `${files.get(`${base}.md`) ?? ''}${renderCoverage(base, spec, sources)}`);
      if (spec) files.set(`${base}.paths.md`, renderPlan(base, spec, sources));
    }
  }
  return files;
}

export interface Drift {
  readonly missing: readonly string[];
  readonly stale: readonly string[];
  readonly extra: readonly string[];
}

/** Compares the expected files with the output directory, byte for byte. */
export function compare(expected: ReadonlyMap<string, string>, dir: string): Drift {
  const present = existsSync(dir) ? readdirSync(dir).filter(isDiagramFile).sort() : [];
  const missing: string[] = [];
  const stale: string[] = [];
  for (const [file, content] of [...expected].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!present.includes(file)) missing.push(file);
    else if (!readFileSync(join(dir, file)).equals(Buffer.from(content, 'utf8'))) stale.push(file);
  }
  return { missing, stale, extra: present.filter((file) => !expected.has(file)) };
}

/** Writes the expected files and deletes the extra ones; returns what changed. */
export function write(expected: ReadonlyMap<string, string>, dir: string): Drift {
  const drift = compare(expected, dir);
  if (expected.size > 0) mkdirSync(dir, { recursive: true });
  for (const file of [...drift.missing, ...drift.stale]) writeFileSync(join(dir, file), expected.get(file) ?? '');
  for (const file of drift.extra) rmSync(join(dir, file));
  return drift;
}

async function main(argv: readonly string[]): Promise<number> {
  const mode = argv[0];
  if (mode !== 'write' && mode !== 'check' && mode !== 'paths') {
    console.error('usage: tsx scripts/statecharts.ts write|check|paths <machine>');
    return 2;
  }
  const { machines } = (await import('../src/machines/registry.ts')) as { machines: Record<string, AnyStateMachine> };
  const shown = relative(ROOT, OUT_DIR);
  if (mode === 'paths') return printPlan(machines, argv.slice(1).find((a) => a !== '--all'), shown, argv.includes('--all'));
  const specs = await loadSpecs(machines);
  const expected = await expectedFiles(machines, readFileSync(REGISTRY, 'utf8'), specs);
  const failures = coverageFailures(specs);
  const coverageReport = `model-based test coverage below 100 %:\n  ${failures.join('\n  ')}\nSee docs/qa.md: add sample events or paths, or exclude with a reason.`;
  if (mode === 'write') {
    const drift = write(expected, OUT_DIR);
    for (const file of [...drift.missing, ...drift.stale]) console.log(`wrote   ${shown}/${file}`);
    for (const file of drift.extra) console.log(`deleted ${shown}/${file}`);
    console.log(`statecharts: ${Object.keys(machines).length} machine(s), ${expected.size} file(s) up to date`);
    if (failures.length > 0) {
      console.error(coverageReport);
      return 1;
    }
    return 0;
  }
  const drift = compare(expected, OUT_DIR);
  const problems = [
    ...drift.missing.map((f) => `  missing ${shown}/${f}`),
    ...drift.stale.map((f) => `  stale   ${shown}/${f}`),
    ...drift.extra.map((f) => `  extra   ${shown}/${f} (machine no longer registered)`),
  ];
  if (problems.length > 0) {
    console.error(`statecharts are out of date:\n${problems.join('\n')}\nRun \`npm run statecharts\` and commit the result.`);
  }
  if (failures.length > 0) console.error(coverageReport);
  if (problems.length > 0 || failures.length > 0) return 1;
  console.log(`statecharts: ${expected.size} file(s) up to date; model-based tests cover 100 % of ${Object.keys(machines).length} machine(s)`);
  return 0;
}

/** `paths <name> [--all]`: prints the test plan of one machine and writes its `.paths.md`; with `--all`, prints every path (and writes nothing). */
async function printPlan(machines: Readonly<Record<string, AnyStateMachine>>, name: string | undefined, shown: string, all: boolean): Promise<number> {
  const known = Object.keys(machines).sort();
  const machine = name === undefined ? undefined : machines[name];
  if (name === undefined || !machine || !Object.hasOwn(machines, name)) {
    console.error(`${name === undefined ? 'Which machine?' : `Unknown machine "${name}".`} Known machines: ${known.join(', ')}\nusage: npm run statecharts:paths -- <machine> [--all]`);
    return 2;
  }
  const spec = (await loadSpecs({ [name]: machine }))[name];
  const sources = modelSources(fileBase(name));
  if (!spec) {
    console.error(`${name} has no model spec (${sources.spec}); see docs/qa.md to add one.`);
    return 1;
  }
  if (all) {
    process.stdout.write(renderPlan(fileBase(name), spec, sources, { all: true }));
    return 0;
  }
  const plan = renderPlan(fileBase(name), spec, sources);
  process.stdout.write(plan);
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(join(OUT_DIR, `${fileBase(name)}.paths.md`), plan);
  console.error(`wrote ${shown}/${fileBase(name)}.paths.md`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
