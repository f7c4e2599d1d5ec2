import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * Components (`.tsx`) run in jsdom; every other unit test in node, unless its first line asks for
 * jsdom (`// @vitest-environment jsdom`: it builds documents, canvases or maps). docs/testing.md.
 */
const UNIT_DOM = ['src/**/*.test.tsx', 'tests/model/**/*.test.tsx'];
const UNIT_NODE = ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts', 'tests/model/**/*.test.ts'];
/**
 * Files that need a fresh module graph: `vi.mock` applies only to modules not yet loaded, and the dialog's
 * focus tests need react-aria's module state fresh. Every other unit and server file shares its worker's.
 */
const ISOLATED = ['src/features/login/prefetchWhileIdle.test.ts', 'src/ui/Dialog.test.tsx', 'tests/server/fuzz.test.ts'];

/**
 * End-to-end files. Each starts its own embedded server and browser contexts; the files of one worker
 * share its module graph (`isolate: false`: playwright-core, the server, the helpers; imports over the whole
 * project 71 s -> 7 s here), and so one Chromium (harness.ts).
 */
const E2E = { environment: 'node' as const, testTimeout: 60000, hookTimeout: 90000, isolate: false };
export default defineConfig((env) =>
  mergeConfig(
    viteConfig({ ...env, mode: 'test' }),
    defineConfig({
      test: {
        // Both cores for unit and server files (e2e files run one at a time, below).
        maxWorkers: 2,
        projects: [
          {
            extends: true,
            test: {
              name: 'unit',
              include: UNIT_DOM,
              exclude: ISOLATED,
              environment: 'jsdom',
              // One jsdom and one module graph per worker, not per file: 170 s -> 35 s on 2 cores.
              isolate: false,
            },
          },
          {
            extends: true,
            test: {
              name: 'unit-node',
              include: UNIT_NODE,
              exclude: ISOLATED,
              environment: 'node',
              isolate: false,
            },
          },
          {
            extends: true,
            test: {
              name: 'unit-isolated',
              include: ISOLATED.filter((file) => !file.startsWith('tests/server/')),
              environment: 'jsdom',
            },
          },
          {
            test: {
              name: 'server',
              include: ['tests/server/**/*.test.ts'],
              exclude: ISOLATED,
              environment: 'node',
              testTimeout: 20000,
              hookTimeout: 30000,
              isolate: false,
            },
          },
          {
            test: {
              name: 'server-isolated',
              include: ISOLATED.filter((file) => file.startsWith('tests/server/')),
              environment: 'node',
              testTimeout: 20000,
              hookTimeout: 30000,
            },
          },
          {
            test: {
              ...E2E,
              name: 'e2e',
              include: ['tests/e2e/**/*.test.ts'],
              // One file at a time. The files are CPU-bound: one keeps the two cores about 76 % busy. Two at a
              // time took 1,066 s for 32 files against about 1,208 s one at a time, and a screenshot
              // comparison failed under the load (29 Nov). Four at a time failed 24 tests on their time limits.
              fileParallelism: false,
              // After the unit and server files, as vitest orders a one-worker isolated project; a project
              // with its own worker count needs its own group.
              sequence: { groupOrder: 1 },
            },
          },
        ],
      },
    }),
  ),
);
