import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { patchExceljsRequire, patchGridListRowIndex } from './scripts/vite-patches.ts';
import { MAPLIBRE_MODULE, mapPrefetchList } from './scripts/mapPrefetchList.ts';
import { signedInChunkSets, signInRouteComponent } from './scripts/mapModules.ts';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { SUPPORTED_LANGUAGES } from './src/domain/language.ts';

/**
 * The backend origin: empty means same origin (the embedded server, or a reverse proxy).
 * In development `vite` proxies /api and /api/socket to ATHAR_PROXY_TARGET.
 */
const proxyTarget = process.env.ATHAR_PROXY_TARGET ?? 'http://localhost:8082';

/**
 * The signed-in chunks' modules, the app's and the packages' (scripts/mapModules.ts), by the routes
 * that reach them; a stylesheet module's compiled CSS (`X.css.ts.vanilla.css`) goes with it.
 * Read during a build's chunking only: reading the sources and the packages' files takes 2 s, which
 * `vite` and Vitest need not spend.
 */
let chunkSets: ReturnType<typeof signedInChunkSets> | null = null;
const sourceOf = (id: string): string => id.replace(/[?].*$/, '').replace(/[.]vanilla[.]css$/, '');
const inChunkSet = (set: keyof ReturnType<typeof signedInChunkSets>) => (id: string): boolean => (chunkSets ??= signedInChunkSets(import.meta.dirname))[set].has(sourceOf(id));
const signInOnly = inChunkSet('signInOnly');

/**
 * `app` for what the sign-in page loads (the group's `$initial`), except the page's script (what
 * index.html imports), which stays the entry's own chunk (taken into `app`, it left index.html without
 * a chunk and the manifest without its entry), and what only the sign-in route reaches (its form, its
 * prefetch of the map), which stays the route's chunk: no signed-in route loads it.
 */
const appChunk = (id: string, context: { getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null }): string | null => {
  const info = context.getModuleInfo(id);
  if (!info || info.isEntry || signInOnly(id)) return null;
  return info.importers.some((importer) => importer.endsWith('.html') && context.getModuleInfo(importer)?.isEntry) ? null : 'app';
};

