import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Button, TextField, Link, Alert } from '../../ui';
import { useServices } from '../../shared/services';
import { useCatalogueText } from '../../shared/catalogue';
import { toastText } from '../../domain/errors';
import { PasswordField, PublicForm, PublicLayout } from './PublicLayout';
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
    <PublicLayout title={t`Reset password`}>
      {failure && <Alert variant="error">{text(toastText(failure.message))}</Alert>}
      {token === null ? (
        request.isSuccess ? (
          <Alert variant="info">{t`If the address belongs to an account, a link to set a new password has been sent to it.`}</Alert>
        ) : (
          <PublicForm onSubmit={() => request.mutate(email.trim())}>
            <TextField label={t`Email`} name="email" type="email" autoComplete="email" value={email} onChange={setEmail} isRequired autoFocus />
            <Button type="submit" isPending={request.isPending} fullWidth>
              {t`Send reset link`}
            </Button>
          </PublicForm>
        )
      ) : update.isSuccess ? (
        <Alert variant="info">{t`Your password has been changed. You can sign in now.`}</Alert>
      ) : (
        <PublicForm onSubmit={() => update.mutate({ token, password })}>
          <PasswordField label={t`New password`} autoComplete="new-password" value={password} onChange={setPassword} autoFocus />
          <Button type="submit" isPending={update.isPending} fullWidth>
            {t`Set password`}
          </Button>
        </PublicForm>
      )}
      <Link href="/login">{t`Back to sign in`}</Link>
    </PublicLayout>
  );
}
