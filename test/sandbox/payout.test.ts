import { describe, expect, it } from 'vitest';
import { outcomeWon, payoutNumerators } from '../../sandbox/core/markets';

describe('one payout mapping for every view of a resolution', () => {
  it('pays 1 to the winner, 0 to the other, nothing while unresolved', () => {
    expect(payoutNumerators({ winningOutcomeIndex: 0 })).toEqual([1, 0]);
    expect(payoutNumerators({ winningOutcomeIndex: 1 })).toEqual([0, 1]);
    expect(payoutNumerators({ winningOutcomeIndex: null })).toBeNull();
    expect(outcomeWon({ winningOutcomeIndex: 0 }, 'YES')).toBe(true);
    expect(outcomeWon({ winningOutcomeIndex: 0 }, 'NO')).toBe(false);
    expect(outcomeWon({ winningOutcomeIndex: 1 }, 'NO')).toBe(true);
    expect(outcomeWon({ winningOutcomeIndex: null }, 'YES')).toBeNull();
  });
});
