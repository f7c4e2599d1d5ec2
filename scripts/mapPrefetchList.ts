import type { Plugin } from 'vite';
import { MAP_PREFETCH_ELEMENT_ID, prefetchListText } from '../src/shared/prefetchList.ts';

/** The module whose import tree the sign-in page prefetches (src/routes/-mapPrefetch.ts). */
const PREFETCH_MODULE = /src[\\/]routes[\\/]-mapPrefetch\.ts$/;

interface OutputChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  isDynamicEntry?: boolean;
  moduleIds?: string[];
  imports: string[];
  code: string;
}

/**
 * MapLibre's code (the package's modules, not a file of it asked for by address, `?url`): its chunk
 * goes first (the largest, and the one the map's code waits on); vite.config.ts gives it that chunk
 * of its own.
 */
export const MAPLIBRE_MODULE = /[\\/]node_modules[\\/]maplibre-gl[\\/][^?]*\.m?js$/;

/**
 * The scripts of the first map, listed in index.html for the sign-in page's prefetch: the prefetch
 * module's chunk, every chunk it imports statically and the lazy facades of modules in them;
 * MapLibre's first, then the largest first. The page asks for them at low priority
 * (`fetchpriority="low"` modulepreloads), so that a sign-in pressed while they still arrive is not
 * queued behind them on HTTP/1.1's six connections (Vite's own preload lists are high priority and
 * carry no priority option). Their stylesheets are not listed: Vite's loader adds them as the
 * prefetch module is imported. Nothing is listed without a build (the dev server): the prefetch
 * then imports the module alone.
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
        if (!root) throw new Error('athar:map-prefetch-list: no chunk for src/routes/-mapPrefetch.ts');
        const scripts = new Set<string>();
        const visit = (fileName: string): void => {
          const chunk = chunks.get(fileName);
          if (!chunk || scripts.has(fileName)) return;
          scripts.add(fileName);
          chunk.imports.forEach(visit);
        };
        visit(root.fileName);
        // the small facades through which other code imports a listed module lazily (the first fleet
        // load's `import('./api/entityEndpoints')`): their code is listed, they are one round trip each
        const listed = new Set([...scripts].flatMap((file) => chunks.get(file)?.moduleIds ?? []));
        for (const chunk of chunks.values()) if (chunk.isDynamicEntry && chunk.facadeModuleId !== null && listed.has(chunk.facadeModuleId)) visit(chunk.fileName);
        const rank = (fileName: string): number => {
          const chunk = chunks.get(fileName);
          return chunk?.moduleIds?.some((id) => MAPLIBRE_MODULE.test(id)) ? Infinity : (chunk?.code.length ?? 0);
        };
        const list = [...scripts].sort((a, b) => rank(b) - rank(a)).map((file) => `/${file}`);
        return [{ tag: 'script', attrs: { type: 'application/json', id: MAP_PREFETCH_ELEMENT_ID }, children: prefetchListText(list), injectTo: 'head' }];
      },
    },
  };
}
