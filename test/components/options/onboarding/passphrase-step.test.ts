import { describe, expect, it } from 'vitest';
import {
  checkPassphrasePair,
  strengthHint,
} from '../../../../components/options/onboarding/passphrase-step';

describe('passphrase step', () => {
  it('rates passphrases from too short to strong', () => {
    expect(strengthHint('short').label).toBe('Too short');
    expect(strengthHint('abcdefghij').label).toBe('Weak');
    expect(strengthHint('abcdefghijkl').label).toBe('Fair');
    expect(strengthHint('correct horse battery staple').label).toBe('Strong');
  });

  it('refuses a passphrase the vault would refuse', () => {
    expect(checkPassphrasePair('short', 'short')).toEqual({
      passphrase: 'Use at least 10 characters.',
    });
  });

  it('refuses two different entries, on the confirmation', () => {
    expect(checkPassphrasePair('correct horse battery', 'correct horse battery!')).toEqual({
      confirmation: 'The two passphrases differ.',
    });
  });

  it('accepts matching, long enough entries', () => {
    expect(checkPassphrasePair('correct horse battery', 'correct horse battery')).toEqual({});
  });
});
