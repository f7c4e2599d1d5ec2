import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reach, runtimePackages, signedInChunkSets } from './mapModules';

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

  it('follows a package by its package.json exports, its index by the names taken, and not what an import with a query asks for', () => {
    const root = tree({
      'page.ts': "import { Tip } from 'ui-kit';\nimport { one } from 'ui-kit/one';\nimport worker from 'ui-kit/worker?url';\nimport { old } from 'legacy';\nexport const page = [Tip, one, worker, old];",
      'node_modules/ui-kit/package.json': JSON.stringify({ exports: { '.': { types: './index.d.ts', import: './dist/index.mjs', require: './dist/index.cjs' }, './*': { import: './dist/*.mjs' } } }),
      // an index as a package builds it: each part imported, then exported again; and a bare import
      'node_modules/ui-kit/dist/index.mjs': "import 'client-only';\nimport { Tip as $a } from './Tip.mjs';\nimport { Menu as $b } from './Menu.mjs';\nexport { $a as Tip, $b as Menu };",
      'node_modules/ui-kit/dist/Tip.mjs': "import { useTip } from './useTip.mjs';\nexport const Tip = useTip;",
      'node_modules/ui-kit/dist/useTip.mjs': 'export const useTip = 1;',
      'node_modules/ui-kit/dist/Menu.mjs': 'export const Menu = 2;',
      'node_modules/ui-kit/dist/one.mjs': 'export const one = 1;',
      'node_modules/ui-kit/dist/worker.mjs': "import { Menu } from './Menu.mjs';\nexport default Menu;",
      'node_modules/client-only/package.json': JSON.stringify({ main: 'index.js' }),
      'node_modules/client-only/index.js': '',
      'node_modules/legacy/package.json': JSON.stringify({ module: 'esm/index.js', main: 'cjs/index.js' }),
      'node_modules/legacy/esm/index.js': 'export const old = 1;',
    });
    expect(relative(root, reach([join(root, 'page.ts')]))).toEqual([
      'node_modules/client-only/index.js',
      'node_modules/legacy/esm/index.js',
      'node_modules/ui-kit/dist/Tip.mjs',
      'node_modules/ui-kit/dist/one.mjs',
      'node_modules/ui-kit/dist/useTip.mjs',
      'node_modules/ui-kit/dist/worker.mjs',
      'page.ts',
    ]);
  });
});

describe('the signed-in chunks’ modules in this tree', () => {
  const root = process.cwd();
  const sets = signedInChunkSets(root);
  const { shell, map } = sets;
  const at = (path: string) => join(root, path);
  const packageFiles = (files: Set<string>, name: string) => [...files].filter((file) => file.includes(join('node_modules', name, '/')));

  it('puts the shell and the device list in one set, the map page and its map in the other', () => {
    expect(shell).toContain(at('src/features/shell/Shell.tsx'));
    expect(shell).toContain(at('src/features/devices/DeviceList.tsx'));
    expect(map).toContain(at('src/features/map/MapPage.tsx'));
    expect(map).toContain(at('src/map/MapView.tsx'));
    expect(map).toContain(at('src/map/controller.ts'));
    expect([...shell].filter((file) => map.has(file))).toEqual([]);
  });

  it('keeps MapLibre out of the shell and of what the pages outside the shell share, which routes without a map load', () => {
    expect([...map].some((file) => runtimePackages(file).includes('maplibre-gl'))).toBe(true);
    for (const set of [shell, sets.public]) {
      expect([...set].filter((file) => runtimePackages(file).includes('maplibre-gl'))).toEqual([]);
      expect(packageFiles(set, 'maplibre-gl')).toEqual([]);
    }
  });

  it('takes the package modules a set reaches through a package index by name only', () => {
    // react-aria-components' tooltip: only the map's device card shows one (in the route's chunk it
    // made a cycle with mappage); its toasts: the shell's
    expect(packageFiles(map, 'react-aria-components').some((file) => /Tooltip/.test(file))).toBe(true);
    expect(packageFiles(shell, 'react-aria-components').some((file) => /Tooltip/.test(file))).toBe(false);
    expect(packageFiles(shell, 'react-aria-components').some((file) => /Toast/.test(file))).toBe(true);
    // parts of the index nothing imports
    expect([...shell, ...map, ...sets.public].some((file) => /ColorPicker|DropZone/.test(file))).toBe(false);
  });

  it('keeps what the pages outside the shell share with the shell apart, and the sign-in form to its route', () => {
    expect(sets.public).toContain(at('src/shared/useRequest.ts'));
    expect(sets.public).not.toContain(at('src/features/shell/Shell.tsx'));
    expect(sets.signInOnly).toContain(at('src/features/login/LoginPage.tsx'));
    expect(sets.signInOnly).not.toContain(at('src/ui/Button.tsx'));
    for (const file of [...shell, ...map]) expect(file.startsWith(at('src/features/login/'))).toBe(false);
  });
});
