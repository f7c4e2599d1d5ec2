/** The product's languages: Arabic (the default) and English, then the ten added for issue 37. */
export const SUPPORTED_LANGUAGES = ['ar', 'en', 'he', 'fa', 'ur', 'fr', 'es', 'pt-BR', 'ru', 'tr', 'de', 'id'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ar';

/** Each language in its own name, for pickers (a name is written in its own language, never translated). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  ar: 'العربية',
  en: 'English',
  he: 'עברית',
  fa: 'فارسی',
  ur: 'اردو',
  fr: 'Français',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  ru: 'Русский',
  tr: 'Türkçe',
  de: 'Deutsch',
  id: 'Bahasa Indonesia',
};

/** The spec names ar, he and fa as right-to-left; Urdu is too (beyond the spec, recorded in docs/spec-coverage.md). */
const RTL = new Set(['ar', 'he', 'fa', 'ur']);

/**
 * Normalises `ar-SA`, `EN`, `en_US`, `pt`, `pt_br` to a supported language, or null. Portuguese of
 * any region is the Brazilian catalogue (the only Portuguese one); `iw` is Hebrew's old code.
 */
export function toLanguage(value: unknown): Language | null {
  if (typeof value !== 'string') return null;
  const base = value.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (base === 'pt') return 'pt-BR';
  if (base === 'iw') return 'he';
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(base) ? (base as Language) : null;
}

/** Language: the user attribute, then the server attribute, then the stored choice, else ar. */
export function chooseLanguage(sources: { user?: unknown; server?: unknown; stored?: unknown }): Language {
  return toLanguage(sources.user) ?? toLanguage(sources.server) ?? toLanguage(sources.stored) ?? DEFAULT_LANGUAGE;
}

export function directionOf(language: string): 'rtl' | 'ltr' {
  const base = language.toLowerCase().split(/[-_]/)[0] ?? '';
  return RTL.has(base) ? 'rtl' : 'ltr';
}

/**
 * The locale `Intl` and react-aria format with. Persian keeps its own digits but the Gregorian
 * calendar (Intl's default for `fa` is the Persian one; the issue asks for Gregorian unless chosen).
 */
export function intlLocale(language: string): string {
  return language === 'fa' ? 'fa-u-ca-gregory' : language;
}
