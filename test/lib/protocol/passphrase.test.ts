import { describe, expect, it } from 'vitest';
import {
  MIN_PASSPHRASE_LENGTH,
  passphraseProblem,
  passphraseStrength,
} from '../../../lib/protocol/passphrase';
import { PrivateKey } from '../../../lib/protocol/secrets';

describe('passphraseStrength', () => {
  it.each([
    ['short1!', 'too-short'],
    ['abcdefghij', 'weak'],
    ['abcdefghijkl', 'fair'],
    ['abcDEF1234', 'fair'],
    ['abcDEF123456!x', 'strong'],
    ['a very long lowercase one', 'strong'],
    ['one two three four', 'strong'],
    ['twentycharacterslong', 'strong'],
  ])('rates %j as %s', (passphrase, strength) => {
    expect(passphraseStrength(passphrase)).toBe(strength);
  });
});

describe('passphraseProblem', () => {
  it('asks for the minimum length', () => {
    expect(MIN_PASSPHRASE_LENGTH).toBe(10);
    expect(passphraseProblem('123456789')).toBe('Use at least 10 characters.');
    expect(passphraseProblem('1234567890')).toBeNull();
  });

  it('says when the confirmation differs', () => {
    expect(passphraseProblem('long enough one', 'long enough two')).toBe(
      'The two passphrases differ.',
    );
    expect(passphraseProblem('long enough one', 'long enough one')).toBeNull();
  });
});

describe('PrivateKey', () => {
  it('accepts a key with or without 0x and gives it back with 0x', () => {
    const bare = '59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
    expect(PrivateKey.parse(` ${bare} `)).toBe(`0x${bare}`);
    expect(PrivateKey.parse(`0x${bare}`)).toBe(`0x${bare}`);
  });

  it('refuses anything but 32 bytes of hex', () => {
    expect(PrivateKey.safeParse('0x1234').success).toBe(false);
    expect(PrivateKey.safeParse(`0x${'g'.repeat(64)}`).success).toBe(false);
  });
});
