import { i18n, type Messages } from '@lingui/core';
import type { LocalizedString } from '@internationalized/string';
import { directionOf, type Language } from '../domain/language';

type Catalog = () => Promise<{ messages: Messages }>;
type AriaStrings = Record<string, Record<string, LocalizedString>>;

/** Each catalogue is its own chunk, loaded only when its language is chosen. */
const catalogs: Record<Language, Catalog> = {
  ar: () => import('../locales/ar.po'),
  en: () => import('../locales/en.po'),
  he: () => import('../locales/he.po'),
  fa: () => import('../locales/fa.po'),
  ur: () => import('../locales/ur.po'),
  fr: () => import('../locales/fr.po'),
  es: () => import('../locales/es.po'),
  'pt-BR': () => import('../locales/pt-BR.po'),
  ru: () => import('../locales/ru.po'),
  tr: () => import('../locales/tr.po'),
  de: () => import('../locales/de.po'),
  id: () => import('../locales/id.po'),
};

/**
 * Faces a language needs beyond the Arabic and Latin ones every page has (`src/ui/fonts.ts`),
 * loaded with its catalogue: Hebrew, Cyrillic, Latin Extended (Turkish's ğ ş ı İ) and a Naskh face
 * for Urdu (Nastaliq's tall lines would not fit the interface's rows).
 */
const fonts: Partial<Record<Language, () => Promise<unknown>>> = {
  he: () => Promise.all([import('@fontsource/noto-sans-hebrew/hebrew-400.css'), import('@fontsource/noto-sans-hebrew/hebrew-600.css')]),
  ur: () => Promise.all([import('@fontsource/noto-naskh-arabic/arabic-400.css'), import('@fontsource/noto-naskh-arabic/arabic-600.css')]),
  ru: () => Promise.all([import('@fontsource/noto-sans/cyrillic-400.css'), import('@fontsource/noto-sans/cyrillic-600.css')]),
  tr: () => Promise.all([import('@fontsource/noto-sans/latin-ext-400.css'), import('@fontsource/noto-sans/latin-ext-600.css')]),
};

/**
 * React Aria's own strings for the languages it does not ship (fa, ur, id), given through its
 * global string dictionary: the one `LocalizedStringProvider` fills on a server-rendered page.
 * It is set from code rather than an inline script (the CSP stays strict).
 */
const ariaStrings: Partial<Record<Language, () => Promise<{ default: AriaStrings }>>> = {
  fa: () => import('./ariaStrings/fa'),
  ur: () => import('./ariaStrings/ur'),
  id: () => import('./ariaStrings/id'),
};

const ARIA_LOCALE = Symbol.for('react-aria.i18n.locale');
const ARIA_STRINGS = Symbol.for('react-aria.i18n.strings');
type AriaGlobals = { [ARIA_LOCALE]?: string; [ARIA_STRINGS]?: AriaStrings };

/**
 * Whether activating `language` needs a fresh page: React Aria reads its global dictionary once,
 * so a page that has given it one language's strings cannot give it another's (or take them back).
 */
export function needsReload(language: Language, globals: object = globalThis): boolean {
  const installed = (globals as AriaGlobals)[ARIA_LOCALE];
  return installed !== undefined && installed !== language;
}

/** Loads and activates a catalog with its fonts and React Aria strings, and sets `lang` and `dir` on the document. */
export async function activateLanguage(language: Language, root: HTMLElement | null = document.documentElement, globals: object = globalThis): Promise<void> {
  if (i18n.locale !== language) {
    const [{ messages }, aria] = await Promise.all([catalogs[language](), ariaStrings[language]?.(), fonts[language]?.()]);
    if (aria && (globals as AriaGlobals)[ARIA_LOCALE] === undefined) {
      (globals as AriaGlobals)[ARIA_STRINGS] = aria.default;
      (globals as AriaGlobals)[ARIA_LOCALE] = language;
    }
    i18n.loadAndActivate({ locale: language, messages });
  }
  if (root) {
    root.lang = language;
    root.dir = directionOf(language);
  }
}

export { i18n };
