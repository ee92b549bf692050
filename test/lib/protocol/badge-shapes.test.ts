import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBadgeEntry, isBadgesPortMessage } from '../../../lib/protocol/badge-shapes';
import { BadgeEntry, BadgesPortMessage } from '../../../lib/protocol/badge-views';
import { MAX_BADGE_ENTRIES } from '../../../lib/protocol/names';

const entry = {
  marketSlug: 'btc-100k',
  side: 'YES',
  contractsRaw: '120000000',
  unrealizedPnlRaw: '-3400000',
};

/** Values near a real entry: a field dropped, or replaced by something close or anything. */
const nearEntry = fc.oneof(
  fc.constant(entry),
  fc
    .tuple(
      fc.constantFrom(...Object.keys(entry)),
      fc.oneof(
        fc.constantFrom(
          '',
          '0',
          '00',
          '-1',
          '1',
          'YES',
          'NO',
          'yes',
          ' 1',
          '1.5',
          '+1',
          'x'.repeat(201),
        ),
        fc.stringMatching(/^-?\d{0,4}$/),
        fc.string(),
        fc.anything(),
      ),
    )
    .map(([key, value]) => ({ ...entry, [key]: value })),
  fc.constantFrom(...Object.keys(entry)).map((key) => {
    const copy: Record<string, unknown> = { ...entry };
    delete copy[key];
    return copy;
  }),
  fc.anything(),
);

describe("the badges' message, checked by hand on the page", () => {
  it('gives every entry the same verdict as the schema the background parses it with', () => {
    fc.assert(
      fc.property(nearEntry, (raw) => {
        expect(isBadgeEntry(raw)).toBe(BadgeEntry.safeParse(raw).success);
      }),
      { numRuns: 3_000 },
    );
  });

  it('gives every message the same verdict as the schema', () => {
    const message = fc.record({
      topic: fc.oneof(fc.constantFrom('badges', 'panel'), fc.anything()),
      data: fc.oneof(
        fc.record({ entries: fc.array(nearEntry, { maxLength: 4 }) }),
        fc.constant({ entries: 'none' }),
        fc.anything(),
      ),
    });
    fc.assert(
      fc.property(message, (raw) => {
        expect(isBadgesPortMessage(raw)).toBe(BadgesPortMessage.safeParse(raw).success);
      }),
      { numRuns: 2_000 },
    );
  });

  it(`refuses a message of more than ${MAX_BADGE_ENTRIES} entries, as the schema does`, () => {
    const at = (n: number) => ({ topic: 'badges', data: { entries: Array(n).fill(entry) } });
    expect(isBadgesPortMessage(at(MAX_BADGE_ENTRIES))).toBe(true);
    expect(isBadgesPortMessage(at(MAX_BADGE_ENTRIES + 1))).toBe(false);
    expect(BadgesPortMessage.safeParse(at(MAX_BADGE_ENTRIES + 1)).success).toBe(false);
  });
});
