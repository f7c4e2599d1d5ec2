/**
 * Which modules go into which of the signed-in chunks (vite.config.ts's `public`, `shell` and
 * `mappage` groups): sets of modules found by reading the sources and the packages' files
 * (TypeScript's parser), not from a build, by which routes reach them. No module is named here but
 * where the sets start (the routes, the entry, the live store's start).
 *
 * - Followed: static imports and re-exports (`export … from`), into packages too (resolved by their
 *   package.json `exports`, `module` or `main`, as the bundler does), with their `?query` removed.
 *   Not followed: `import type`, type-only names, `import()` (lazy by intent), `require()`, and what
 *   an import with a query asks for (`?url`: a file's address, not its code).
 * - An index module that only re-exports (src/ui/index.ts, src/map/index.ts, a package's index such
 *   as react-aria-components', which imports each part and exports it again) is followed by name:
 *   `import { Button } from '../ui'` reaches Button.tsx, not all thirty parts. Except from a
 *   stylesheet module (`*.css.ts`): vanilla-extract runs it whole at build time, and its output
 *   imports the CSS of every stylesheet module it reached.
 * - Any other module is followed whole (all its imports), so a set holds at least what the build
 *   reaches from its start, and may hold a little more (an import only a function nobody calls uses).
 *
 * A module the sets miss stays where the groups' `includeDependenciesRecursively` or Rolldown puts it:
 * bench/size.ts fails on a cycle among the chunks' imports (a chunk that imports one importing it) and
 * on MapLibre in a route without a map.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import ts from 'typescript';

interface Reference {
  file: string;
  /** the names taken from it; `*` for all (a namespace import, `export *`, a bare import) */
  names: Set<string>;
  /** an import with a query (`?url`): the module is there, its imports are not followed */
  leaf?: boolean;
}

const isFile = (path: string): boolean => existsSync(path) && statSync(path).isFile();
const CODE = /\.(ts|tsx|mjs|js|cjs)$/;
const EXTENSIONS = ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.json', '/index.ts', '/index.tsx', '/index.mjs', '/index.js'];

function withExtension(base: string): string | null {
  if (isFile(base)) return base;
  // TypeScript's `.js` for a `.ts` source
  for (const extension of ['.ts', '.tsx']) if (base.endsWith('.js') && isFile(base.slice(0, -3) + extension)) return base.slice(0, -3) + extension;
  for (const extension of EXTENSIONS) if (isFile(base + extension)) return base + extension;
  return null;
}

/** The bundler's conditions for a browser build, in package.json `exports`. */
const CONDITIONS = new Set(['browser', 'import', 'module', 'production', 'default']);

function exportTarget(entry: unknown, star = ''): string | null {
  if (typeof entry === 'string') return entry.replace('*', star);
  if (Array.isArray(entry)) return entry.map((item) => exportTarget(item, star)).find((found) => found !== null) ?? null;
  if (entry && typeof entry === 'object') {
    for (const [condition, value] of Object.entries(entry)) if (CONDITIONS.has(condition)) {
      const found = exportTarget(value, star);
      if (found !== null) return found;
    }
  }
  return null;
}

interface PackageJson {
  exports?: unknown;
  module?: string;
  main?: string;
}

function resolvePackage(from: string, specifier: string): string | null {
  const match = /^((?:@[^/]+\/)?[^/]+)(\/.+)?$/.exec(specifier);
  if (!match) return null;
  const [, name, rest] = match;
  let dir = dirname(from);
  let packageDir: string | null = null;
  for (;;) {
    const candidate = join(dir, 'node_modules', name!);
    if (isFile(join(candidate, 'package.json'))) {
      packageDir = candidate;
      break;
    }
    if (dirname(dir) === dir) return null;
    dir = dirname(dir);
  }
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as PackageJson;
  const subpath = `.${rest ?? ''}`;
  const { exports } = manifest;
  if (exports !== undefined) {
    const map = typeof exports === 'object' && exports !== null && !Array.isArray(exports) && Object.keys(exports).some((key) => key.startsWith('.'))
      ? (exports as Record<string, unknown>)
      : { '.': exports };
    let target: string | null = null;
    if (subpath in map) target = exportTarget(map[subpath]);
    else {
      for (const [key, value] of Object.entries(map)) {
        const star = key.indexOf('*');
        if (star < 0) continue;
        const [before, after] = [key.slice(0, star), key.slice(star + 1)];
        if (subpath.startsWith(before) && subpath.endsWith(after) && subpath.length >= key.length - 1) {
          target = exportTarget(value, subpath.slice(before.length, subpath.length - after.length));
          if (target !== null) break;
        }
      }
    }
    return target === null ? null : withExtension(join(packageDir, target));
  }
  if (rest) return withExtension(join(packageDir, rest));
  return withExtension(join(packageDir, manifest.module ?? manifest.main ?? 'index.js'));
}

