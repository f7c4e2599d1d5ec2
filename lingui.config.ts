import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['ar', 'en', 'he', 'fa', 'ur', 'fr', 'es', 'pt-BR', 'ru', 'tr', 'de', 'id'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['src'],
      exclude: ['**/node_modules/**', '**/*.test.*'],
    },
  ],
  // Origins without line numbers: a catalog changes only when messages do.
  format: formatter({ lineNumbers: false }),
});
