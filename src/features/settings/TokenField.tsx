import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert, Button, DatePicker } from '../../ui';
import { useServices } from '../../shared/services';
import { useRequest } from '../../shared/useRequest';
import { CopyText } from '../../shared/entity/CopyText';
import * as styles from '../../shared/entity/settings.css';

const WEEK = 7 * 24 * 3600 * 1000;

/** An API token for scripts and integrations (`POST /api/session/token`), with its expiration, copyable. */
export function TokenField() {
  const { t } = useLingui();
  const { api } = useServices();
  const [expiration, setExpiration] = useState<string | null>(() => new Date(Date.now() + WEEK).toISOString());
  const token = useRequest((until: Date) => api.createToken(until).then((text) => text.trim()));
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
        <Button variant="secondary" isPending={token.pending} isDisabled={!expiration} onPress={() => token.run(new Date(expiration ?? Date.now() + WEEK))}>
          {t`Generate token`}
        </Button>
      </div>
      {token.errorText ? <Alert variant="error">{token.errorText}</Alert> : null}
      {token.output ? <CopyText value={token.output} label={t`API token`} testId="api-token" /> : null}
    </div>
  );
}
