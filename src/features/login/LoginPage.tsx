import { lazy, Suspense, useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { Button, TextField, Link, Alert } from '../../ui';
import { useServices } from '../../shared/services';
import { useSession } from '../../shared/hooks';
import { selectBusy, selectDestination, selectLoginError, selectNeedsCode, selectRegistered, selectServer, selectSetupKey } from '../../machines/session/selectors';
import * as styles from '../../shared/app.css';
import { PasswordField, PublicForm, PublicLayout } from './PublicLayout';
import { prefetchMapWhileIdle } from './prefetchWhileIdle';

/** The key to set up (a forced one-time password), with its QR code: loaded only when a sign-in needs it. */
const TotpSetup = lazy(() => import('../../shared/TotpKey'));

/** `loadMapCode`: the first map's code, fetched while the form waits (prefetchWhileIdle.ts). */
export function LoginPage({ loadMapCode }: { loadMapCode: () => Promise<void> }) {
  const { t } = useLingui();
  const { session, backendOrigin } = useServices();
  const server = useSession(selectServer);
  const busy = useSession(selectBusy);
  const setupKey = useSession(selectSetupKey);
  const needsCode = useSession(selectNeedsCode) || setupKey !== null;
  const loginError = useSession(selectLoginError);
  const registered = useSession(selectRegistered);
  const destination = useSession(selectDestination);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  /** Set by a submit with an empty field: the form shows what is missing and sends nothing. */
  const [missing, setMissing] = useState(false);
  /** The server's announcement (`announcement`), shown as text until closed, as Traccar's sign-in page does. */
  const [announcementClosed, setAnnouncementClosed] = useState(false);
  const announcement = server?.announcement;
  const emailMissing = missing && email.trim() === '';
  const passwordMissing = missing && password === '';

  const openIdOnly = Boolean(server?.openIdEnabled && server.openIdForce);
  const changeServer = server?.attributes?.disableChange !== true && server?.attributes?.disableChange !== 'true';
  // while the form waits, the map route's code and first data come in, started once the page is idle (one effect, no flow)
  const router = useRouter();
  useEffect(() => prefetchMapWhileIdle(router, loadMapCode), [router, loadMapCode]);

  return (
    <PublicLayout title={t`Sign in`}>
      {announcement && !announcementClosed && (
        <Alert variant="info" onDismiss={() => setAnnouncementClosed(true)} dismissLabel={t`Close the announcement`}>
          <span dir="auto">{announcement}</span>
        </Alert>
      )}
      {registered && <Alert variant="info">{t`Your account was created. You can sign in now.`}</Alert>}
      {loginError === 'link' && <Alert variant="error">{t`This sign-in link has expired or is no longer valid. Sign in, or ask for a new link.`}</Alert>}
      {!openIdOnly && (
        <PublicForm
          // The server's verdict marks the fields; it must not block the next attempt.
          validationBehavior="aria"
          onSubmit={() => {
            if (email.trim() === '' || password === '') {
              setMissing(true);
              return;
            }
            session.send({ type: 'LOGIN', email: email.trim(), password, code: needsCode ? code.trim() : null });
          }}
        >
          <TextField
            label={t`Email`}
            name="email"
            type="text"
            autoComplete="username"
            value={email}
            onChange={setEmail}
            isRequired
            autoFocus
            isInvalid={emailMissing || loginError === 'credentials'}
            errorMessage={emailMissing ? t`Enter your email` : loginError === 'credentials' ? t`Incorrect email address or password` : undefined}
          />
          <PasswordField
            label={t`Password`}
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            isInvalid={passwordMissing || loginError === 'credentials'}
            errorMessage={passwordMissing ? t`Enter your password` : undefined}
          />
          {setupKey !== null && (
            <Suspense fallback={null}>
              <TotpSetup account={email.trim()} totpKey={setupKey} />
            </Suspense>
          )}
          {needsCode && (
            <TextField
              label={t`One-time code`}
              description={t`Enter the code from your authenticator app.`}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={setCode}
              isRequired
              autoFocus
              isInvalid={loginError === 'code'}
              errorMessage={loginError === 'code' ? t`The code is not valid` : undefined}
            />
          )}
          <Button type="submit" isPending={busy} fullWidth>
            {t`Sign in`}
          </Button>
          {needsCode && (
            <Button variant="quiet" onPress={() => session.send({ type: 'CANCEL_CODE' })}>
              {t`Back`}
            </Button>
          )}
        </PublicForm>
      )}
      {server?.openIdEnabled && (
        // `_top`: a document navigation to the server, which redirects to the provider (react-aria
        // routes a same-origin `_self` link client-side); `path` is kept for after the sign-in.
        <Link href={`${backendOrigin}/api/session/openid/auth${destination ? `?path=${encodeURIComponent(destination)}` : ''}`} target="_top">
          {t`Sign in with OpenID`}
        </Link>
      )}
      <div className={styles.row}>
        {server?.registration && <Link href="/register">{t`Register`}</Link>}
        {server?.emailEnabled && <Link href="/reset-password">{t`Forgot password?`}</Link>}
        {changeServer && <Link href="/change-server">{t`Change server`}</Link>}
      </div>
    </PublicLayout>
  );
}
