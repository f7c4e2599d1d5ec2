import { useLingui } from '@lingui/react/macro';
import { Alert } from '../../ui';
import { readOnlyReason, type SettingsScreen } from '../../domain/restrictions';
import { useSettingsContext } from '../useSettingsContext';

/**
 * Why a screen shows its items but changes nothing (the account or the server is read-only, or
 * devices are): said above its disabled form or list, rather than leaving greyed fields unexplained.
 */
export function ReadOnlyNotice({ screen, editable }: { screen: SettingsScreen; /** the page may edit anyway (one's own preferences) */ editable?: boolean }) {
  const { t } = useLingui();
  const { restrictions } = useSettingsContext();
  const reason = editable ? null : readOnlyReason(screen, restrictions);
  if (reason === null) return null;
  return (
    <Alert variant="info" title={t`Read-only`}>
      {reason === 'readonly'
        ? t`Your account can look at these settings but not change them. An administrator can change that.`
        : t`Your account can look at devices but not add, change or remove them. An administrator can change that.`}
    </Alert>
  );
}