function resolveReference(from: string, specifier: string): { file: string; leaf: boolean } | null {
  const query = specifier.includes('?');
  const bare = specifier.replace(/\?.*$/, '');
  const file = bare.startsWith('.') ? withExtension(resolve(dirname(from), bare)) : resolvePackage(from, bare);
  return file ? { file, leaf: query || !CODE.test(file) } : null;
}

interface Parsed {
  references: Reference[];
  /** packages imported for their code (not `import type`) */
  packages: string[];
  /** for a module of re-exports only: which module and name each exported name comes from */
  reexports: Map<string, { file: string; name: string }> | null;
  /** names re-exported as a whole module (`export * as name from`) */
  wholes: Set<string>;
  starFrom: string[];
  /** modules imported for their effects only (`import 'x'`) */
  bare: string[];
}

const cache = new Map<string, Parsed>();
/** `"use client";` */
const isDirective = (statement: ts.Statement): boolean => ts.isExpressionStatement(statement) && ts.isStringLiteral(statement.expression);
const NOTHING: Parsed = { references: [], packages: [], reexports: null, wholes: new Set(), starFrom: [], bare: [] };

function parse(file: string): Parsed {
  const known = cache.get(file);
  if (known) return known;
  if (!CODE.test(file)) return NOTHING;
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : /\.(mjs|js|cjs)$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, kind);
  const references: Reference[] = [];
  const packages: string[] = [];
  const reexports = new Map<string, { file: string; name: string }>();
  const wholes = new Set<string>();
  const starFrom: string[] = [];
  const bare: string[] = [];
  /** an imported binding: where from and under which name (`*` for a namespace) */
  const imported = new Map<string, { file: string; name: string; leaf: boolean }>();
  /** imported bindings exported again (`import { a as b } from …; export { b as a }`: a package's index) */
  const exportedAgain = new Set<string>();
  let onlyReexports = true;
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
      const target = resolveReference(file, specifier);
      if (!specifier.startsWith('.')) packages.push(specifier.replace(/\?.*$/, ''));
      if (!target) continue;
      const names = new Set<string>();
      if (!clause) {
        // run for its effects (react-aria's index imports `client-only`): followed with the index's names
        names.add('*');
        bare.push(target.file);
      } else {
        if (clause.name) {
          names.add('default');
          imported.set(clause.name.text, { ...target, name: 'default' });
        }
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) {
          names.add('*');
          imported.set(bindings.name.text, { ...target, name: '*' });
        } else if (bindings) {
          for (const element of bindings.elements) {
            if (element.isTypeOnly) continue;
            const name = (element.propertyName ?? element.name).text;
            names.add(name);
            imported.set(element.name.text, { ...target, name });
          }
        }
      }
      // only type names: `verbatimModuleSyntax` keeps an empty import, which still runs the module
      if (names.size === 0) names.add('*');
      references.push({ file: target.file, names, leaf: target.leaf });
    } else if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly) continue;
      const clause = statement.exportClause;
      if (!statement.moduleSpecifier) {
        // `export { a as b }`: an index when every name is an imported binding
        if (clause && ts.isNamedExports(clause)) {
          for (const element of clause.elements) {
            if (element.isTypeOnly) continue;
            const local = (element.propertyName ?? element.name).text;
            const from = imported.get(local);
            if (!from || from.name === '*') onlyReexports = false;
            else {
              exportedAgain.add(local);
              reexports.set(element.name.text, { file: from.file, name: from.name });
            }
          }
        }
        continue;
      }
      const target = resolveReference(file, (statement.moduleSpecifier as ts.StringLiteral).text);
      if (!target) continue;
      if (!clause) {
        starFrom.push(target.file);
        references.push({ file: target.file, names: new Set(['*']), leaf: target.leaf });
      } else if (ts.isNamespaceExport(clause)) {
        // `export * as name from`: that name is the whole module
        reexports.set(clause.name.text, { file: target.file, name: '*' });
        wholes.add(clause.name.text);
        references.push({ file: target.file, names: new Set(['*']), leaf: target.leaf });
      } else {
        const names = new Set<string>();
        for (const element of clause.elements) {
          if (element.isTypeOnly) continue;
          const name = (element.propertyName ?? element.name).text;
          names.add(name);
          reexports.set(element.name.text, { file: target.file, name });
        }
        if (names.size > 0) references.push({ file: target.file, names, leaf: target.leaf });
      }
    } else if (!ts.isTypeAliasDeclaration(statement) && !ts.isInterfaceDeclaration(statement) && !isDirective(statement)) {
      onlyReexports = false;
    }
  }
  // an imported binding that is not exported again is used by the module's own code
  if ([...imported.keys()].some((local) => !exportedAgain.has(local))) onlyReexports = false;
  const parsed = { references, packages, reexports: onlyReexports ? reexports : null, wholes, starFrom, bare };
  cache.set(file, parsed);
  return parsed;
}

const STYLESHEET = /\.css\.ts$/;
const isPackage = (file: string): boolean => file.includes(`${sep}node_modules${sep}`);

/** The packages a module imports for their code (not `import type`). */
export function runtimePackages(file: string): string[] {
  return parse(file).packages;
}

