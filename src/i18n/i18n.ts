import { i18n, type Messages } from '@lingui/core';
import { directionOf, type Language } from '../domain/language';

const catalogs: Record<Language, () => Promise<{ messages: Messages }>> = {
  ar: () => import('../locales/ar.po'),
  en: () => import('../locales/en.po'),
};

/** Loads and activates a catalog, and sets `lang` and `dir` on the document. */
export async function activateLanguage(language: Language, root: HTMLElement | null = document.documentElement): Promise<void> {
  if (i18n.locale !== language) {
    const { messages } = await catalogs[language]();
    i18n.loadAndActivate({ locale: language, messages });
  }
  if (root) {
    root.lang = language;
    root.dir = directionOf(language);
  }
}

export { i18n };