export default defineConfig(({ mode }): UserConfig => ({
  plugins: [
    patchGridListRowIndex(),
    patchExceljsRequire(),
    mapPrefetchList(),
    // react-aria's own strings (a screen reader's "dismiss", a date field's labels) only in the app's
    // languages, not its thirty-four: 9.8 KB gzip less on the map's route
    optimizeLocales.vite({ locales: [...SUPPORTED_LANGUAGES] }),
    // `route` is a report's path (/reports/route), so the generator's layout token is another word
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts', routeToken: 'layout-route' }),
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    vanillaExtractPlugin(),
    // Brotli and gzip copies of the text assets beside them (file.js.br, file.js.gz), which the
    // embedded server sends to browsers that accept them (@fastify/static preCompressed).
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|mjs|css|json|html|svg|webmanifest)$/, threshold: 1024, logLevel: 'silent' }),
    // The service worker (dist/sw.js, Workbox generateSW) and the web manifest. The page registers
    // the worker itself (src/shared/serviceWorker.ts, after the first paint, from a lazy
    // chunk): no injected script, so the CSP needs no inline script. `prompt`: a new build waits
    // until the person presses Refresh (src/machines/serviceWorker).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      strategies: 'generateSW',
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: [],
      // the icons are precached by the glob below (*.png)
      includeManifestIcons: false,
      devOptions: { enabled: false },
      manifest: {
        // one name for both languages, Arabic first (the app's default language)
        name: 'أثر — Athar',
        short_name: 'أثر Athar',
        description: 'Fleet tracking for Traccar — تتبع المركبات',
        lang: 'ar',
        dir: 'rtl',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0b1220',
        background_color: '#0f1115',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // the app shell: the HTML, scripts, styles, fonts and icons. Not precached: Vite's
        // manifest, the map's library and data (MapLibre, a 1.1 MB chunk, and its worker, 0.5 MB;
        // neither works offline without the other; the country
        // outlines countries-*.json), the older .woff fonts (every supported browser takes woff2),
        // the sounds and the spreadsheet library (exceljs, 0.9 MB, for an xlsx export): those load
        // from the network (and the HTTP cache) when used. The size
        // limit fails the build should the shell grow a file over 1 MiB.
        globPatterns: ['**/*.{js,mjs,css,html,woff2,svg,png}'],
        globIgnores: ['.vite/**', '**/maplibre-*.{js,mjs}', '**/exceljs*.{js,mjs}', '**/countries-*', 'sounds/**'],
        maximumFileSizeToCacheInBytes: 1024 * 1024,
        // client-side routes open offline: a navigation is answered with the precached index.html,
        // except the API, the announcements file and any path with a file extension (as the server)
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/announcements\.json$/, /\/[^/]+\.[^/]+$/],
        // /api, /api/socket and /announcements.json are never cached: no runtime caching at all,
        // a request the precache does not hold goes to the network untouched
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        clientsClaim: false,
        skipWaiting: false,
        sourcemap: false,
      },
    }),
  ],
  resolve: {
    // React 19 has useSyncExternalStore: @xstate/react and the router's store import the shim
    // package's entries, which carry a fallback for React 17 (0.2 KB gzip on the sign-in page).
    // These are the package's own React-only entries (the same code, calling React's hook).
    alias: [
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
    ],
  },
  define: {
    __ATHAR_DEV__: JSON.stringify(mode !== 'production'),
  },
  server: {
    port: 3000,
    proxy: {
      '/api/socket': { target: proxyTarget.replace(/^http/, 'ws'), ws: true, changeOrigin: false },
      '/api': { target: proxyTarget, changeOrigin: false },
      '/announcements.json': { target: proxyTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    // Every supported browser has modulepreload: no polyfill in the entry.
    // Lazy routes preload their CSS only (no JavaScript preload lists): every route stub sits in
    // the entry, and thirty lists of chunk names cost the sign-in page its budget. A route's
    // JavaScript imports are fetched by the browser as soon as its chunk is parsed.
    // The sign-in page's prefetch of the map lists its files in index.html instead and asks for
    // them at low priority (scripts/mapPrefetchList.ts).
    modulePreload: {
      polyfill: false,
      // (the CSS of a lazy chunk is preloaded apart from these lists)
      resolveDependencies: () => [],
    },
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // The sign-in route's component is an entry of its own (the manifest says `isEntry`) as well as
      // the route's lazy chunk, so that what it reaches counts as `$initial` with what index.html
      // loads (the `app` group below). Nothing loads it but the route.
      input: { index: 'index.html', login: signInRouteComponent(import.meta.dirname) },
      output: {
        codeSplitting: {
          // Chunks by what loads them: the sign-in page, the pages outside the shell, every signed-in
          // route, the routes with a map; and two packages by name. No file is named: the sign-in
          // page's modules are what Rolldown finds it loads, the others' come from the routes
          // (scripts/mapModules.ts). Few, large chunks: each costs a round trip on HTTP/1.1's six
          // connections and compresses apart, with its own imports and exports (the map's route was
          // 574 KB gzip in 32 files with the signed-in side's packages left to Rolldown, 563 KB in 10
          // with them grouped). The group of higher priority takes a module first; what no group
          // takes keeps Rolldown's own split (the settings' and the reports' own code).
          groups: [
            // MapLibre alone, under a name of its own (the service worker's precache leaves it out by
            // name); its code only, not a file it is asked for by address (`?url`, its worker)
            { name: 'maplibre', test: MAPLIBRE_MODULE, priority: 6 },
            // React, the router, XState and Lingui: what the sign-in page runs of them, with what they import
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store)|xstate|@xstate[\\/]react|@lingui[\\/](core|react|message-utils))[\\/]/,
              tags: ['$initial'],
              priority: 5,
            },
            // Everything else the sign-in page loads (Rolldown's `$initial`: what index.html's script and
            // the sign-in route reach through the code the build keeps), the app's and the packages', in
            // one chunk. Not their imports besides (includeDependenciesRecursively): a module also holds
            // code only other routes use, and its imports for that code (react-aria's FocusScope, 4 KB
            // gzip) would come to the sign-in page with it.
            { name: appChunk, tags: ['$initial'], includeDependenciesRecursively: false, priority: 4 },
            // The signed-in side, the app's modules and the packages', by the routes that reach them
            // (scripts/mapModules.ts), each group with the modules they import that no group above
            // took (so no chunk imports one that imports it back: bench/size.ts fails on a cycle):
            // - `public`: what the pages outside the shell (registration, password reset) share with
            //   the shell and the first map, so that those pages need not load the shell;
            // - `shell`: what every signed-in route loads (the layout, the live store's start) and what
            //   the first map shares with a route without a map (react-aria's dialogs, lists and
            //   toasts, the queries, the device list);
            // - `mappage`: the rest of the first map, which only routes with a map share, so that no
            //   other route loads MapLibre (bench/size.ts checks).
            { name: 'public', test: inChunkSet('public'), priority: 3 },
            { name: 'shell', test: inChunkSet('shell'), priority: 2 },
            { name: 'mappage', test: inChunkSet('map'), priority: 1 },
          ],
        },
      },
    },
  },
}));
