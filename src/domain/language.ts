export const SUPPORTED_LANGUAGES = ['ar', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ar';

const RTL = new Set(['ar', 'he', 'fa']);

/** Normalises `ar-SA`, `EN`, `en_US` to a supported language, or null. */
export function toLanguage(value: unknown): Language | null {
  if (typeof value !== 'string') return null;
  const base = value.trim().toLowerCase().split(/[-_]/)[0];
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : null;
}

/** Language: the user attribute, then the server attribute, then the stored choice, else ar. */
export function chooseLanguage(sources: { user?: unknown; server?: unknown; stored?: unknown }): Language {
  return toLanguage(sources.user) ?? toLanguage(sources.server) ?? toLanguage(sources.stored) ?? DEFAULT_LANGUAGE;
}

export function directionOf(language: string): 'rtl' | 'ltr' {
  const base = language.toLowerCase().split(/[-_]/)[0] ?? '';
  return RTL.has(base) ? 'rtl' : 'ltr';
}
