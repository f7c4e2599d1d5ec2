/**
 * The rules every catalogue is held to, apart from being current: each message translated, the
 * same placeholders and tags as the English, the plural categories the language needs (CLDR, as
 * Node's Intl knows them) and no others, and the terms of the language's glossary used for the
 * English domain terms. Used by `scripts/i18n-check.ts` and tested in `scripts/i18nRules.test.ts`.
 */
import { parse, type Token } from '@messageformat/parser';

/** The English domain terms every glossary translates. */
export const GLOSSARY_TERMS = [
  'device', 'geofence', 'ignition', 'odometer', 'trip', 'stop', 'notification', 'maintenance',
  'driver', 'group', 'command', 'event', 'report', 'position', 'calendar', 'attribute', 'alarm',
] as const;

export interface GlossaryTerm {
  /** The term as the language writes it. */
  translation: string;
  /** Lower-case stems or forms, one of which a translation of a message using the term contains. */
  forms: string[];
  /** English messages where the word is used in another sense (a verb "stop", say). */
  ignore?: string[];
}
export interface Glossary {
  language: string;
  terms: Record<string, GlossaryTerm>;
}

/** Entries of a .po file: msgid → msgstr (single-line strings, as Lingui writes them). */
export function parsePo(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  let id: string | null = null;
  for (const line of text.split('\n')) {
    const idMatch = /^msgid "(.*)"$/.exec(line);
    if (idMatch) id = JSON.parse(`"${idMatch[1] ?? ''}"`) as string;
    const strMatch = /^msgstr "(.*)"$/.exec(line);
    if (strMatch && id !== null) {
      if (id !== '') entries.set(id, JSON.parse(`"${strMatch[1] ?? ''}"`) as string);
      id = null;
    }
  }
  return entries;
}

interface Shape {
  args: string[];
  plurals: { arg: string; keys: string[] }[];
}

function shapeOf(message: string): Shape {
  const args = new Set<string>();
  const plurals: Shape['plurals'] = [];
  const walk = (tokens: Token[]): void => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') args.add(token.arg);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        args.add(token.arg);
        if (token.type === 'plural') plurals.push({ arg: token.arg, keys: token.cases.map((c) => c.key) });
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  return { args: [...args].sort(), plurals };
}

const tagsOf = (message: string): string[] => (message.match(/<\/?\d+\/?>/g) ?? []).sort();

/** What is wrong with one translation, as sentences; empty when nothing is. */
export function checkMessage(locale: string, id: string, translation: string): string[] {
  if (translation.trim() === '') return ['no translation'];
  let source: Shape;
  let target: Shape;
  try {
    source = shapeOf(id);
  } catch {
    return [];
  }
  try {
    target = shapeOf(translation);
  } catch (error) {
    return [`not a valid ICU message (${(error as Error).message})`];
  }
  const problems: string[] = [];
  const missing = source.args.filter((a) => !target.args.includes(a));
  const extra = target.args.filter((a) => !source.args.includes(a));
  if (missing.length > 0) problems.push(`placeholder missing: ${missing.map((a) => `{${a}}`).join(', ')}`);
  if (extra.length > 0) problems.push(`placeholder not in the English: ${extra.map((a) => `{${a}}`).join(', ')}`);
  if (tagsOf(id).join() !== tagsOf(translation).join()) problems.push(`tags differ: ${tagsOf(id).join(' ')} / ${tagsOf(translation).join(' ')}`);
  const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];
  for (const plural of target.plurals) {
    const keys = plural.keys.filter((k) => !k.startsWith('='));
    const lacking = needed.filter((k) => !keys.includes(k));
    const foreign = keys.filter((k) => !needed.includes(k));
    if (lacking.length > 0) problems.push(`plural {${plural.arg}} lacks ${lacking.join(', ')} (${locale} needs ${needed.join(', ')})`);
    if (foreign.length > 0) problems.push(`plural {${plural.arg}} has ${foreign.join(', ')}, which ${locale} never uses`);
  }
  return problems;
}

/** Every problem of a catalogue, each naming its message. */
export function checkCatalog(locale: string, entries: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const [id, translation] of entries) {
    for (const problem of checkMessage(locale, id, translation)) problems.push(`${locale}.po: ${problem}: "${id}"`);
  }
  return problems;
}

const termPattern = (term: string): RegExp => new RegExp(`\\b${term}(s|es)?\\b`, 'i');

/** Messages whose English uses a glossary term but whose translation uses none of its forms. */
export function checkGlossary(glossary: Glossary, entries: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const term of GLOSSARY_TERMS) {
    const entry = glossary.terms[term];
    if (!entry || entry.translation.trim() === '' || entry.forms.length === 0) {
      problems.push(`glossary ${glossary.language}: no translation of "${term}"`);
      continue;
    }
    const ignore = new Set(entry.ignore ?? []);
    for (const id of ignore) {
      if (!entries.has(id)) problems.push(`glossary ${glossary.language}: "${term}" ignores a message the catalogue lacks: "${id}"`);
    }
    for (const [id, translation] of entries) {
      if (ignore.has(id) || !termPattern(term).test(id.replace(/\{[^{}]*\}/g, ' '))) continue;
      const text = translation.toLocaleLowerCase(glossary.language);
      if (!entry.forms.some((form) => text.includes(form.toLocaleLowerCase(glossary.language)))) {
        problems.push(`glossary ${glossary.language}: "${term}" is not translated as ${entry.forms.map((f) => `"${f}"`).join(' or ')}: "${id}" → "${translation}"`);
      }
    }
  }
  return problems;
}
