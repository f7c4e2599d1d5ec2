/**
 * The app's own modules that the first map needs and the sign-in page does not: what the shell and
 * the map page import statically, found by reading the sources (TypeScript's parser), not from a
 * build. vite.config.ts puts them into one chunk (`signedin`), so that the map's code comes in a
 * few files rather than forty small ones, each a round trip on HTTP/1.1's six connections.
 *
 * - Followed: static imports and re-exports (`export … from`), with their `?query` removed, from
 *   `src/` only (packages keep Rolldown's own split). Not followed: `import type`, type-only names,
 *   `import()` (lazy by intent).
 * - An index module that only re-exports (src/ui/index.ts, src/map/index.ts) is followed by name:
 *   `import { Button } from '../ui'` reaches Button.tsx, not all thirty parts. Except from a
 *   stylesheet module (`*.css.ts`): vanilla-extract runs it whole at build time, and its output
 *   imports the CSS of every stylesheet module it reached.
 * - What the sign-in page reaches from the entry (src/main.tsx) and its route is left out: it loads
 *   before any of this, and in the `app` chunk or its own.
 * - Package modules: `signedInChunkName` puts one in a group when every module importing it is in
 *   that group.
 *
 * A module missed here stays in the chunk Rolldown gives it: a round trip more. bench/size.ts fails
 * on a cycle among the chunks' imports (a chunk that imports one importing it), which a group that
 * leaves out what its modules import can make.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import ts from 'typescript';

interface Reference {
  file: string;
  /** the names taken from it; `*` for all (a namespace import, `export *`, a bare import) */
  names: Set<string>;
}

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveFile(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier.replace(/\?.*$/, ''));
  if (/\.(ts|tsx)$/.test(base) && existsSync(base)) return base;
  // TypeScript's `.js` for a `.ts` source
  for (const extension of ['.ts', '.tsx']) if (base.endsWith('.js') && existsSync(base.slice(0, -3) + extension)) return base.slice(0, -3) + extension;
  for (const extension of EXTENSIONS) if (existsSync(base + extension)) return base + extension;
  return null;
}

interface Parsed {
  references: Reference[];
  /** packages imported for their code (not `import type`) */
  packages: string[];
  /** for a module of re-exports only: which module each exported name comes from */
  reexports: Map<string, string> | null;
  /** names re-exported as a whole module (`export * as name from`) */
  wholes: Set<string>;
  starFrom: string[];
}

const cache = new Map<string, Parsed>();

function parse(file: string): Parsed {
  const known = cache.get(file);
  if (known) return known;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const references: Reference[] = [];
  const packages: string[] = [];
  const reexports = new Map<string, string>();
  const wholes = new Set<string>();
  const starFrom: string[] = [];
  let onlyReexports = true;
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      onlyReexports = false;
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
      const target = resolveFile(file, specifier);
      if (!target) {
        if (!specifier.startsWith('.')) packages.push(specifier);
        continue;
      }
      const names = new Set<string>();
      if (!clause) names.add('*');
      else {
        if (clause.name) names.add('default');
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) names.add('*');
        else if (bindings) for (const element of bindings.elements) if (!element.isTypeOnly) names.add((element.propertyName ?? element.name).text);
      }
      // only type names: `verbatimModuleSyntax` keeps an empty import, which still runs the module
      if (names.size === 0) names.add('*');
      references.push({ file: target, names });
    } else if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly || !statement.moduleSpecifier) continue;
      const target = resolveFile(file, (statement.moduleSpecifier as ts.StringLiteral).text);
      if (!target) continue;
      const clause = statement.exportClause;
      if (!clause) {
        starFrom.push(target);
        references.push({ file: target, names: new Set(['*']) });
      } else if (ts.isNamespaceExport(clause)) {
        // `export * as name from`: that name is the whole module
        reexports.set(clause.name.text, target);
        wholes.add(clause.name.text);
        references.push({ file: target, names: new Set(['*']) });
      } else {
        const names = new Set<string>();
        for (const element of clause.elements) {
          if (element.isTypeOnly) continue;
          names.add((element.propertyName ?? element.name).text);
          reexports.set(element.name.text, target);
        }
        if (names.size > 0) references.push({ file: target, names });
      }
    } else if (!ts.isTypeAliasDeclaration(statement) && !ts.isInterfaceDeclaration(statement)) {
      onlyReexports = false;
    }
  }
  const parsed = { references, packages, reexports: onlyReexports ? reexports : null, wholes, starFrom };
  cache.set(file, parsed);
  return parsed;
}

const STYLESHEET = /\.css\.ts$/;

/** The packages a module imports for their code (not `import type`). */
export function runtimePackages(file: string): string[] {
  return parse(file).packages;
}

/** Every module of `src/` that the given modules reach statically, not going past `stop`'s modules. */
export function reach(roots: string[], stop: (file: string) => boolean = () => false, whole = false): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    if (stop(file) && !roots.includes(file)) return;
    for (const reference of parse(file).references) take(reference);
    // vanilla-extract runs a stylesheet module at build time, index modules whole, and its output
    // imports the CSS of every stylesheet module that run reached (to keep their order)
    if (!whole && STYLESHEET.test(file)) for (const sheet of reach([file], stop, true)) if (STYLESHEET.test(sheet)) visit(sheet);
  };
  const take = ({ file, names }: Reference): void => {
    const { reexports, wholes, starFrom } = parse(file);
    if (!reexports || names.has('*') || whole) return visit(file);
    // an index of re-exports: only the modules the names come from
    for (const name of names) {
      const from = reexports.get(name);
      if (from) take({ file: from, names: new Set([wholes.has(name) ? '*' : name]) });
      else starFrom.forEach((star) => take({ file: star, names: new Set([name]) }));
    }
  };
  roots.forEach(visit);
  return seen;
}

