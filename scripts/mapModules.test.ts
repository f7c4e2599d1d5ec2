import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reach, runtimePackages, signedInChunkName, signedInMapModules, type ChunkingContextLike } from './mapModules';

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'map-modules-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const relative = (root: string, files: Set<string>) => [...files].map((file) => file.slice(root.length + 1)).sort();

describe('reach', () => {
  it('follows an index of re-exports by the names taken from it', () => {
    const root = tree({
      'page.tsx': "import { Button } from './ui';\nimport type { Big } from './big';\nexport const page = Button;",
      'ui/index.ts': "export { Button } from './Button';\nexport { Select } from './Select';\nexport * from './more';",
      'ui/Button.tsx': 'export const Button = 1;',
      'ui/Select.tsx': 'export const Select = 2;',
      'ui/more.ts': 'export const More = 3;',
      'big.ts': 'export type Big = number;',
    });
    expect(relative(root, reach([join(root, 'page.tsx')]))).toEqual(['page.tsx', 'ui/Button.tsx']);
  });

  it('takes an index whole from a namespace import, an export * of a name it does not list, or a bare import', () => {
    const root = tree({
      'a.ts': "import * as ui from './ui';\nexport const a = ui;",
      'b.ts': "import { More } from './ui';\nimport './side';\nexport const b = More;",
      'ui/index.ts': "export { Button } from './Button';\nexport * from './more';",
      'ui/Button.tsx': 'export const Button = 1;',
      'ui/more.ts': "export const More = 3;",
      'side.ts': 'globalThis.x = 1;',
    });
    expect(relative(root, reach([join(root, 'a.ts')]))).toEqual(['a.ts', 'ui/Button.tsx', 'ui/index.ts', 'ui/more.ts']);
    expect(relative(root, reach([join(root, 'b.ts')]))).toEqual(['b.ts', 'side.ts', 'ui/more.ts']);
  });

  it('reaches from a stylesheet module every stylesheet module its build-time run reaches', () => {
    const root = tree({
      'Card.css.ts': "import { vars } from './ui';\nexport const card = vars;",
      'ui/index.ts': "export { vars } from './theme.css';\nexport { Menu } from './Menu';",
      'ui/theme.css.ts': 'export const vars = 1;',
      'ui/Menu.tsx': "import * as styles from './Menu.css';\nexport const Menu = styles;",
      'ui/Menu.css.ts': 'export const menu = 1;',
    });
    // a stylesheet run at build time brings Menu.css's rules along (vanilla-extract keeps their order)
    expect(relative(root, reach([join(root, 'Card.css.ts')]))).toContain('ui/Menu.css.ts');
    expect(relative(root, reach([join(root, 'Card.css.ts')]))).not.toContain('ui/Menu.tsx');
  });

  it('follows `export * as name` by that name to the whole module, a `.js` specifier to its `.ts` source, and an import of type names only as the empty import it compiles to', () => {
    const root = tree({
      'a.ts': "import { shapes } from './lib';\nimport { helper } from './helper.js';\nimport { type Only } from './types';\nexport const a = [shapes, helper];",
      'lib/index.ts': "export * as shapes from './shapes';\nexport { Other } from './other';",
      'lib/shapes.ts': "export { circle } from './circle';\nexport const square = 1;",
      'lib/circle.ts': 'export const circle = 1;',
      'lib/other.ts': 'export const Other = 1;',
      'helper.ts': 'export const helper = 1;',
      'types.ts': 'export type Only = 1;',
    });
    expect(relative(root, reach([join(root, 'a.ts')]))).toEqual(['a.ts', 'helper.ts', 'lib/circle.ts', 'lib/shapes.ts', 'types.ts']);
  });

  it('does not go past a stop module', () => {
    const root = tree({
      'main.ts': "import { route } from './route';\nexport const main = route;",
      'route.ts': "import { Page } from './Page';\nexport const route = Page;",
      'Page.tsx': 'export const Page = 1;',
    });
    expect(relative(root, reach([join(root, 'main.ts')], (file) => file.endsWith('route.ts')))).toEqual(['main.ts', 'route.ts']);
  });
});

