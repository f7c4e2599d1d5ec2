import type { ReactElement } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../ui';
import * as styles from './UpdatePrompt.css';

export interface UpdatePromptProps {
  onRefresh: () => void;
  onDismiss: () => void;
  /** Pressed Refresh: the new version is activating and the page reloads. */
  refreshing: boolean;
}

/**
 * A new build's service worker is waiting: a small banner (not a dialog: it takes no focus and
 * blocks nothing) offering Refresh, which reloads under the new version, or Later.
 */
export default function UpdatePrompt({ onRefresh, onDismiss, refreshing }: UpdatePromptProps): ReactElement | null {
  const { t } = useLingui();
  return (
    <section className={styles.prompt} aria-label={t`App update`} data-testid="update-prompt">
      <p className={styles.message} role="status">
        {t`A new version of Athar is available.`}
      </p>
      <div className={styles.actions}>
        <Button variant="quiet" onPress={onDismiss} isDisabled={refreshing}>
          {t`Later`}
        </Button>
        <Button variant="primary" onPress={onRefresh} isPending={refreshing}>
          {t`Refresh`}
        </Button>
      </div>
    </section>
  );
}
