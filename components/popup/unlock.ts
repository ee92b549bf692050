import { type ClientErrorInfo, errorSentence } from '../../lib/core/client/errors';

/**
 * The sentence under the passphrase field. A wrong passphrase comes back as a
 * validation issue on `passphrase` whose message is already a sentence for a person
 * ("That passphrase does not open the vault."); anything else reads as usual.
 */
export function unlockErrorSentence(error: ClientErrorInfo): string {
  if (error.kind === 'validation') {
    const issue = error.issues.find((i) => i.field === 'passphrase');
    if (issue) return /[.!?]$/.test(issue.message) ? issue.message : `${issue.message}.`;
  }
  return errorSentence(error);
}