describe('the first map’s modules in this tree', () => {
  const root = process.cwd();
  const { shell, map } = signedInMapModules(root);
  const at = (path: string) => join(root, path);

  it('puts the shell and the device list in one set, the map page and its map in the other', () => {
    expect(shell).toContain(at('src/features/shell/Shell.tsx'));
    expect(shell).toContain(at('src/features/devices/DeviceList.tsx'));
    expect(map).toContain(at('src/features/map/MapPage.tsx'));
    expect(map).toContain(at('src/map/MapView.tsx'));
    expect(map).toContain(at('src/map/controller.ts'));
    expect([...shell].filter((file) => map.has(file))).toEqual([]);
  });

  it('keeps MapLibre out of the shell, which the settings and the reports load', () => {
    expect([...map].some((file) => runtimePackages(file).includes('maplibre-gl'))).toBe(true);
    expect([...shell].filter((file) => runtimePackages(file).includes('maplibre-gl'))).toEqual([]);
  });

  it('leaves out what the sign-in page and the routes themselves load', () => {
    for (const file of [...shell, ...map]) {
      // the route files themselves (the routes' own `-` modules, such as the shell's parts, are code)
      expect(file.startsWith(at('src/routes/')) && !/[\\/]-[^\\/]+$/.test(file)).toBe(false);
      expect(file.startsWith(at('src/features/login/'))).toBe(false);
    }
    expect(shell).not.toContain(at('src/ui/Button.tsx'));
    expect(shell).not.toContain(at('src/ui/TextField.tsx'));
  });
});

describe('signedInChunkName', () => {
  const sets = { shell: new Set(['/p/src/Shell.tsx', '/p/src/Shell.css.ts']), map: new Set(['/p/src/MapPage.tsx']), shellPackages: /node_modules\/ra\/Toast/ };
  const graph: Record<string, { importers: string[]; dynamicImporters?: string[] }> = {
    '/p/node_modules/only-shell/a.js': { importers: ['/p/src/Shell.tsx'] },
    '/p/node_modules/only-shell/b.js': { importers: ['/p/node_modules/only-shell/a.js', '/p/src/Shell.tsx'] },
    '/p/node_modules/both/c.js': { importers: ['/p/src/Shell.tsx', '/p/src/MapPage.tsx'] },
    '/p/node_modules/with-login/d.js': { importers: ['/p/src/Shell.tsx', '/p/src/Login.tsx'] },
    '/p/node_modules/lazy/e.js': { importers: ['/p/src/Shell.tsx'], dynamicImporters: ['/p/src/Other.tsx'] },
    '/p/node_modules/cycle/f.js': { importers: ['/p/node_modules/cycle/g.js'] },
    '/p/node_modules/cycle/g.js': { importers: ['/p/node_modules/cycle/f.js'] },
    '/p/node_modules/ra/Toast.mjs': { importers: ['/p/node_modules/ra/index.mjs'] },
  };
  const context: ChunkingContextLike = { getModuleInfo: (id) => (graph[id] ? { importers: graph[id].importers, dynamicImporters: graph[id].dynamicImporters ?? [] } : null) };
  const name = signedInChunkName(sets, (id) => id.includes('skipped'));

  it('names the app’s modules by their set, with their compiled CSS and queries', () => {
    expect(name('/p/src/Shell.tsx', context)).toBe('shell');
    expect(name('/p/src/Shell.css.ts.vanilla.css', context)).toBe('shell');
    expect(name('/p/src/MapPage.tsx?v=1', context)).toBe('mappage');
    expect(name('/p/src/Login.tsx', context)).toBeNull();
  });

  it('puts a package module with the group that alone imports it, also through another package module', () => {
    expect(name('/p/node_modules/only-shell/a.js', context)).toBe('shell');
    expect(name('/p/node_modules/only-shell/b.js', context)).toBe('shell');
    expect(name('/p/node_modules/ra/Toast.mjs', context)).toBe('shell');
  });

  it('leaves a package module shared with another group, another module, a lazy import or only a cycle to Rolldown', () => {
    expect(name('/p/node_modules/both/c.js', context)).toBeNull();
    expect(name('/p/node_modules/with-login/d.js', context)).toBeNull();
    expect(name('/p/node_modules/lazy/e.js', context)).toBeNull();
    expect(name('/p/node_modules/cycle/f.js', context)).toBeNull();
    expect(name('/p/node_modules/unknown/h.js', context)).toBeNull();
  });

  it('leaves what an earlier group takes', () => {
    const skipping = signedInChunkName({ shell: new Set(['/p/src/skipped.tsx']), map: new Set() }, (id) => id.includes('skipped'));
    expect(skipping('/p/src/skipped.tsx', context)).toBeNull();
  });
});
