import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../ui';
import * as styles from './settings.css';

/**
 * A value to hand on (a token, a link): shown whole in a read-only text box that takes the focus
 * (to select it by hand), copied with one press; "Copied" is announced, and goes when the value
 * changes.
 */
export function CopyText({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <>
      <pre className={styles.token} data-testid={testId} role="textbox" aria-readonly="true" aria-multiline="true" aria-label={label} tabIndex={0}>
        {value}
      </pre>
      <div className={styles.actions}>
        <span role="status" className={styles.muted}>
          {copied === value ? t`Copied` : ''}
        </span>
        <Button
          variant="secondary"
          onPress={() => {
            void navigator.clipboard
              ?.writeText(value)
              .then(() => setCopied(value))
              .catch(() => undefined);
          }}
        >
          {t`Copy`}
        </Button>
      </div>
    </>
  );
}
