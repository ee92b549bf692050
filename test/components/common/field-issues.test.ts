import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldIssues, refusalFor, sentence } from '../../../components/common/field-issues';

describe('field issues', () => {
  it('keeps the first message of each field, as a sentence', () => {
    const schema = z.object({
      a: z.string().min(3, 'too short').regex(/^x/, 'starts with x'),
      b: z.object({ c: z.number({ message: 'a number' }) }),
    });
    const parsed = schema.safeParse({ a: 'y', b: { c: 'no' } });
    if (parsed.success) throw new Error('expected issues');
    expect(fieldIssues(parsed.error)).toEqual({ a: 'Too short.', b: 'A number.' });
  });

  it('makes one sentence without doubling the period', () => {
    expect(sentence('enter the token id')).toBe('Enter the token id.');
    expect(sentence('Done!')).toBe('Done!');
    expect(sentence('  ')).toBe('');
  });

  it('finds the refusal meant for one field', () => {
    const info = {
      kind: 'validation' as const,
      source: 'client' as const,
      issues: [{ field: 'passphrase', message: 'That passphrase does not open the vault.' }],
    };
    expect(refusalFor(info, 'passphrase')).toBe('That passphrase does not open the vault.');
    expect(refusalFor(info, 'privateKey')).toBeUndefined();
    expect(refusalFor({ kind: 'forbidden', message: 'no' }, 'passphrase')).toBeUndefined();
    expect(refusalFor(null, 'passphrase')).toBeUndefined();
  });
});
