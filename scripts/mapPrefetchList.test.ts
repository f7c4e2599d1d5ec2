import { describe, expect, it } from 'vitest';
import type { IndexHtmlTransformContext, IndexHtmlTransformHook } from 'vite';
import { mapPrefetchList } from './mapPrefetchList';

function chunk(fileName: string, facadeModuleId: string | null, imports: string[], bytes: number, extra: { isDynamicEntry?: boolean; moduleIds?: string[] } = {}) {
  return { type: 'chunk', fileName, facadeModuleId, imports, code: 'x'.repeat(bytes), moduleIds: [], ...extra };
}

function run(bundle: Record<string, unknown> | undefined) {
  const hook = mapPrefetchList().transformIndexHtml as { handler: IndexHtmlTransformHook };
  return hook.handler.call({} as never, '<html></html>', { path: '/index.html', filename: 'index.html', bundle } as unknown as IndexHtmlTransformContext);
}

describe('mapPrefetchList', () => {
  it("lists the prefetch module's chunk, its static import tree and the lazy facades of its modules, MapLibre's first, then the largest first, in a JSON block", () => {
    const bundle = {
      'assets/prefetch-a.js': chunk('assets/prefetch-a.js', '/p/src/routes/-mapPrefetch.ts', ['assets/MapPage-b.js', 'assets/maplibre-c.js'], 10),
      'assets/MapPage-b.js': chunk('assets/MapPage-b.js', null, ['assets/maplibre-c.js', 'assets/shared-d.js'], 500),
      // MapLibre's chunk first, though another is larger
      'assets/maplibre-c.js': chunk('assets/maplibre-c.js', null, [], 400, { moduleIds: ['/p/node_modules/maplibre-gl/dist/maplibre-gl.mjs'] }),
      'assets/shared-d.js': chunk('assets/shared-d.js', null, ['assets/MapPage-b.js'], 50, { moduleIds: ['/p/src/api/resources.ts', '/p/src/api/keys.ts'] }),
      // import('./api/resources') elsewhere: a facade of a listed module
      'assets/resources-f.js': chunk('assets/resources-f.js', '/p/src/api/resources.ts', ['assets/shared-d.js'], 20, { isDynamicEntry: true }),
      // a lazy entry of its own code: not listed
      'assets/kinds-g.js': chunk('assets/kinds-g.js', '/p/src/features/reports/kinds.ts', [], 40, { isDynamicEntry: true, moduleIds: ['/p/src/features/reports/kinds.ts'] }),
      // lazily imported elsewhere: not in the tree
      'assets/ReportsPage-e.js': chunk('assets/ReportsPage-e.js', '/p/src/features/reports/ReportsPage.tsx', ['assets/shared-d.js'], 800),
      'assets/MapPage-b.css': { type: 'asset', fileName: 'assets/MapPage-b.css' },
    };
    const tags = run(bundle) as Array<{ tag: string; attrs: Record<string, string>; children: string; injectTo: string }>;
    expect(tags).toHaveLength(1);
    expect(tags[0]).toMatchObject({ tag: 'script', attrs: { type: 'application/json', id: 'map-prefetch' }, injectTo: 'head' });
    expect(JSON.parse(tags[0]!.children)).toEqual({
      scripts: ['/assets/maplibre-c.js', '/assets/MapPage-b.js', '/assets/shared-d.js', '/assets/resources-f.js', '/assets/prefetch-a.js'],
    });
  });

  it('escapes `<`, so that nothing in the list can end the element', () => {
    const tags = run({ 'assets/prefetch-</script>.js': chunk('assets/prefetch-</script>.js', '/p/src/routes/-mapPrefetch.ts', [], 1) }) as Array<{ children: string }>;
    expect(tags[0]!.children).not.toContain('<');
    expect(JSON.parse(tags[0]!.children)).toEqual({ scripts: ['/assets/prefetch-</script>.js'] });
  });

  it('nothing without a bundle (the dev server); a build without the prefetch module fails', () => {
    expect(run(undefined)).toBeUndefined();
    expect(() => run({ 'assets/x.js': chunk('assets/x.js', '/p/src/main.tsx', [], 1) })).toThrow(/-mapPrefetch\.ts/);
  });
});
