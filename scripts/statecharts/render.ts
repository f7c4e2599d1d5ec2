/**
 * Pure renderers from an XState 5 machine definition to Mermaid `stateDiagram-v2`, Graphviz DOT
 * (and SVG through @viz-js/viz) and a Markdown page. Output is deterministic: document order of
 * the machine config, no timestamps, no random ids — so `npm run statecharts:check` can compare
 * bytes.
 */
import type { AnyStateMachine } from 'xstate';
import { describeMachine, type MachineModel, type StateInfo, type TransitionInfo } from './model.ts';

export { describeMachine } from './model.ts';
export type { MachineModel, StateInfo, TransitionInfo, DelayInfo } from './model.ts';

/** `guard` → ` [guard]`, actions are left to the table. */
export function transitionLabel(t: TransitionInfo): string {
  return t.guard === undefined ? t.label : `${t.label} [${t.guard}]`;
}

// ---------------------------------------------------------------------------------------------
// Mermaid

/** A Mermaid-safe identifier for a state: `s_` + path with every non-alphanumeric char encoded. */
export function mermaidId(state: Pick<StateInfo, 'path'>): string {
  if (state.path === '') return 'root';
  return `s_${state.path.replace(/[^A-Za-z0-9]/g, (c) => (c === '.' ? '__' : `_${c.charCodeAt(0).toString(16)}_`))}`;
}

/**
 * Escapes free text for Mermaid labels (state descriptions, transition labels): everything
 * outside a conservative safe set becomes an entity code (`#35;`), which Mermaid decodes.
 */
