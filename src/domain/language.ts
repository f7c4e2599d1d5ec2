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

/** A letter of any script: what gives a text a strong direction of its own. */
const LETTER = /\p{L}/u;

/**
 * The direction to isolate a value in (`<bdi dir>`): left to right when it has no letter, as a signed
 * number, a decimal coordinate or a course in degrees, which a right-to-left line would otherwise
 * reorder ("-1" shown as "1-", the degree sign before the number); its own first strong letter's
 * (`auto`) otherwise, so "40 كم/س" stays right to left and "24° 42′ N" left to right.
 */
export function valueDirection(text: string): 'ltr' | 'auto' {
  return LETTER.test(text) ? 'auto' : 'ltr';
}
