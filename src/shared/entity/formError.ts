import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { toastText } from '../../domain/errors';

/**
 * The message of a failed save as the form shows it: the server's first line (its exception
 * prefix removed), with the known cases said plainly in the user's language.
 */
export function formError(i18n: I18n, message: string, catalogue: (message: string) => string): string {
  const text = toastText(message);
  if (/duplicate|unique/i.test(text) && /uniqueid|identifier/i.test(text)) {
    return i18n._(msg`This identifier is already used by another device. Each device needs its own identifier.`);
  }
  if (/duplicate|unique/i.test(text) && /email|login/i.test(text)) {
    return i18n._(msg`This email is already used by another user.`);
  }
  if (/limit/i.test(text) && /device/i.test(text)) return i18n._(msg`The device limit of this account is reached.`);
  return catalogue(text);
}
