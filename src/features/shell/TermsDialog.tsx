import { useLingui } from '@lingui/react/macro';
import { AlertDialog, Link } from '../../ui';
import { useServices } from '../../shared/services';
import { useSession } from '../../shared/hooks';
import { selectBusy, selectServer, selectTermsPending } from '../../machines/session/selectors';
import { safeLinkUrl } from '../../domain/urls';

/** Blocks the app until the terms are accepted; Cancel signs out. */
export function TermsDialog() {
  const { t } = useLingui();
  const { session } = useServices();
  const pending = useSession(selectTermsPending);
  const busy = useSession(selectBusy);
  const server = useSession(selectServer);
  if (!pending) return null;
  const termsUrl = safeLinkUrl(server?.attributes?.termsUrl, window.location.origin);
  const privacyUrl = safeLinkUrl(server?.attributes?.privacyUrl, window.location.origin);
  return (
    <AlertDialog
      title={t`Terms of use`}
      primaryActionLabel={t`Accept`}
      cancelLabel={t`Cancel`}
      onPrimaryAction={() => session.send({ type: 'ACCEPT_TERMS' })}
      onCancel={() => session.send({ type: 'CANCEL_TERMS' })}
      isPrimaryActionPending={busy}
      escapeCancels={false}
    >
      <p>{t`To continue, read and accept the terms of use.`}</p>
      {termsUrl && (
        <p>
          <Link href={termsUrl} target="_blank" rel="noopener noreferrer">
            {t`Terms of use`}
          </Link>
        </p>
      )}
      {privacyUrl && (
        <p>
          <Link href={privacyUrl} target="_blank" rel="noopener noreferrer">
            {t`Privacy policy`}
          </Link>
        </p>
      )}
    </AlertDialog>
  );
}
