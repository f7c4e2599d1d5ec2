import { useLingui } from '@lingui/react/macro';
import { ToggleChoice } from '../../ui';
import { useServices } from '../../shared/services';
import { useLanguage } from '../../shared/hooks';
import { toLanguage } from '../../domain/language';

/** The languages, each named in its own language. */
export const LANGUAGE_ITEMS = [
  { id: 'ar', label: 'العربية', lang: 'ar' },
  { id: 'en', label: 'English', lang: 'en' },
] as const;

/** The language choice of the public screens: stored locally (toggle buttons: the lightest choice for the login bundle). */
export function LanguagePicker() {
  const { t } = useLingui();
  const { languages } = useServices();
  const language = useLanguage();
  return (
    <ToggleChoice
      label={t`Language`}
      items={LANGUAGE_ITEMS}
      selectedKey={language}
      onSelectionChange={(key) => {
        const chosen = toLanguage(key);
        if (chosen) languages.set(chosen);
      }}
    />
  );
}
