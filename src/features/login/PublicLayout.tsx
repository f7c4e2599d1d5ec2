import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { AuthLayout } from '../../ui';
import { LanguagePicker } from './LanguagePicker';
import * as styles from '../../shared/app.css';

/** Every public page (sign in, register, reset password, change server): the card, and the language choice under it. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return (
    <AuthLayout productName={t`Athar`}>
      <div className={styles.stack}>
        {children}
        <LanguagePicker />
      </div>
    </AuthLayout>
  );
}
