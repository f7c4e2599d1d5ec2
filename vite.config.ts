import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { patchExceljsRequire, patchGridListRowIndex } from './scripts/vite-patches.ts';
import { MAPLIBRE_MODULE, mapPrefetchList } from './scripts/mapPrefetchList.ts';
import { signedInChunkName, signedInMapModules } from './scripts/mapModules.ts';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { SUPPORTED_LANGUAGES } from './src/domain/language.ts';

/**
 * The backend origin: empty means same origin (the embedded server, or a reverse proxy).
 * In development `vite` proxies /api and /api/socket to ATHAR_PROXY_TARGET.
 */
const proxyTarget = process.env.ATHAR_PROXY_TARGET ?? 'http://localhost:8082';

/** The app's own modules that the sign-in page needs anyway: one chunk (`app`, below). */
const APP_MODULES =
  /src[\\/](ui[\\/](Alert|Button|Spinner|cx|FieldError|Form|Link|ProgressCircle|TextField|ToggleChoice|AuthLayout|icons|color|ThemeProvider|ErrorToast|toastPlaceStore|Field|focus|surfaces|theme|breakpoints|pageTiming)[.]|domain[\\/](errors|language|permissions|redirect|announcementViewer)[.]|machines[\\/](announcements[\\/]announcements|serviceWorker[\\/]serviceWorker)[.]machine[.]|shared[\\/]announcements[\\/]provide[.]|api[\\/](client|origin|endpoints|nativeBridge)[.]|shared[\\/](catalogue|hooks|services|serverChoice|guards|NotFound)[.]|features[\\/]login[\\/](LanguagePicker|PublicLayout)[.]|map[\\/]assets[.]|i18n[\\/])/;

/**
 * The first map's own modules (scripts/mapModules.ts), for two chunks (`shell` and `mappage`,
 * below); a stylesheet module's compiled CSS (`X.css.ts.vanilla.css`) goes with it.
 */
let signedInChunkNamer: ReturnType<typeof signedInChunkName> | null = null;
/** Named during a build's chunking only: reading the sources takes 0.4 s, which `vite` and Vitest need not spend. */
const signedInChunk: ReturnType<typeof signedInChunkName> = (id, context) => (signedInChunkNamer ??= createSignedInChunkNamer())(id, context);
const createSignedInChunkNamer = () => signedInChunkName(
  {
    ...signedInMapModules(import.meta.dirname),
    // react-aria's toasts, radio groups and landmarks, which only the shell uses (its error toasts,
    // the terms dialog's choice, the navigation landmarks): found through react-aria-components'
    // index, which hides who imports them. Left to Rolldown they went into the layout route's chunk,
    // which imports the shell's, and the shell imported them back (bench/size.ts fails on such a cycle).
    shellPackages: /node_modules[\\/](react-aria|react-aria-components|react-stately)[\\/]dist[\\/]private[\\/](Toast|RadioGroup|toast[\\/]|radio[\\/]|landmark[\\/]|intl[\\/]toast[\\/])/,
  },
  (id) => APP_MODULES.test(id),
);

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
      output: {
        codeSplitting: {
          groups: [
            // What every screen needs, in one chunk: compresses better than many small ones and
            // keeps the login route inside its budget (bench/size.ts).
            // The app's own modules that the sign-in page needs anyway, in one chunk rather than a
            // dozen small ones (each costs its headers and its own compression). Name only what the
            // sign-in page loads: a module named here brings everything it imports into the chunk
            // (SegmentedControl brought react-aria's radio group, 1.9 KB gzip).
            {
              name: 'app',
              test: APP_MODULES,
            },
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store)|xstate|@xstate[\\/]react|@lingui[\\/](core|react|message-utils))[\\/]/,
            },
            // The first map's own modules, which the sign-in page does not run, in two chunks (each
            // with its stylesheets in one file): forty small chunks were forty round trips, six at a
            // time on HTTP/1.1, between Sign in and the first map. `shell`: what every signed-in route
            // loads anyway; `mappage`: what only routes with a map share, so that no other route
            // loads MapLibre (bench/size.ts checks). Packages go with them only when nothing else
            // imports them (scripts/mapModules.ts signedInChunkName); the rest keep Rolldown's split.
            { name: signedInChunk, includeDependenciesRecursively: false },
            // MapLibre alone, under a name of its own (the service worker's precache leaves it out by name)
            { name: 'maplibre', test: MAPLIBRE_MODULE },
            // Modules the signed-in screens share that the sign-in page does not run, kept out of
            // the two chunks above (4.1 KB gzip): `app` pulls react-aria's FocusScope in as a
            // dependency (ToggleButton → useToggleButtonGroup → useToolbar → FocusScope) and
            // `framework` matches the router's useBlocker. Only these modules, not their imports
            // (those stay in `app` and `framework`): this chunk imports from those two, never the
            // other way round. Should the sign-in page come to need one of them, take it off this list.
            {
              name: 'shared',
              test: /node_modules[\\/](react-aria[\\/]dist[\\/]private[\\/](focus[\\/]FocusScope|toolbar[\\/]useToolbar|utils[\\/]shadowdom[\\/]ShadowTreeWalker)|@tanstack[\\/]react-router[\\/]dist[\\/]esm[\\/]useBlocker)[.]/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));
