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
 *
 * A module missed here stays in the chunk Rolldown gives it: a round trip more, never a wrong build.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
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
  for (const extension of EXTENSIONS) if (existsSync(base + extension)) return base + extension;
  return null;
}

interface Parsed {
  references: Reference[];
  /** packages imported for their code (not `import type`) */
  packages: string[];
  /** for a module of re-exports only: which module each exported name comes from */
  reexports: Map<string, string> | null;
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
      if (names.size > 0) references.push({ file: target, names });
    } else if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly || !statement.moduleSpecifier) continue;
      const target = resolveFile(file, (statement.moduleSpecifier as ts.StringLiteral).text);
      if (!target) continue;
      const clause = statement.exportClause;
      if (!clause || ts.isNamespaceExport(clause)) {
        starFrom.push(target);
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
  const parsed = { references, packages, reexports: onlyReexports ? reexports : null, starFrom };
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
    const { reexports, starFrom } = parse(file);
    if (!reexports || names.has('*') || whole) return visit(file);
    // an index of re-exports: only the modules the names come from
    for (const name of names) {
      const from = reexports.get(name);
      if (from) take({ file: from, names: new Set([name]) });
      else starFrom.forEach((star) => take({ file: star, names: new Set([name]) }));
    }
  };
  roots.forEach(visit);
  return seen;
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => join(dir, file));
}

/**
 * The first map's own modules (absolute paths), in two sets:
 * - `shell`: what the signed-in layout (src/routes/_app.tsx, the shell) reaches, and what the map
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
  const isRoute = (file: string) => file.startsWith(routes);
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
  const firstMap = reach([at('src/features/map/prefetch.ts'), mapRoute]);
  const shell = new Set([...reach([at('src/routes/_app.tsx')]), ...[...firstMap].filter((file) => mapless.has(file))].filter(own));
  const map = new Set([...firstMap].filter((file) => own(file) && !shell.has(file)));
  return { shell, map };
}
