import { useLingui } from '@lingui/react/macro';
import { CONNECTION_ERROR } from '../api/client';

/**
 * Messages of the error catalogue arrive as English text (from the API client, the socket and
 * the server); this maps the known ones to the active language and leaves server text as it is.
 */
export function useCatalogueText(): (message: string) => string {
  const { t } = useLingui();
  const known: Record<string, string> = {
    [CONNECTION_ERROR]: t`Connection error`,
    'Web socket connection error': t`Web socket connection error`,
    'Invalid parameters or constraints violation': t`Invalid parameters or constraints violation`,
    "Can't be zero": t`Can't be zero`,
    'Incorrect email address or password': t`Incorrect email address or password`,
  };
  return (message) => known[message] ?? message;
}
