/**
 * Bundle sizes of the built client (`dist/`), gzip level 9, from Vite's manifest:
 * - the login route: the entry (index.html) and the login route chunk with every chunk they
 *   import statically; budget 150 KB;
 * - the map route, to show that MapLibre loads only with it (it must not be in the login set, nor
 *   in the settings', a report's or the registration page's), and in how many files;
 * - index.html's list of the first map's scripts for the sign-in page's prefetch (scripts/mapPrefetchList.ts).
 * Writes bench/results/size.json and fails when the login route is over budget, MapLibre
 * leaks into it or into a route without a map, chunks import each other, the map route takes more
 * than 40 files, or the Stately inspector (development only, docs/inspector.md) is in the build, or
 * index.html's prefetch list does not start with MapLibre's chunk or lacks the prefetch module's.
 */
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { MAP_PREFETCH_ELEMENT_ID, parsePrefetchList } from '../src/shared/prefetchList.ts';

interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const dist = process.argv[2] ?? 'dist';
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

function measure(keys: string[]) {
  const set = closure(keys);
  let js = 0;
  let css = 0;
  const files: string[] = [];
  for (const key of set) {
    const chunk = manifest[key] as Chunk;
    if (chunk.file.endsWith('.js')) {
      js += gz(chunk.file);
      files.push(chunk.file);
    }
    chunk.css?.forEach((file) => (css += gz(file)));
  }
  return { jsGzipBytes: js, cssGzipBytes: css, files: files.sort() };
}

const routeKey = (name: string) => {
  const key = Object.keys(manifest).find((k) => k.startsWith(`src/routes/${name}`) && k.includes('tsr-split=component'));
  if (!key) throw new Error(`no chunk for route ${name}`);
  return key;
};

const login = measure(['index.html', routeKey('login.tsx')]);
const mapLibreFile = (file: string) => /^assets\/maplibre-[\w-]+\.js$/.test(file) && !file.startsWith('assets/maplibre-gl');
const map = measure(['index.html', routeKey('_app.tsx'), routeKey('_app/index.tsx')]);
const mapOnly = measure([routeKey('_app/index.tsx')]);
// Routes without a map never load MapLibre: the shell's chunk, which every signed-in route loads,
// must not import it (vite.config.ts's `shell` and `mappage` groups, scripts/mapModules.ts)
const withoutMap = ['_app/settings.tsx', '_app/settings/devices.tsx', '_app/reports/{-$kind}.tsx', 'register.tsx'];
const mapLibreWithoutMap = withoutMap.filter((name) => {
  const keys = name.startsWith('_app/') ? ['index.html', routeKey('_app.tsx'), routeKey(name)] : ['index.html', routeKey(name)];
  return measure(keys).files.some(mapLibreFile);
});
/**
 * Chunks that import each other, directly or through others: a group that leaves out what its
 * modules import can make one (vite.config.ts's groups), and a chunk in such a cycle may run
 * before a class it uses from the other is defined.
 */
function chunkCycles(): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[][] = [];
  const visit = (key: string, path: string[]): void => {
    state.set(key, 'open');
    for (const next of manifest[key]?.imports ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), key, next].map((k) => manifest[k]?.file ?? k));
      else if (!state.has(next)) visit(next, [...path, key]);
    }
    state.set(key, 'done');
  };
  for (const key of Object.keys(manifest)) if (!state.has(key)) visit(key, []);
  return cycles;
}
const cycles = chunkCycles();
/** The first map's scripts: ten since the chunks are grouped by what loads them (vite.config.ts); thirty before, sixty before that. */
const MAP_ROUTE_MAX_FILES = 40;
// MapLibre's code, not a file name (the entry's CSS preload list names its stylesheet): its control class names
const mapLibreInLogin = login.files.some((file) => readFileSync(join(dist, file), 'utf8').includes('maplibregl-ctrl'));

/** Built scripts holding @statelyai/inspect's code, found by its string literals (they survive minification). */
function inspectorFiles(dir: string): string[] {
  const assets = join(dir, 'assets');
  const code = /https:\/\/stately\.ai\/inspect|@statelyai\.(?:connected|disconnected)/;
  return readdirSync(assets).filter((file) => file.endsWith('.js') && code.test(readFileSync(join(assets, file), 'utf8')));
}
const inspectorInBuild = inspectorFiles(dist);

// The sign-in page's prefetch of the map asks for the scripts index.html lists (scripts/mapPrefetchList.ts):
// the list must name the prefetch module's chunk, or the map's code comes one level per round trip
// again, and start with MapLibre's, which the page asks for ahead of its worker's script.
function prefetchPreloadsMap(): boolean {
  const prefetch = manifest['src/routes/-mapPrefetch.ts'];
  const maplibre = Object.values(manifest).find((chunk) => mapLibreFile(chunk.file));
  if (!prefetch || !maplibre) return false;
  const element = new RegExp(`<script type="application/json" id="${MAP_PREFETCH_ELEMENT_ID}">([^<]*)</script>`);
  const scripts = parsePrefetchList(element.exec(readFileSync(join(dist, 'index.html'), 'utf8'))?.[1]);
  return scripts.includes(`/${prefetch.file}`) && scripts[0] === `/${maplibre.file}`;
}
const mapPreloaded = prefetchPreloadsMap();

const BUDGET = 150 * 1024;
const result = {
  date: new Date().toISOString(),
  node: process.version,
  budgetLoginJsGzipBytes: BUDGET,
  login,
  mapRoute: { ...map, files: undefined, fileCount: map.files.length },
  mapChunkOnly: { jsGzipBytes: mapOnly.jsGzipBytes },
  mapLibreInLogin,
  mapLibreWithoutMap,
  chunkCycles: cycles,
  inspectorInBuild,
  mapPreloadedBySignInPrefetch: mapPreloaded,
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/size.json', `${JSON.stringify(result, null, 2)}\n`);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(`login route JS (gzip): ${kb(login.jsGzipBytes)} (budget ${kb(BUDGET)}), CSS ${kb(login.cssGzipBytes)}`);
console.log(`map route JS (gzip): ${kb(map.jsGzipBytes)} in ${map.files.length} files; map chunk alone ${kb(mapOnly.jsGzipBytes)}; MapLibre in login: ${mapLibreInLogin}`);
console.log(`MapLibre loaded by routes without a map: ${mapLibreWithoutMap.length === 0 ? 'none' : mapLibreWithoutMap.join(', ')}`);
console.log(`map route files: ${map.files.length} (at most ${MAP_ROUTE_MAX_FILES}); chunks importing each other: ${cycles.length === 0 ? 'none' : cycles.map((c) => c.join(' → ')).join('; ')}`);
console.log(`Stately inspector in the build: ${inspectorInBuild.length === 0 ? 'no' : inspectorInBuild.join(', ')}`);
console.log(`index.html's prefetch list starts with MapLibre's chunk and has the prefetch module's: ${mapPreloaded ? 'yes' : 'no'}`);
if (
  login.jsGzipBytes > BUDGET ||
  mapLibreInLogin ||
  mapLibreWithoutMap.length > 0 ||
  cycles.length > 0 ||
  map.files.length > MAP_ROUTE_MAX_FILES ||
  inspectorInBuild.length > 0 ||
  !mapPreloaded
) {
  console.error('bundle budget exceeded');
  process.exit(1);
}
