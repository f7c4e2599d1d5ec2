/**
 * Statechart diagrams of every machine in `src/machines/registry.ts`.
 *
 *   tsx scripts/statecharts.ts write   # (npm run statecharts) writes docs/statecharts/<name>.{md,svg}, deletes stale ones
 *   tsx scripts/statecharts.ts check   # (npm run statecharts:check) exits 1 listing missing/stale/extra files
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine } from 'xstate';
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

/** Every generated file (name → content) for the given machines. */
export async function expectedFiles(
  machines: Readonly<Record<string, AnyStateMachine>>,
  registrySource: string,
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
  if (mode !== 'write' && mode !== 'check') {
    console.error('usage: tsx scripts/statecharts.ts write|check');
    return 2;
  }
  const { machines } = (await import('../src/machines/registry.ts')) as { machines: Record<string, AnyStateMachine> };
  const expected = await expectedFiles(machines, readFileSync(REGISTRY, 'utf8'));
  const shown = relative(ROOT, OUT_DIR);
  if (mode === 'write') {
    const drift = write(expected, OUT_DIR);
    for (const file of [...drift.missing, ...drift.stale]) console.log(`wrote   ${shown}/${file}`);
    for (const file of drift.extra) console.log(`deleted ${shown}/${file}`);
    console.log(`statecharts: ${Object.keys(machines).length} machine(s), ${expected.size} file(s) up to date`);
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
    return 1;
  }
  console.log(`statecharts: ${expected.size} file(s) up to date`);
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
