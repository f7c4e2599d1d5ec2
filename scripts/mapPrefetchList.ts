import type { Plugin } from 'vite';

/** The module whose import tree the sign-in page prefetches (src/features/map/prefetch.ts). */
const PREFETCH_MODULE = /src[\\/]features[\\/]map[\\/]prefetch\.ts$/;
/** The `<script type="application/json">` that carries the list in index.html (read by src/features/login/prefetchWhileIdle.ts, which names it too). */
const MAP_PREFETCH_ELEMENT_ID = 'map-prefetch';

interface OutputChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  isDynamicEntry?: boolean;
  moduleIds?: string[];
  imports: string[];
  code: string;
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * The files of the first map, listed in index.html for the sign-in page's prefetch: the prefetch
 * module's chunk and every chunk it imports statically, and the lazy facades of modules in them,
 * largest first (MapLibre's takes longest), and their CSS. The page asks for them at low priority (`fetchpriority="low"`), so that a sign-in
 * pressed while they still arrive is not queued behind them on HTTP/1.1's six connections (Vite's
 * own preload lists are high priority and carry no priority option). Nothing is listed without a
 * build (the dev server): the prefetch then imports the module alone.
 */
export function mapPrefetchList(): Plugin {
  return {
    name: 'athar:map-prefetch-list',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return undefined;
        const chunks = new Map<string, OutputChunkLike>();
        for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item as unknown as OutputChunkLike);
        const root = [...chunks.values()].find((chunk) => chunk.facadeModuleId !== null && PREFETCH_MODULE.test(chunk.facadeModuleId));
        if (!root) throw new Error('athar:map-prefetch-list: no chunk for src/features/map/prefetch.ts');
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string): void => {
          const chunk = chunks.get(fileName);
          if (!chunk || scripts.has(fileName)) return;
          scripts.add(fileName);
          chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
          chunk.imports.forEach(visit);
        };
        visit(root.fileName);
        // the small facades through which other code imports a listed module lazily (the first fleet
        // load's `import('./api/entityEndpoints')`): their code is listed, they are one round trip each
        const listed = new Set([...scripts].flatMap((file) => chunks.get(file)?.moduleIds ?? []));
        for (const chunk of chunks.values()) if (chunk.isDynamicEntry && chunk.facadeModuleId !== null && listed.has(chunk.facadeModuleId)) visit(chunk.fileName);
        const size = (fileName: string) => chunks.get(fileName)?.code.length ?? 0;
        const list = {
          scripts: [...scripts].sort((a, b) => size(b) - size(a)).map((file) => `/${file}`),
          styles: [...styles].map((file) => `/${file}`),
        };
        return [{ tag: 'script', attrs: { type: 'application/json', id: MAP_PREFETCH_ELEMENT_ID }, children: JSON.stringify(list), injectTo: 'head' }];
      },
    },
  };
}
