/**
 * The shape of the code: the wire contract (`contract/`) is a leaf shared by the client and the
 * server; the server imports nothing of the client (`src/`), the client nothing of the server.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS, distanceMeters, knotsFromMps, KNOTS_TO_KMH } from '../../contract/units.ts';
import { distanceMeters as reportDistance } from '../../server/reports/common.ts';
import { distanceMeters as ingestDistance } from '../../server/geo/contains.ts';

const root = resolve(import.meta.dirname, '../..');

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (name === 'node_modules') return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Every relative import of a file, resolved to a path from the project root. */
function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)];
  return found.map((m) => relative(root, resolve(dirname(file), m[1]!)));
}

function offenders(folder: string, forbidden: string[]): string[] {
  return sources(join(root, folder)).flatMap((file) =>
    imports(file)
      .filter((target) => forbidden.some((prefix) => target === prefix || target.startsWith(`${prefix}/`)))
      .map((target) => `${relative(root, file)} → ${target}`),
  );
}

describe('module boundaries', () => {
  it('the server imports nothing from src/', () => {
    expect(offenders('server', ['src'])).toEqual([]);
  });
  it('the contract imports nothing of the client, the server or the tests', () => {
    expect(offenders('contract', ['src', 'server', 'tests'])).toEqual([]);
    for (const file of sources(join(root, 'contract'))) {
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/from\s+['"][^.]/);
    }
  });
  it('the client imports nothing from server/', () => {
    expect(offenders('src', ['server'])).toEqual([]);
  });
  it('the finder catches a forbidden import (it can fail)', () => {
    expect(imports(join(root, 'server/geo/contains.ts'))).toContain('contract/units.ts');
  });
});

describe('the client’s layers', () => {
  const isTest = (file: string) => /\.test\.tsx?$/.test(file);
  /** The relative imports of src/domain's code (tests aside) that leave src/domain and contract/. */
  const domainOffenders = (files: string[]) =>
    files.flatMap((file) =>
      imports(file)
        .filter((target) => !target.startsWith('src/domain/') && !target.startsWith('contract/'))
        .map((target) => `${relative(root, file)} → ${target}`),
    );
  it('src/domain is pure: its code imports only itself and contract/ (and packages)', () => {
    expect(domainOffenders(sources(join(root, 'src/domain')).filter((file) => !isTest(file)))).toEqual([]);
  });
  it('the domain finder catches an import of another layer (it can fail)', () => {
    expect(domainOffenders([join(root, 'src/domain/chartSeries.test.ts')])).toContain('src/domain/chartSeries.test.ts → src/ui/color');
  });
  /** A screen feature's folder (`src/features/<name>`), or null for a file outside them. */
  const featureOf = (path: string) => /^src\/features\/([^/]+)\//.exec(path)?.[1] ?? null;
  /**
   * The imports that break the client's layers: a screen feature (src/features/<name>) importing
   * another, or the layers below the screens (the shared kernel src/shared, and src/ui, src/map,
   * src/api, src/machines, src/domain, src/i18n) importing a screen or a route. Only src/routes,
   * which composes the screens (with the entry and the composition root), may import any of them.
   * Tests aside: a test of a shared page may use a screen's declaration.
   */
  /** What composes the screens: the routes, their generated tree, the entry and the composition root. */
  const COMPOSERS = ['src/routes/', 'src/routeTree.gen.ts', 'src/main.tsx', 'src/composition.ts'];
  const breaksLayers = (from: string, target: string) => {
    const own = featureOf(from);
    const feature = featureOf(target);
    if (own) return feature !== null && feature !== own;
    if (COMPOSERS.some((composer) => from.startsWith(composer))) return false;
    return feature !== null || target.startsWith('src/routes/');
  };
  const layerOffenders = (files: string[]) =>
    files.flatMap((file) => {
      const from = relative(root, file);
      return imports(file)
        .filter((target) => breaksLayers(from, target))
        .map((target) => `${from} → ${target}`);
    });
  it('screen features import the shared kernel and the layers below, never each other; nothing below them imports a screen', () => {
    expect(layerOffenders(sources(join(root, 'src')).filter((file) => !isTest(file)))).toEqual([]);
  });
  it('the layer rule refuses a screen importing another and the kernel importing a screen or a route (it can fail)', () => {
    expect(breaksLayers('src/features/shell/Shell.tsx', 'src/features/devices/DevicesPanel')).toBe(true);
    expect(breaksLayers('src/shared/hooks.ts', 'src/features/map/MapPage')).toBe(true);
    expect(breaksLayers('src/machines/socket/socket.effects.ts', 'src/routes/-mapPrefetch')).toBe(true);
    // a screen's own files, the kernel, and the routes' composition of the screens are allowed
    expect(breaksLayers('src/features/shell/Shell.tsx', 'src/features/shell/TermsDialog')).toBe(false);
    expect(breaksLayers('src/features/map/MapPage.tsx', 'src/shared/hooks')).toBe(false);
    expect(breaksLayers('src/routes/-shellParts.ts', 'src/features/devices/DevicesPanel')).toBe(false);
    // and the finder sees the composition's imports
    expect(imports(join(root, 'src/routes/-shellParts.ts'))).toContain('src/features/devices/DevicesPanel');
  });
  /** Files of src/ that are not tests but use a test library: test helpers, which belong under tests/. */
  const helpers = (files: string[]) =>
    files.filter((file) => !isTest(file) && /from\s+['"](?:vitest|@testing-library\/[\w-]+)['"]/.test(readFileSync(file, 'utf8'))).map((file) => relative(root, file));
  it('test helpers live under tests/, not in src/', () => {
    expect(helpers(sources(join(root, 'src')))).toEqual([]);
    expect(helpers(sources(join(root, 'tests/helpers')))).toContain('tests/helpers/testFakeMap.ts');
  });
});

describe('one distance, one knot', () => {
  it('ingest and reports measure with the same earth radius', () => {
    const [a, b] = [
      [24.7136, 46.6753],
      [24.8, 46.75],
    ] as const;
    // one function, the contract's: a copy in ingest or reports (which could drift) fails here
    expect(ingestDistance).toBe(distanceMeters);
    expect(reportDistance).toBe(distanceMeters);
    expect(ingestDistance(a[0], a[1], b[0], b[1])).toBeGreaterThan(9_000);
    // one degree of latitude on Traccar's sphere (WGS-84 equatorial radius)
    expect(distanceMeters(0, 0, 1, 0)).toBeCloseTo((EARTH_RADIUS * Math.PI) / 180, 6);
    expect(EARTH_RADIUS).toBe(6378137);
  });
  it('a knot is 1.852 km/h, both ways', () => {
    expect(KNOTS_TO_KMH).toBe(1.852);
    expect(knotsFromMps(1852 / 3600)).toBeCloseTo(1, 12);
  });
});