/** The router's route files (a file whose name starts with `-` is the routes' own code, not a route). */
function routeFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !basename(file).startsWith('-'))
    .map((file) => join(dir, file));
}

/**
 * The first map's own modules (absolute paths), in two sets:
 * - `shell`: what the signed-in layout (src/routes/_app.tsx, the shell) and the live store's start
 *   (which the layout waits for) reach, and what the map
 *   page shares with a signed-in route that has no map (the resource layer, the units): every
 *   signed-in route loads the shell;
 * - `map`: the rest of what the map page reaches, which only routes with a map share (they load
 *   MapLibre anyway), so that the settings or a report never load MapLibre with it.
 * Neither holds what the sign-in page reaches (it loads first, in its own chunks) nor what the pages
 * outside the shell reach (registration, password reset), which do not load the shell.
 */
export function signedInMapModules(root: string): { shell: Set<string>; map: Set<string> } {
  const at = (path: string) => join(root, path);
  const routes = at('src/routes/');
  const mapRoute = at('src/routes/_app/index.tsx');
  const all = routeFiles(routes);
  const isRoute = (file: string) => file.startsWith(routes) && !basename(file).startsWith('-');
  // the route tree is in the entry, each route's component in a chunk of its own (the router's
  // code splitting): the sign-in page runs its own route's component only
  const signIn = reach([at('src/main.tsx'), at('src/routes/login.tsx')], (file) => isRoute(file) && !file.endsWith('__root.tsx'));
  const outsideShell = reach(all.filter((file) => !file.startsWith(at('src/routes/_app'))));
  const own = (file: string) => !isRoute(file) && !signIn.has(file) && !outsideShell.has(file);
  const withoutMap = all
    .filter((file) => file.startsWith(at('src/routes/_app/')))
    .map((file) => reach([file]))
    .filter((reached) => ![...reached].some((file) => runtimePackages(file).includes('maplibre-gl')));
  const mapless = new Set(withoutMap.flatMap((reached) => [...reached]));
  const firstMap = reach([at('src/routes/-mapPrefetch.ts'), mapRoute]);
  // the live store's start (src/shared/liveStart.ts) is loaded by the entry for the layout: shell code
  const shell = new Set([...reach([at('src/routes/_app.tsx'), at('src/shared/liveStart.ts')]), ...[...firstMap].filter((file) => mapless.has(file))].filter(own));
  const map = new Set([...firstMap].filter((file) => own(file) && !shell.has(file)));
  return { shell, map };
}

/** The part of Rolldown's chunking context the naming below reads. */
export interface ChunkingContextLike {
  getModuleInfo(moduleId: string): { importers: readonly string[]; dynamicImporters: readonly string[]; isEntry?: boolean } | null;
}

/**
 * Names the chunk of a module for the `shell` and `mappage` groups (vite.config.ts): the app's own
 * modules by the two sets above, and a package module by its importers: `shell` (or `mappage`)
 * when every module that imports it is in that group, so react-aria's toast and radio code that
 * only the shell runs goes with the shell, not into the layout route's chunk, which imports the
 * shell and would then be imported back by it (a cycle). A package module reached through a
 * package's index (react-aria-components') has that index for its only importer, so its owner is
 * not found: `shellPackages` names those the shell alone uses. `skip` leaves a module to an earlier
 * group.
 */
export function signedInChunkName(sets: { shell: Set<string>; map: Set<string>; shellPackages?: RegExp }, skip: (id: string) => boolean) {
  // one chunking pass's answers (a new context, a new pass: watch mode builds again)
  const passes = new WeakMap<ChunkingContextLike, Map<string, string | null>>();
  const sourceOf = (id: string): string => id.replace(/[?].*$/, '').replace(/[.]vanilla[.]css$/, '');
  const own = (id: string): string | null => {
    if (sets.shellPackages?.test(id)) return 'shell';
    const source = sourceOf(id);
    if (sets.shell.has(source)) return 'shell';
    if (sets.map.has(source)) return 'mappage';
    return null;
  };
  const ownerOf = (id: string, context: ChunkingContextLike): string | null => {
    if (skip(id)) return null;
    const mine = own(id);
    if (mine || !id.includes('node_modules')) return mine;
    let owners = passes.get(context);
    if (!owners) passes.set(context, (owners = new Map()));
    const known = owners.get(id);
    if (known !== undefined) return known;
    owners.set(id, null); // in progress: an import cycle decides nothing
    const info = context.getModuleInfo(id);
    let owner: string | null = null;
    if (info && !info.isEntry && info.dynamicImporters.length === 0 && info.importers.length > 0) {
      const found = new Set(info.importers.map((importer) => ownerOf(importer, context)));
      const [only] = found;
      owner = found.size === 1 && only !== undefined ? only : null;
    }
    owners.set(id, owner);
    return owner;
  };
  return (id: string, context: ChunkingContextLike): string | null => ownerOf(id, context);
}
