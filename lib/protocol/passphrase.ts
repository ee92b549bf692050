export const MIN_PASSPHRASE_LENGTH = 10;

export type PassphraseStrength = 'too-short' | 'weak' | 'fair' | 'strong';

/**
 * A rough strength hint (length and variety): the vault's real protection is PBKDF2 with
 * 600,000 iterations, but a short passphrase is still guessable offline.
 */
export function passphraseStrength(passphrase: string): PassphraseStrength {
  if (passphrase.length < MIN_PASSPHRASE_LENGTH) return 'too-short';
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) =>
    re.test(passphrase),
  ).length;
  const words = passphrase.trim().split(/\s+/).length;
  if (passphrase.length >= 20 || (passphrase.length >= 14 && classes >= 3) || words >= 4)
    return 'strong';
  if (passphrase.length >= 12 || classes >= 3) return 'fair';
  return 'weak';
}

export function passphraseProblem(passphrase: string, confirmation?: string): string | null {
  if (passphrase.length < MIN_PASSPHRASE_LENGTH) {
    return `Use at least ${MIN_PASSPHRASE_LENGTH} characters.`;
  }
  if (confirmation !== undefined && confirmation !== passphrase)
    return 'The two passphrases differ.';
  return null;
}
