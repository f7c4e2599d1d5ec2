import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert, Button, DatePicker } from '../../ui';
import { useServices } from '../app/services';
import { useCatalogueText } from '../app/catalogue';
import { CopyText } from './CopyText';
import * as styles from './settings.css';

const WEEK = 7 * 24 * 3600 * 1000;

/** An API token for scripts and integrations (`POST /api/session/token`), with its expiration, copyable. */
export function TokenField() {
  const { t } = useLingui();
  const { api } = useServices();
  const catalogue = useCatalogueText();
  const [expiration, setExpiration] = useState<string | null>(() => new Date(Date.now() + WEEK).toISOString());
  const [token, setToken] = useState<string | null>(null);
  const [state, setState] = useState<{ pending: boolean; error: string | null }>({ pending: false, error: null });
  return (
    <div className={styles.form}>
      <DatePicker
        label={t`Expiration`}
        value={expiration}
        onChange={setExpiration}
        previousLabel={t`Previous month`}
        nextLabel={t`Next month`}
        openLabel={t`Open calendar`}
      />
      <div className={styles.actions}>
        <Button
          variant="secondary"
          isPending={state.pending}
          isDisabled={!expiration}
          onPress={() => {
            setState({ pending: true, error: null });
            api
              .createToken(new Date(expiration ?? Date.now() + WEEK))
              .then((text) => {
                setToken(text.trim());
                setState({ pending: false, error: null });
              })
              .catch((error: unknown) => setState({ pending: false, error: catalogue(error instanceof Error ? error.message : String(error)) }));
          }}
        >
          {t`Generate token`}
        </Button>
      </div>
      {state.error ? <Alert variant="error">{state.error}</Alert> : null}
      {token ? <CopyText value={token} label={t`API token`} testId="api-token" /> : null}
    </div>
  );
}
