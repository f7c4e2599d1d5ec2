import { describe, expect, it } from 'vitest';
import type { IndexHtmlTransformContext, IndexHtmlTransformHook } from 'vite';
import { mapPrefetchList } from './mapPrefetchList';

function chunk(fileName: string, facadeModuleId: string | null, imports: string[], bytes: number, css: string[] = []) {
  return { type: 'chunk', fileName, facadeModuleId, imports, code: 'x'.repeat(bytes), viteMetadata: { importedCss: new Set(css), importedAssets: new Set() } };
}

function run(bundle: Record<string, unknown> | undefined) {
  const hook = mapPrefetchList().transformIndexHtml as { handler: IndexHtmlTransformHook };
  return hook.handler.call({} as never, '<html></html>', { path: '/index.html', filename: 'index.html', bundle } as unknown as IndexHtmlTransformContext);
}

describe('mapPrefetchList', () => {
  it("lists the prefetch module's chunk and its static import tree, largest first, with their CSS, in a JSON block", () => {
    const bundle = {
      'assets/prefetch-a.js': chunk('assets/prefetch-a.js', '/p/src/features/map/prefetch.ts', ['assets/MapPage-b.js', 'assets/maplibre-c.js'], 10),
      'assets/MapPage-b.js': chunk('assets/MapPage-b.js', null, ['assets/maplibre-c.js', 'assets/shared-d.js'], 500, ['assets/MapPage-b.css']),
      'assets/maplibre-c.js': chunk('assets/maplibre-c.js', null, [], 9000, ['assets/maplibre-c.css']),
      'assets/shared-d.js': chunk('assets/shared-d.js', null, ['assets/MapPage-b.js'], 50),
      // lazily imported elsewhere: not in the tree
      'assets/ReportsPage-e.js': chunk('assets/ReportsPage-e.js', '/p/src/features/reports/ReportsPage.tsx', ['assets/shared-d.js'], 800),
      'assets/MapPage-b.css': { type: 'asset', fileName: 'assets/MapPage-b.css' },
    };
    const tags = run(bundle) as Array<{ tag: string; attrs: Record<string, string>; children: string; injectTo: string }>;
    expect(tags).toHaveLength(1);
    expect(tags[0]).toMatchObject({ tag: 'script', attrs: { type: 'application/json', id: 'map-prefetch' }, injectTo: 'head' });
    expect(JSON.parse(tags[0]!.children)).toEqual({
      scripts: ['/assets/maplibre-c.js', '/assets/MapPage-b.js', '/assets/shared-d.js', '/assets/prefetch-a.js'],
      styles: ['/assets/MapPage-b.css', '/assets/maplibre-c.css'],
    });
  });

  it('nothing without a bundle (the dev server); a build without the prefetch module fails', () => {
    expect(run(undefined)).toBeUndefined();
    expect(() => run({ 'assets/x.js': chunk('assets/x.js', '/p/src/main.tsx', [], 1) })).toThrow(/prefetch\.ts/);
  });
});
