import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button, TextField, Link, Alert } from '../../ui';
import { useServices } from '../../shared/services';
import { useData } from '../../shared/data';
import { useSession } from '../../shared/hooks';
import { selectBusy, selectServer } from '../../machines/session/selectors';
import { PasswordField, PublicForm, PublicLayout } from './PublicLayout';
import { WithQuery } from '../../shared/query';
import { TotpKey } from '../../shared/TotpKey';

export function RegisterPage() {
  return (
    <WithQuery>
      <RegisterForm />
    </WithQuery>
  );
}

function RegisterForm() {
  const { t } = useLingui();
  const { session } = useServices();
  const { queries } = useData();
  const server = useSession(selectServer);
  const busy = useSession(selectBusy);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const totpForce = server?.attributes?.totpForce === true || server?.attributes?.totpForce === 'true';
  const totp = useQuery({ ...queries.totpKey(), enabled: totpForce });
  const allowed = Boolean(server?.newServer || server?.registration);

  return (
    <PublicLayout title={t`Register`}>
      {server?.newServer && <Alert variant="info">{t`This server is new: the first account becomes its administrator.`}</Alert>}
      {!allowed && <Alert variant="error">{t`Registration is disabled on this server.`}</Alert>}
      {/* with registration off there is nothing to fill in: only the notice and the way back */}
      {allowed && (
        <PublicForm
          onSubmit={() => {
            session.send({ type: 'REGISTER', name: name.trim(), email: email.trim(), password, totpKey: totp.data ?? null });
          }}
        >
          <TextField label={t`Name`} name="name" autoComplete="name" value={name} onChange={setName} isRequired autoFocus />
          <TextField label={t`Email`} name="email" type="email" autoComplete="email" value={email} onChange={setEmail} isRequired />
          <PasswordField label={t`Password`} autoComplete="new-password" value={password} onChange={setPassword} />
          {totpForce && totp.data && (
            <TotpKey account={email} totpKey={totp.data} description={t`Add this key to your authenticator app.`} />
          )}
          <Button type="submit" isPending={busy} isDisabled={totpForce && !totp.data} fullWidth>
            {t`Register`}
          </Button>
        </PublicForm>
      )}
      {!server?.newServer && <Link href="/login">{t`Back to sign in`}</Link>}
    </PublicLayout>
  );
}
