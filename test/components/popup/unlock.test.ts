import { describe, expect, it } from 'vitest';
import { unlockErrorSentence } from '../../../components/popup/unlock';

describe('unlockErrorSentence', () => {
  it('says a wrong passphrase in the vault’s own words', () => {
    expect(
      unlockErrorSentence({
        kind: 'validation',
        source: 'client',
        issues: [{ field: 'passphrase', message: 'That passphrase does not open the vault.' }],
      }),
    ).toBe('That passphrase does not open the vault.');
  });

  it('ends a passphrase issue without a full stop with one', () => {
    expect(
      unlockErrorSentence({
        kind: 'validation',
        source: 'client',
        issues: [{ field: 'passphrase', message: 'too short' }],
      }),
    ).toBe('too short.');
  });

  it('reads any other failure as the usual sentence', () => {
    expect(
      unlockErrorSentence({
        kind: 'unavailable',
        message: "The extension's background did not answer.",
      }),
    ).toBe("The extension's background did not answer.");
  });
});
