/**
 * Generates src/routeTree.gen.ts from src/routes (the same generator the Vite plugin runs), so the
 * type check works on a fresh checkout before any build. The file is generated, not committed.
 */
import { Generator, getConfig } from '@tanstack/router-generator';

const config = getConfig({
  target: 'react',
  routesDirectory: './src/routes',
  generatedRouteTree: './src/routeTree.gen.ts',
});
await new Generator({ config, root: process.cwd() }).run();
