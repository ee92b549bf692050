import { describe, expect, it } from 'vitest';
import { contractsForBudget, fillCollateral } from '../../../../lib/core/orders/fills';

describe('fillCollateral', () => {
  it('is exact when price × contracts is whole', () => {
    for (const side of ['BUY', 'SELL'] as const) {
      for (const role of ['maker', 'taker'] as const) {
        expect(fillCollateral(630n, 10_000_000n, side, role)).toBe(6_300_000n);
      }
    }
  });

  it('gives the rounding to the resting order: a maker never trades past its limit', () => {
    // 0.333 × 1001 raw = 333.333 raw.
    expect(fillCollateral(333n, 1001n, 'SELL', 'maker')).toBe(334n);
    expect(fillCollateral(333n, 1001n, 'BUY', 'maker')).toBe(333n);
    expect(fillCollateral(333n, 1001n, 'BUY', 'taker')).toBe(334n);
    expect(fillCollateral(333n, 1001n, 'SELL', 'taker')).toBe(333n);
  });

  it('the two sides of a mint or a merge sum to the contracts', () => {
    for (let contracts = 1n; contracts < 3_000n; contracts += 37n) {
      for (const p of [10n, 333n, 501n, 989n]) {
        const q = 1000n - p;
        expect(
          fillCollateral(p, contracts, 'BUY', 'taker') +
            fillCollateral(q, contracts, 'BUY', 'maker'),
        ).toBe(contracts);
        expect(
          fillCollateral(p, contracts, 'SELL', 'taker') +
            fillCollateral(q, contracts, 'SELL', 'maker'),
        ).toBe(contracts);
      }
    }
  });
});

describe('contractsForBudget', () => {
  it('buys the most contracts whose rounded-up cost fits, and spends the budget to the raw unit', () => {
    for (const [budget, p] of [
      [6_300_000n, 630n],
      [5_000_000n, 630n],
      [1n, 999n],
      [123_457n, 17n],
    ] as const) {
      const c = contractsForBudget(budget, p);
      expect(fillCollateral(p, c, 'BUY', 'taker')).toBe(budget);
      expect(fillCollateral(p, c + 1n, 'BUY', 'taker')).toBeGreaterThan(budget);
    }
    expect(contractsForBudget(6_300_000n, 630n)).toBe(10_000_000n);
  });
});
