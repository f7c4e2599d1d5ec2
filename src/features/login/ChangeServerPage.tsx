import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Button, TextField, Link } from '../../ui';
import { useServices } from '../../shared/services';
import { acceptableOrigin } from '../../api/origin';
import * as styles from '../../shared/app.css';
import { PublicForm, PublicLayout } from './PublicLayout';

/**
 * Points the client at another Traccar server. Only `https:` addresses (or this site's own
 * origin) are accepted; the page reloads so every request and the socket use the new origin.
 */
export function ChangeServerPage() {
  const { t } = useLingui();
  const { serverChoice, backendOrigin } = useServices();
  const [value, setValue] = useState(backendOrigin || window.location.origin);
  const [touched, setTouched] = useState(false);
  const origin = acceptableOrigin(value, window.location.origin);
  const invalid = touched && origin === null;

  return (
    <PublicLayout title={t`Change server`}>
      <p className={styles.muted}>{t`The address of the Traccar server this client talks to.`}</p>
      <PublicForm
        onSubmit={() => {
          setTouched(true);
          if (origin === null) return;
          serverChoice.set(origin || null);
          window.location.assign('/');
        }}
      >
        <TextField
          label={t`Server address`}
          name="server"
          type="url"
          inputMode="url"
          value={value}
          onChange={(next) => {
            setValue(next);
            setTouched(true);
          }}
          isRequired
          isInvalid={invalid}
          errorMessage={invalid ? t`Use an https:// address, or this site's own address.` : undefined}
        />
        <div className={styles.row}>
          <Button type="submit">{t`Save`}</Button>
          <Button
            variant="secondary"
            onPress={() => {
              serverChoice.set(null);
              window.location.assign('/');
            }}
          >
            {t`Use this site's server`}
          </Button>
        </div>
      </PublicForm>
      <Link href="/login">{t`Back to sign in`}</Link>
    </PublicLayout>
  );
}
