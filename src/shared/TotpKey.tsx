/**
 * A one-time password key for an authenticator app: its QR code (an `otpauth://` URI) and the key
 * as text to type in by hand. The sign-in that must set one up (a forced one-time password), the
 * registration page and the user form's key field show it.
 */
import { useLingui } from '@lingui/react/macro';
import { Alert } from '../ui';
import { CopyText } from './entity/CopyText';
import { QrCode } from './entity/QrCode';
import * as styles from './TotpKey.css';

/** The `otpauth://` URI an authenticator app reads from the QR code. */
export function totpUri(account: string, key: string): string {
  return `otpauth://totp/${encodeURIComponent(account)}?secret=${encodeURIComponent(key)}&issuer=Athar`;
}

/** The key's QR code, labelled for a screen reader. */
export function TotpQrCode({ account, totpKey }: { account: string; totpKey: string }) {
  const { t } = useLingui();
  return <QrCode value={totpUri(account, totpKey)} label={t`QR code of the one-time password key`} className={styles.qr} />;
}

/** The QR code and the key as text, whole and copied with one press (to type in when the camera cannot scan). */
export function TotpKey({ account, totpKey, description }: { account: string; totpKey: string; description?: string }) {
  const { t } = useLingui();
  return (
    <div className={styles.key}>
      {description ? <p className={styles.description}>{description}</p> : null}
      <TotpQrCode account={account} totpKey={totpKey} />
      <CopyText value={totpKey} label={t`One-time password key`} />
    </div>
  );
}

/** The sign-in's step when the server forces a one-time password and the user has no key yet (the sign-in page's lazy part). */
export default function TotpSetup({ account, totpKey }: { account: string; totpKey: string }) {
  const { t } = useLingui();
  return (
    <>
      <Alert variant="info">{t`This server asks for a one-time password at every sign-in. Add this key to your authenticator app, then enter the code it shows.`}</Alert>
      <TotpKey account={account} totpKey={totpKey} />
    </>
  );
}
