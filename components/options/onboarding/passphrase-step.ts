import {
  MIN_PASSPHRASE_LENGTH,
  type PassphraseStrength,
  passphraseProblem,
  passphraseStrength,
} from '../../../lib/protocol/passphrase';
import type { FieldIssues } from '../../common/field-issues';

export type PassphraseField = 'passphrase' | 'confirmation';

/** What the strength meter shows: a word, a fill level out of 4, and advice. */
export interface StrengthHint {
  strength: PassphraseStrength;
  label: string;
  level: 0 | 1 | 2 | 3;
  advice: string;
}

const HINTS: Record<PassphraseStrength, Omit<StrengthHint, 'strength'>> = {
  'too-short': {
    label: 'Too short',
    level: 0,
    advice: `Use at least ${MIN_PASSPHRASE_LENGTH} characters.`,
  },
  weak: {
    label: 'Weak',
    level: 1,
    advice: 'Longer is better: four or more words, or mix cases, digits and symbols.',
  },
  fair: { label: 'Fair', level: 2, advice: 'A few more characters or words make it strong.' },
  strong: { label: 'Strong', level: 3, advice: 'Good: this is hard to guess.' },
};

export function strengthHint(passphrase: string): StrengthHint {
  const strength = passphraseStrength(passphrase);
  return { strength, ...HINTS[strength] };
}

/** The vault refuses passphrases shorter than the minimum; the two entries must agree. */
export function checkPassphrasePair(
  passphrase: string,
  confirmation: string,
): FieldIssues<PassphraseField> {
  const alone = passphraseProblem(passphrase);
  if (alone) return { passphrase: alone };
  const pair = passphraseProblem(passphrase, confirmation);
  return pair ? { confirmation: pair } : {};
}
