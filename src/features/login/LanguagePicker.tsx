import { lazy, Suspense } from 'react';
import { useLingui } from '@lingui/react/macro';
import { SelectPlaceholder } from '../../ui/SelectPlaceholder';
import { useLanguage } from '../../shared/hooks';
import { LANGUAGE_NAMES } from '../../domain/language';

/** The select and its list load after the sign-in form (the sign-in page's first bundle stays small). */
const LanguageSelect = lazy(() => import('./LanguageSelect'));

/** The language choice of the public screens: its shape at once, the select a moment later. */
export function LanguagePicker() {
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <Suspense fallback={<SelectPlaceholder label={t`Language`} value={LANGUAGE_NAMES[language]} />}>
      <LanguageSelect />
    </Suspense>
  );
}
