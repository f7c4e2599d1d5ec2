import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../ui';
import * as styles from './settings.css';

/** A value to hand on (a token, a link), shown whole and copied with one press. */
export function CopyText({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  return (
    <>
      <pre className={styles.token} data-testid={testId} aria-label={label}>
        {value}
      </pre>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onPress={() => {
            void navigator.clipboard
              ?.writeText(value)
              .then(() => setCopied(true))
              .catch(() => undefined);
          }}
        >
          {copied ? t`Copied` : t`Copy`}
        </Button>
      </div>
    </>
  );
}
