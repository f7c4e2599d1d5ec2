import { useLingui } from '@lingui/react/macro';
import { Select } from '../../ui';
import { useServices } from '../../shared/services';
import { useLanguage } from '../../shared/hooks';
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES, toLanguage } from '../../domain/language';

/** The languages, each named in its own language (and tagged with it, for screen readers). */
export const LANGUAGE_ITEMS = SUPPORTED_LANGUAGES.map((id) => ({ id, label: LANGUAGE_NAMES[id], lang: id }));

/** The language choice of the public screens, stored locally: a select of the twelve languages. */
export default function LanguageSelect() {
  const { t } = useLingui();
  const { languages } = useServices();
  const language = useLanguage();
  return (
    <Select
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
