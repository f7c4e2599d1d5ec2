import { useLingui } from '@lingui/react/macro';
import type { User } from '../../../contract/models';
import { Alert } from '../../ui';
import { useUnitFormatters } from '../../shared/useUnits';

/**
 * The Account of a session opened by a share link: what it is (not an account of one's own, so no
 * email or password), what it shows and until when. The share's user is named after what was shared.
 */
export function ShareSessionNotice({ user }: { user: User }) {
  const { t } = useLingui();
  const until = useUnitFormatters().dateTime(user.expirationTime, { dateStyle: 'medium', timeStyle: 'short' });
  // isolated (FSI … PDI): a Latin name keeps its own direction inside an Arabic sentence
  const name = `\u2068${user.name}\u2069`;
  return (
    <Alert variant="info" title={t`Shared link`}>
      {until ? t`This session was opened by a share link. It shows ${name} live, read-only, until ${until}.` : t`This session was opened by a share link. It shows ${name} live, read-only.`}
    </Alert>
  );
}
