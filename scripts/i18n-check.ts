/**
 * Fails when the catalogues are stale (extracting the messages again would change them), or when
 * any catalogue breaks the rules in `scripts/i18nRules.ts`: a message untranslated, a placeholder or
 * tag lost, a plural category the language needs missing, or a glossary term not used.
 * Run `npm run i18n:extract` and translate to fix.
 *
 * `tsx scripts/i18n-check.ts --catalog fr` checks one catalogue's contents and glossary only,
 * without extracting (for a translator at work).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import config from '../lingui.config';
import { checkCatalog, checkGlossary, parsePo, type Glossary } from './i18nRules';

const dir = 'src/locales';
const only = process.argv.indexOf('--catalog');
const locales = only >= 0 ? [process.argv[only + 1] ?? ''] : (config.locales ?? []);
const problems: string[] = [];

if (only < 0) {
  const files = locales.map((locale) => `${locale}.po`);
  const before = new Map(files.map((file) => [file, existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8') : '']));
  execFileSync(join('node_modules', '.bin', 'lingui'), ['extract', '--clean'], { stdio: 'pipe' });
  for (const file of files) {
    const after = readFileSync(join(dir, file), 'utf8');
    if (after !== before.get(file)) {
      problems.push(`${file} is stale: run npm run i18n:extract and translate the new messages`);
      writeFileSync(join(dir, file), before.get(file) ?? '');
    }
  }
}

for (const locale of locales) {
  const file = join(dir, `${locale}.po`);
  if (!existsSync(file)) {
    problems.push(`${locale}.po is missing`);
    continue;
  }
  const entries = parsePo(readFileSync(file, 'utf8'));
  problems.push(...checkCatalog(locale, entries));
  if (locale === config.sourceLocale) continue;
  const glossaryFile = join(dir, 'glossary', `${locale}.json`);
  if (!existsSync(glossaryFile)) {
    problems.push(`glossary/${locale}.json is missing`);
    continue;
  }
  problems.push(...checkGlossary(JSON.parse(readFileSync(glossaryFile, 'utf8')) as Glossary, entries));
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`${problems.length} problem(s)`);
  process.exit(1);
}
console.log(`catalogues current and complete: ${locales.join(', ')}`);
