/**
 * Generates src/routeTree.gen.ts from src/routes (the same generator the Vite plugin runs), so the
 * type check works on a fresh checkout before any build. The file is generated, not committed.
 */
import { Generator, getConfig } from '@tanstack/router-generator';

const config = getConfig({
  target: 'react',
  routesDirectory: './src/routes',
  generatedRouteTree: './src/routeTree.gen.ts',
  // as in vite.config.ts: `route.tsx` is the route report (/reports/route), not a layout file
  routeToken: 'layout-route',
});
await new Generator({ config, root: process.cwd() }).run();
