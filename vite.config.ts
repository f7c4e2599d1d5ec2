import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { patchGridListRowIndex } from './scripts/vite-patches.ts';

/**
 * The backend origin: empty means same origin (the embedded server, or a reverse proxy).
 * In development `vite` proxies /api and /api/socket to ATHAR_PROXY_TARGET.
 */
const proxyTarget = process.env.ATHAR_PROXY_TARGET ?? 'http://localhost:8082';

export default defineConfig(({ mode }): UserConfig => ({
  plugins: [
    patchGridListRowIndex(),
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    vanillaExtractPlugin(),
  ],
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
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every screen needs, in one chunk: compresses better than many small ones and
            // keeps the login route inside its budget (bench/size.ts).
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store)|xstate|@xstate[\\/]react|@lingui[\\/](core|react|message-utils))[\\/]/,
            },
          ],
        },
      },
    },
  },
}));
