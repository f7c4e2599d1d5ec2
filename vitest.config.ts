import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default defineConfig((env) =>
  mergeConfig(
    viteConfig({ ...env, mode: 'test' }),
    defineConfig({
      test: {
        projects: [
          {
            extends: true,
            test: {
              name: 'unit',
              include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts', 'tests/model/**/*.test.{ts,tsx}'],
              environment: 'jsdom',
            },
          },
          {
            test: {
              name: 'server',
              include: ['tests/server/**/*.test.ts'],
              environment: 'node',
              testTimeout: 20000,
              hookTimeout: 30000,
            },
          },
          {
            test: {
              name: 'e2e',
              include: ['tests/e2e/**/*.test.ts'],
              environment: 'node',
              testTimeout: 60000,
              hookTimeout: 90000,
              fileParallelism: false,
            },
          },
        ],
      },
    }),
  ),
);