/** Every module (of `src/` and of the packages) that the given modules reach statically, not going past `stop`'s modules. */
export function reach(roots: string[], stop: (file: string) => boolean = () => false, whole = false): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string, leaf = false): void => {
    if (seen.has(file)) return;
    seen.add(file);
    // a build-time run of a stylesheet module reaches no package's stylesheet
    if (leaf || (whole && isPackage(file)) || (stop(file) && !roots.includes(file))) return;
    for (const reference of parse(file).references) take(reference);
    // vanilla-extract runs a stylesheet module at build time, index modules whole, and its output
    // imports the CSS of every stylesheet module that run reached (to keep their order)
    if (!whole && STYLESHEET.test(file)) for (const sheet of reach([file], stop, true)) if (STYLESHEET.test(sheet)) visit(sheet);
  };
  const take = ({ file, names, leaf }: Reference): void => {
    if (leaf) return visit(file, true);
    const { reexports, wholes, starFrom, bare } = parse(file);
    if (!reexports || names.has('*') || whole) return visit(file);
    bare.forEach((effect) => visit(effect));
    // an index of re-exports: only the modules the names come from
    for (const name of names) {
      const from = reexports.get(name);
      if (from) take({ file: from.file, names: new Set([wholes.has(name) ? '*' : from.name]) });
      else starFrom.forEach((star) => take({ file: star, names: new Set([name]) }));
    }
  };
  roots.forEach((root) => visit(root));
  return seen;
}

/** The router's route files (a file whose name starts with `-` is the routes' own code, not a route). */
function routeFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !basename(file).startsWith('-'))
    .map((file) => join(dir, file));
}

/** The sign-in route's component: the build takes it for an entry (vite.config.ts), so that what it reaches is `$initial`. */
export function signInRouteComponent(root: string): string {
  return `${join(root, 'src/routes/login.tsx')}?tsr-split=component`;
}

/**
 * The modules (absolute paths, the app's and the packages') of vite.config.ts's groups past the
 * sign-in page's (which Rolldown finds: `$initial`), by the routes that reach them:
 * - `signInOnly`: what only the sign-in route reaches (its form, its prefetch of the map), which the
 *   `app` group leaves to the route's own chunk: no signed-in route loads it;
 * - `public`: what the pages outside the shell (registration, password reset, server choice) share
 *   with the shell or the first map: those pages load it, not the shell; what they share with other
 *   signed-in routes only (the TOTP key's QR code) is left to Rolldown, off the map's route;
 * - `shell`: what the signed-in layout (src/routes/_app.tsx, the shell) and the live store's start
 *   (which the layout waits for) reach, and what the first map shares with a signed-in route that
 *   has no map (the resource layer, the units, the dialogs and lists): every signed-in route loads it;
 * - `map`: the rest of what the map route and the map's prefetch reach, which only routes with a map
 *   share (they load MapLibre anyway), so that the settings or a report never load MapLibre with it.
 * A module may be in more than one (`public` and `shell`, or one the sign-in page loads): the group of
 * higher priority takes it.
 */
export function signedInChunkSets(root: string): { signInOnly: Set<string>; public: Set<string>; shell: Set<string>; map: Set<string> } {
  const at = (path: string) => join(root, path);
  const routes = at('src/routes/');
  const signedIn = at('src/routes/_app');
  const all = routeFiles(routes);
  const layout = reach([at('src/routes/_app.tsx'), at('src/shared/liveStart.ts')]);
  const inShell = all.filter((file) => file.startsWith(signedIn + sep));
  // the root route and the sign-in route are the entry's (`$initial`)
  const outsideShell = all.filter((file) => !file.startsWith(signedIn) && ![at('src/routes/__root.tsx'), at('src/routes/login.tsx')].includes(file));
  const union = (sets: Set<string>[]) => new Set(sets.flatMap((set) => [...set]));
  const outside = union(outsideShell.map((file) => reach([file])));
  const shellRoutes = inShell.map((file) => reach([file]));
  const withMapLibre = (reached: Set<string>) => [...reached].some((file) => !isPackage(file) && runtimePackages(file).includes('maplibre-gl'));
  const mapless = union([layout, ...shellRoutes.filter((reached) => !withMapLibre(reached))]);
  const firstMap = reach([at('src/routes/-mapPrefetch.ts'), at('src/routes/_app/index.tsx')]);
  const shell = new Set([...layout, ...[...firstMap].filter((file) => mapless.has(file))]);
  const shared = new Set([...outside].filter((file) => shell.has(file) || firstMap.has(file)));
  const map = new Set([...firstMap].filter((file) => !shell.has(file) && !shared.has(file)));
  // the router's code splitting: the entry holds the route tree, each route's component is lazy
  const entry = reach([at('src/main.tsx')], (file) => file.startsWith(routes) && !file.endsWith('__root.tsx'));
  const others = union([entry, outside, layout, ...shellRoutes]);
  const signInOnly = new Set([...reach([at('src/routes/login.tsx')])].filter((file) => !others.has(file)));
  return { signInOnly, public: shared, shell, map };
}
