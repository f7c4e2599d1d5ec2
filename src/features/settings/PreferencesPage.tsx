import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { SegmentedControl } from '../../ui';
import { useServices } from '../app/services';
import { useLanguage, useSession } from '../app/hooks';
import { selectUser } from '../../machines/session/selectors';
import { toLanguage } from '../../domain/language';
import type { User } from '../../../contract/models';
import * as styles from '../app/app.css';
import { LANGUAGE_ITEMS } from '../login/LanguagePicker';

/** Preferences: the language is stored on the user (it wins over the local choice). */
export function PreferencesPage() {
  const { t } = useLingui();
  const { api, session, app } = useServices();
  const user = useSession(selectUser);
  const language = useLanguage();
  const save = useMutation({
    mutationFn: (next: User) => api.updateUser(next),
    onSuccess: (saved) => session.send({ type: 'USER_UPDATED', user: saved }),
    onError: (error) => app.system.get('errors')?.send({ type: 'PUSH', message: error.message }),
  });
  return (
    <div className={styles.centered}>
      <div className={styles.stack}>
        <h1 className={styles.heading}>{t`Preferences`}</h1>
        <SegmentedControl
          label={t`Language`}
          items={LANGUAGE_ITEMS}
          selectedKey={language}
          isDisabled={!user || save.isPending}
          onSelectionChange={(key) => {
            const chosen = toLanguage(key);
            if (chosen && user) save.mutate({ ...user, attributes: { ...user.attributes, language: chosen } });
          }}
        />
      </div>
    </div>
  );
}
