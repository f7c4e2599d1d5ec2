/**
 * Fails when the catalogs are stale (extracting the messages again would change them) or when
 * a message lacks its Arabic or English text. Run `npm run i18n:extract` and translate to fix.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = 'src/locales';
const files = readdirSync(dir).filter((file) => file.endsWith('.po'));
const before = new Map(files.map((file) => [file, readFileSync(join(dir, file), 'utf8')]));

execFileSync(join('node_modules', '.bin', 'lingui'), ['extract', '--clean'], { stdio: 'pipe' });
const problems: string[] = [];
for (const file of files) {
  const after = readFileSync(join(dir, file), 'utf8');
  if (after !== before.get(file)) {
    problems.push(`${file} is stale: run npm run i18n:extract and translate the new messages`);
    writeFileSync(join(dir, file), before.get(file) ?? '');
  }
}

/** Entries of a .po file: msgid → msgstr (single-line strings, as Lingui writes them). */
export function parsePo(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  let id: string | null = null;
  for (const line of text.split('\n')) {
    const idMatch = /^msgid "(.*)"$/.exec(line);
    if (idMatch) id = idMatch[1] ?? '';
    const strMatch = /^msgstr "(.*)"$/.exec(line);
    if (strMatch && id !== null) {
      if (id !== '') entries.set(id, strMatch[1] ?? '');
      id = null;
    }
  }
  return entries;
}

for (const locale of ['ar', 'en']) {
  const file = `${locale}.po`;
  const text = before.get(file);
  if (!text) {
    problems.push(`${file} is missing`);
    continue;
  }
  for (const [id, translation] of parsePo(text)) {
    if (translation.trim() === '') problems.push(`${file}: no translation for "${id}"`);
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`catalogs current and complete: ${files.join(', ')}`);
