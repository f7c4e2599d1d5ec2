import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, TextField, Link, Alert } from '../../ui';
import { useServices } from '../../shared/services';
import { useCatalogueText } from '../../shared/catalogue';
import { toastText } from '../../domain/errors';
import * as styles from '../../shared/app.css';
import { PublicLayout } from './PublicLayout';
import { WithQuery } from '../../shared/query';

/** Without a token: ask for the reset e-mail. With `?passwordReset=`: set the new password. */
export function ResetPasswordPage({ token }: { token: string | null }) {
  return (
    <WithQuery>
      <ResetPasswordForm token={token} />
    </WithQuery>
  );
}

function ResetPasswordForm({ token }: { token: string | null }) {
  const { t } = useLingui();
  const { api } = useServices();
  const text = useCatalogueText();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const request = useMutation({ mutationFn: (address: string) => api.resetPassword(address) });
  const update = useMutation({ mutationFn: (next: { token: string; password: string }) => api.updatePassword(next.token, next.password) });
  const failure = request.error ?? update.error;

  return (
    <PublicLayout>
        <h1 className={styles.heading}>{t`Reset password`}</h1>
        {failure && <Alert variant="error">{text(toastText(failure.message))}</Alert>}
        {token === null ? (
          request.isSuccess ? (
            <Alert variant="info">{t`If the address belongs to an account, a link to set a new password has been sent to it.`}</Alert>
          ) : (
            <Form
              className={styles.stack}
              onSubmit={(event) => {
                event.preventDefault();
                request.mutate(email.trim());
              }}
            >
              <TextField label={t`Email`} name="email" type="email" autoComplete="email" value={email} onChange={setEmail} isRequired autoFocus />
              <Button type="submit" isPending={request.isPending} fullWidth>
                {t`Send reset link`}
              </Button>
            </Form>
          )
        ) : update.isSuccess ? (
          <Alert variant="info">{t`Your password has been changed. You can sign in now.`}</Alert>
        ) : (
          <Form
            className={styles.stack}
            onSubmit={(event) => {
              event.preventDefault();
              update.mutate({ token, password });
            }}
          >
            <TextField
              label={t`New password`}
              name="password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={setPassword}
              isRequired
              autoFocus
            />
            <Button type="submit" isPending={update.isPending} fullWidth>
              {t`Set password`}
            </Button>
          </Form>
        )}
        <Link href="/login">{t`Back to sign in`}</Link>
    </PublicLayout>
  );
}