export function escapeMermaid(text: string): string {
  return text.replace(/[^A-Za-z0-9 _.,\-[\]()/*!&|=']/g, (c) => `#${c.codePointAt(0) ?? 63};`);
}

function mermaidState(state: StateInfo, indent: string, out: string[], edges: Map<string, TransitionInfo[]>): void {
  const id = mermaidId(state);
  out.push(`${indent}state "${escapeMermaid(state.key)}" as ${id}`);
  if (state.tags.length > 0) out.push(`${indent}${id} : tags ${escapeMermaid(state.tags.join(', '))}`);
  for (const inv of state.invokes) out.push(`${indent}${id} : invoke ${escapeMermaid(inv.src)}`);
  if (state.children.length === 0) return;
  out.push(`${indent}state ${id} {`);
  const inner = `${indent}  `;
  if (state.type === 'parallel') {
    state.children.forEach((region, i) => {
      if (i > 0) out.push(`${inner}--`);
      mermaidRegion([region], region, inner, out, edges, false);
    });
  } else {
    const initial = state.children.find((c) => c.key === state.initial);
    mermaidRegion(state.children, initial, inner, out, edges, true);
  }
  out.push(`${indent}}`);
}

function mermaidRegion(
  children: readonly StateInfo[],
  initial: StateInfo | undefined,
  indent: string,
  out: string[],
  edges: Map<string, TransitionInfo[]>,
  withInitialArrow: boolean,
): void {
  if (initial && withInitialArrow) out.push(`${indent}[*] --> ${mermaidId(initial)}`);
  for (const child of children) mermaidState(child, indent, out, edges);
  for (const child of children) {
    if (child.type === 'final') out.push(`${indent}${mermaidId(child)} --> [*]`);
    for (const t of edges.get(child.id) ?? []) {
      const targets = t.targets.length > 0 ? t.targets : [t.source];
      for (const target of targets) {
        out.push(`${indent}${mermaidId(child)} --> ${mermaidId({ path: target })} : ${escapeMermaid(transitionLabel(t))}`);
      }
    }
  }
}

function edgesBySource(model: MachineModel): Map<string, TransitionInfo[]> {
  const map = new Map<string, TransitionInfo[]>();
  for (const t of model.transitions) {
    const list = map.get(t.sourceId) ?? [];
    list.push(t);
    map.set(t.sourceId, list);
  }
  return map;
}

/** Mermaid `stateDiagram-v2` text. The machine root is drawn as a composite state named after the machine id. */
export function toMermaid(machine: AnyStateMachine): string {
  const model = describeMachine(machine);
  const out: string[] = ['stateDiagram-v2'];
  const edges = edgesBySource(model);
  mermaidRegion([model.root], model.root, '  ', out, edges, true);
  return `${out.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// Graphviz

/** Quotes a DOT string (ids and labels). */
export function dotString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

function dotNodeId(state: Pick<StateInfo, 'path'>): string {
  return dotString(state.path === '' ? '(root)' : state.path);
}

function anchorId(state: Pick<StateInfo, 'path'>): string {
  return dotString(`${state.path === '' ? '(root)' : state.path}#anchor`);
}

function clusterId(state: Pick<StateInfo, 'path'>): string {
  return dotString(`cluster_${state.path === '' ? '(root)' : state.path}`);
}

function dotState(state: StateInfo, indent: string, out: string[]): void {
  const extras = [
    ...(state.tags.length > 0 ? [`tags: ${state.tags.join(', ')}`] : []),
    ...state.invokes.map((inv) => `invoke: ${inv.src}`),
  ];
  const label = [state.key === '' ? '(machine)' : state.key, ...extras].join('\n');
  if (state.children.length === 0) {
    const shape = state.type === 'final' ? 'doublecircle' : state.type === 'history' ? 'circle' : 'box';
    const style = state.type === 'final' || state.type === 'history' ? '' : ' style="rounded"';
    out.push(`${indent}${dotNodeId(state)} [label=${dotString(state.type === 'history' ? 'H' : label)} shape=${shape}${style}];`);
    return;
  }
  out.push(`${indent}subgraph ${clusterId(state)} {`);
  const inner = `${indent}  `;
  out.push(`${inner}label=${dotString(state.type === 'parallel' ? `${label}\n(parallel)` : label)};`);
  out.push(`${inner}style=${state.type === 'parallel' ? '"rounded,dashed"' : 'rounded'};`);
  out.push(`${inner}${anchorId(state)} [label="" shape=point width=0.01 style=invis];`);
  const initial = state.children.find((c) => c.key === state.initial);
  if (initial) {
    const init = dotString(`${state.path === '' ? '(root)' : state.path}#initial`);
    out.push(`${inner}${init} [label="" shape=point width=0.12];`);
    out.push(`${inner}${init} -> ${endpoint(initial)}${initial.children.length > 0 ? ` [lhead=${clusterId(initial)}]` : ''};`);
  }
  for (const child of state.children) dotState(child, inner, out);
  out.push(`${indent}}`);
}

function endpoint(state: StateInfo): string {
  return state.children.length > 0 ? anchorId(state) : dotNodeId(state);
}

/** Graphviz DOT source: clusters for compound/parallel states (parallel ones dashed). */
export function toDot(machine: AnyStateMachine): string {
  const model = describeMachine(machine);
  const byPath = new Map(model.states.map((s) => [s.path, s]));
  const out: string[] = [
    `digraph ${dotString(model.id)} {`,
    '  compound=true;',
    '  rankdir=LR;',
    '  fontname="Helvetica"; fontsize=12;',
    '  node [fontname="Helvetica" fontsize=11];',
    '  edge [fontname="Helvetica" fontsize=10];',
  ];
  dotState(model.root, '  ', out);
  for (const t of model.transitions) {
    const source = byPath.get(t.source);
    if (!source) continue;
    const targets = t.targets.length > 0 ? t.targets : [t.source];
    for (const targetPath of targets) {
      const target = byPath.get(targetPath);
      if (!target) continue;
      const attrs = [`label=${dotString(transitionLabel(t))}`];
      if (source.children.length > 0) attrs.push(`ltail=${clusterId(source)}`);
      if (target.children.length > 0 && target !== source) attrs.push(`lhead=${clusterId(target)}`);
      if (t.kind === 'always') attrs.push('style=dashed');
      out.push(`  ${endpoint(source)} -> ${endpoint(target)} [${attrs.join(' ')}];`);
    }
  }
  out.push('}');
  return `${out.join('\n')}\n`;
}

/** Minimal view of the @viz-js/viz instance, so callers can share one. */
export interface SvgRenderer {
  renderString(dot: string, options: { format: 'svg' }): string;
}

let vizPromise: Promise<SvgRenderer> | undefined;

/** The shared @viz-js/viz (WASM Graphviz) instance. */
export function svgRenderer(): Promise<SvgRenderer> {
  vizPromise ??= import('@viz-js/viz').then((viz) => viz.instance());
  return vizPromise;
}

/**
 * Makes SVG output byte-stable: drops the Graphviz version comment and trims trailing
 * whitespace (ids Graphviz emits — node1, edge1, clust1 — are already sequential).
 */
export function normaliseSvg(svg: string): string {
  return `${svg
    .replace(/<!-- Generated by graphviz[^>]*-->\n?/g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim()}\n`;
}

/** Renders DOT to normalised SVG. */
export async function dotToSvg(dot: string, renderer?: SvgRenderer): Promise<string> {
  const viz = renderer ?? (await svgRenderer());
  return normaliseSvg(viz.renderString(dot, { format: 'svg' }));
}

/** SVG of the machine (DOT → Graphviz WASM). */
export function toSvg(machine: AnyStateMachine, renderer?: SvgRenderer): Promise<string> {
  return dotToSvg(toDot(machine), renderer);
}

// ---------------------------------------------------------------------------------------------
// Markdown

/** Escapes a Markdown table cell. */
export function escapeCell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\n/g, ' ').replace(/`/g, "'");
}

function code(text: string): string {
  return text === '' ? '' : `\`${escapeCell(text)}\``;
}

function statePathLabel(path: string): string {
  return path === '' ? '(root)' : path;
}

export interface MarkdownOptions {
  /** Registry name of the machine (`session`), used for the title and file names. */
  readonly name: string;
  /** Source file of the machine, relative to the repository root (`src/machines/session.ts`). */
  readonly source: string;
  /** File name of the SVG next to the page (`session.svg`). */
  readonly svgFile: string;
  /** The command that regenerates the page. */
  readonly command?: string;
}

/** The Markdown page of one machine: Mermaid diagram, SVG link, transition and delay tables. */
export function toMarkdown(machine: AnyStateMachine, options: MarkdownOptions): string {
  const model = describeMachine(machine);
  const command = options.command ?? 'npm run statecharts';
  const lines: string[] = [
    `# ${options.name} statechart`,
    '',
    `> Generated from \`${options.source}\` (machine \`${model.id}\`) by \`${command}\`; do not edit.`,
    '',
    '```mermaid',
    toMermaid(machine).trimEnd(),
    '```',
    '',
    `Rendered with Graphviz: [${options.svgFile}](./${options.svgFile})`,
    '',
    '## States',
    '',
    '| State | Type | Tags | Invokes | Entry | Exit |',
    '| --- | --- | --- | --- | --- | --- |',
    ...model.states.map(
      (s) =>
        `| ${code(statePathLabel(s.path))} | ${s.type} | ${escapeCell(s.tags.join(', '))} | ${escapeCell(
          s.invokes.map((i) => `${i.src} (id ${i.id})`).join(', '),
        )} | ${escapeCell(s.entry.join(', '))} | ${escapeCell(s.exit.join(', '))} |`,
    ),
    '',
    '## Transitions',
    '',
  ];
  if (model.transitions.length === 0) {
    lines.push('None.');
  } else {
    lines.push('| Source | Event | Guard | Target(s) | Actions |', '| --- | --- | --- | --- | --- |');
    for (const t of model.transitions) {
      const event = t.kind === 'event' ? code(t.eventType) : `${escapeCell(t.label)}${t.kind === 'always' ? '' : ` (${code(t.eventType)})`}`;
      const targets = t.targets.length > 0 ? t.targets.map((p) => code(statePathLabel(p))).join(', ') : '(none: stays)';
      lines.push(
        `| ${code(statePathLabel(t.source))} | ${event} | ${t.guard === undefined ? '' : code(t.guard)} | ${targets}${
          t.reenter ? ' (reenter)' : ''
        } | ${escapeCell(t.actions.join(', '))} |`,
      );
    }
  }
  lines.push('', '## Delays', '');
  if (model.delays.length === 0) {
    lines.push('None.');
  } else {
    lines.push('| Delay | Milliseconds | Used in |', '| --- | --- | --- |');
    for (const d of model.delays) {
      lines.push(
        `| ${code(d.name)} | ${d.ms === undefined ? '(computed)' : String(d.ms)} | ${d.usedIn.map((p) => code(p)).join(', ')} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Both files of one machine: `{ '<name>.md': …, '<name>.svg': … }`. */
export async function renderMachineFiles(
  name: string,
  machine: AnyStateMachine,
  options: { readonly source: string; readonly renderer?: SvgRenderer },
): Promise<Record<string, string>> {
  const svgFile = `${name}.svg`;
  return {
    [`${name}.md`]: toMarkdown(machine, { name, source: options.source, svgFile }),
    [svgFile]: await toSvg(machine, options.renderer),
  };
}
