import { useLingui } from '@lingui/react/macro';
import { Alert } from '../../ui';
import * as styles from './settings.css';

/** A direct URL to a screen this user may not open: said plainly, nothing of the screen loaded. */
export function Refusal() {
  const { t } = useLingui();
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t`Not allowed`}</h1>
      <Alert variant="error">{t`Your account is not allowed to open this page. Ask an administrator if you need it.`}</Alert>
    </div>
  );
}
