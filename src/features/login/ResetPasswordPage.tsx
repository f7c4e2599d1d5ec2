import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Button, TextField, Link, Alert } from '../../ui';
import { useServices } from '../../shared/services';
import { useCatalogueText } from '../../shared/catalogue';
import { useRequest } from '../../shared/useRequest';
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
  const request = useRequest<string, unknown>((address) => api.resetPassword(address));
  const update = useRequest<{ token: string; password: string }, unknown>((next) => api.updatePassword(next.token, next.password));
  // the server's reason without a Java exception's name, in the user's language; or "no answer"
  const failed = request.error ?? update.error;
  const failure = failed !== null ? text(toastText(failed)) : (request.errorText ?? update.errorText);

  return (
    <PublicLayout title={t`Reset password`}>
      {failure && <Alert variant="error">{failure}</Alert>}
      {token === null ? (
        request.state === 'done' ? (
          <Alert variant="info">{t`If the address belongs to an account, a link to set a new password has been sent to it.`}</Alert>
        ) : (
          <PublicForm onSubmit={() => request.run(email.trim())}>
            <TextField label={t`Email`} name="email" type="email" autoComplete="email" value={email} onChange={setEmail} isRequired autoFocus />
            <Button type="submit" isPending={request.pending} fullWidth>
              {t`Send reset link`}
            </Button>
          </PublicForm>
        )
      ) : update.state === 'done' ? (
        <Alert variant="info">{t`Your password has been changed. You can sign in now.`}</Alert>
      ) : (
        <PublicForm onSubmit={() => update.run({ token, password })}>
          <PasswordField label={t`New password`} autoComplete="new-password" value={password} onChange={setPassword} autoFocus />
          <Button type="submit" isPending={update.pending} fullWidth>
            {t`Set password`}
          </Button>
        </PublicForm>
      )}
      <Link href="/login">{t`Back to sign in`}</Link>
    </PublicLayout>
  );
}
