import { describe, expect, it } from 'vitest';
import {
  type AmountIntent,
  computeAmounts,
  contractStep,
  contractsForSpend,
  floorToStep,
  MIN_MAKER_AMOUNT,
  nearestValidContracts,
  notionalOf,
  readPrice,
} from '../../../../lib/core/orders/amounts';
import { OrderRuleError, type RuleIssue } from '../../../../lib/core/orders/issues';
import type { DecimalInput } from '../../../../lib/core/orders/units';

const C = 1_000_000n; // one contract (or one unit of collateral) in raw units

function issuesOf(intent: AmountIntent): RuleIssue[] {
  try {
    computeAmounts(intent);
  } catch (error) {
    if (error instanceof OrderRuleError) return error.issues;
    throw error;
  }
  throw new Error('expected computeAmounts to refuse the intent');
}

describe('computeAmounts: the amount equations (rule 7)', () => {
  it('GTC BUY: maker = price × contracts in collateral, taker = contracts', () => {
    expect(
      computeAmounts({ orderType: 'GTC', side: 'BUY', price: 0.55, contracts: 10n * C }),
    ).toEqual({ makerAmount: 5_500_000n, takerAmount: 10_000_000n, price: 0.55 });
  });

  it('GTC SELL: maker = contracts, taker = price × contracts', () => {
    expect(
      computeAmounts({ orderType: 'GTC', side: 'SELL', price: 0.55, contracts: 10n * C }),
    ).toEqual({ makerAmount: 10_000_000n, takerAmount: 5_500_000n, price: 0.55 });
  });

  it('FAK BUY and SELL follow the same equations as GTC', () => {
    expect(
      computeAmounts({ orderType: 'FAK', side: 'BUY', price: '0.123', contracts: 3n * C }),
    ).toEqual({ makerAmount: 369_000n, takerAmount: 3_000_000n, price: 0.123 });
    expect(
      computeAmounts({ orderType: 'FAK', side: 'SELL', price: '0.123', contracts: 3n * C }),
    ).toEqual({ makerAmount: 3_000_000n, takerAmount: 369_000n, price: 0.123 });
  });

  it('FOK BUY: maker = the collateral to spend, taker = 1, no price', () => {
    const amounts = computeAmounts({ orderType: 'FOK', side: 'BUY', spend: 25n * C });
    expect(amounts).toEqual({ makerAmount: 25_000_000n, takerAmount: 1n });
    expect('price' in amounts).toBe(false);
  });

  it('FOK SELL: maker = the shares to sell, taker = 1, no price', () => {
    const amounts = computeAmounts({ orderType: 'FOK', side: 'SELL', contracts: 3_250_000n });
    expect(amounts).toEqual({ makerAmount: 3_250_000n, takerAmount: 1n });
    expect('price' in amounts).toBe(false);
  });

  it('normalises a price written with trailing zeros', () => {
    expect(
      computeAmounts({ orderType: 'GTC', side: 'BUY', price: '0.500', contracts: 2n * C }).price,
    ).toBe(0.5);
  });
});

describe('computeAmounts: price (rule 4)', () => {
  const at = (price: DecimalInput) =>
    issuesOf({ orderType: 'GTC', side: 'BUY', price, contracts: 10n * C });

  it('accepts the ends of the range, 0.01 and 0.99', () => {
    expect(
      computeAmounts({ orderType: 'GTC', side: 'BUY', price: 0.01, contracts: 10n * C })
        .makerAmount,
    ).toBe(100_000n);
    expect(
      computeAmounts({ orderType: 'GTC', side: 'SELL', price: 0.99, contracts: 10n * C })
        .takerAmount,
    ).toBe(9_900_000n);
  });

  it('refuses 0.009 and 0.991, just outside the range', () => {
    expect(at(0.009)).toEqual([{ field: 'price', message: 'price 0.009 is outside 0.01 to 0.99' }]);
    expect(at(0.991)).toEqual([{ field: 'price', message: 'price 0.991 is outside 0.01 to 0.99' }]);
    expect(at(0)[0]?.field).toBe('price');
    expect(at(1)[0]?.field).toBe('price');
    expect(at('-0.5')[0]?.message).toMatch(/outside 0.01 to 0.99/);
  });

  it('refuses a fourth decimal rather than rounding it away', () => {
    expect(at('0.5555')).toEqual([
      {
        field: 'price',
        message:
          'price 0.5555 has more than 3 decimals; use a price on the 0.001 grid, between 0.01 and 0.99',
      },
    ]);
  });

  it('refuses float noise such as 0.1 + 0.2', () => {
    const [issue] = at(0.1 + 0.2);
    expect(issue?.field).toBe('price');
    expect(issue?.message).toMatch(/^price 0\.30000000000000004 has more than 3 decimals/);
  });

  it('refuses a number that prints in exponent form for having too many decimals', () => {
    expect(at(1e-7)[0]?.message).toMatch(/^price 1e-7 has more than 3 decimals/);
  });

  it('refuses exponent notation and other non-decimals in text, saying so', () => {
    expect(at('5.5e-1')).toEqual([
      { field: 'price', message: 'price 5.5e-1 is not a decimal number; write it like 0.55' },
    ]);
    expect(at('abc')[0]?.message).toMatch(/is not a decimal number/);
  });

  it('readPrice returns thousandths for a valid price', () => {
    expect(readPrice('0.555')).toEqual({ millis: 555n });
    expect(readPrice(0.99)).toEqual({ millis: 990n });
  });
});

describe('computeAmounts: exact price × contracts (rule 4)', () => {
  it('refuses a size whose notional is not whole raw units and names the nearest valid sizes', () => {
    // 0.555 × 10.0001 = 5.5500555 → 5550055.5 raw: not whole. Step at 0.555 is 0.0002.
    expect(
      issuesOf({ orderType: 'GTC', side: 'BUY', price: 0.555, contracts: 10_000_100n }),
    ).toEqual([
      {
        field: 'contracts',
        message:
          'price 0.555 × 10.0001 contracts is not a whole number of raw units; use 10 or 10.0002 contracts',
      },
    ]);
  });

  it('applies to SELL too, where the collateral is the taker amount', () => {
    const [issue] = issuesOf({
      orderType: 'FAK',
      side: 'SELL',
      price: 0.013,
      contracts: 1_000_005n,
    });
    expect(issue?.message).toMatch(/use 1 or 1\.001 contracts$/);
  });

  it('offers only the size above when the size below would be zero', () => {
    const issues = issuesOf({ orderType: 'GTC', side: 'BUY', price: 0.013, contracts: 500n });
    expect(issues[0]?.message).toMatch(/use 0\.001 contracts$/);
  });

  it('accepts every size on the step of its price', () => {
    expect(
      computeAmounts({ orderType: 'GTC', side: 'BUY', price: 0.555, contracts: 10_000_200n }),
    ).toEqual({ makerAmount: 5_550_111n, takerAmount: 10_000_200n, price: 0.555 });
  });
});

describe('computeAmounts: sizes', () => {
  it(`refuses a makerAmount below ${MIN_MAKER_AMOUNT} raw units (rule 3)`, () => {
    // BUY 0.0099 contracts at 0.01 costs 99 raw.
    expect(issuesOf({ orderType: 'GTC', side: 'BUY', price: 0.01, contracts: 9_900n })).toEqual([
      {
        field: 'makerAmount',
        message:
          'the order is too small: makerAmount 99 is below the minimum of 100 raw units (0.0001)',
      },
    ]);
    expect(
      computeAmounts({ orderType: 'GTC', side: 'BUY', price: 0.01, contracts: 10_000n })
        .makerAmount,
    ).toBe(100n);
  });

  it('applies the floor to what a SELL gives (its contracts) and to FOK amounts', () => {
    expect(issuesOf({ orderType: 'GTC', side: 'SELL', price: 0.5, contracts: 98n })[0]?.field).toBe(
      'makerAmount',
    );
    expect(computeAmounts({ orderType: 'GTC', side: 'SELL', price: 0.5, contracts: 100n })).toEqual(
      { makerAmount: 100n, takerAmount: 50n, price: 0.5 },
    );
    expect(issuesOf({ orderType: 'FOK', side: 'BUY', spend: 99n })[0]?.field).toBe('makerAmount');
    expect(issuesOf({ orderType: 'FOK', side: 'SELL', contracts: 99n })[0]?.field).toBe(
      'makerAmount',
    );
    expect(computeAmounts({ orderType: 'FOK', side: 'BUY', spend: 100n }).makerAmount).toBe(100n);
  });

  it('refuses zero or negative sizes with a sentence about the right field', () => {
    expect(issuesOf({ orderType: 'FOK', side: 'BUY', spend: 0n })).toEqual([
      { field: 'spend', message: 'the amount to spend must be more than zero' },
    ]);
    expect(issuesOf({ orderType: 'FOK', side: 'SELL', contracts: -1n })).toEqual([
      { field: 'contracts', message: 'the number of contracts to sell must be more than zero' },
    ]);
    expect(issuesOf({ orderType: 'GTC', side: 'BUY', price: 0.5, contracts: 0n })).toEqual([
      { field: 'contracts', message: 'the number of contracts must be more than zero' },
    ]);
  });

  it('reports a bad price and a bad size together', () => {
    const fields = issuesOf({ orderType: 'GTC', side: 'BUY', price: 2, contracts: 0n }).map(
      (i) => i.field,
    );
    expect(fields.sort()).toEqual(['contracts', 'price']);
  });

  it('throws an OrderRuleError whose message joins the sentences', () => {
    expect(() => computeAmounts({ orderType: 'FOK', side: 'BUY', spend: 0n })).toThrow(
      'the amount to spend must be more than zero',
    );
  });
});

describe('contract steps and sizes', () => {
  it('contractStep is the smallest raw size with a whole notional at that price', () => {
    expect(contractStep(550n)).toBe(20n);
    expect(contractStep(555n)).toBe(200n);
    expect(contractStep(500n)).toBe(2n);
    expect(contractStep(10n)).toBe(100n);
    expect(contractStep(13n)).toBe(1000n);
  });

  it('nearestValidContracts returns the size itself when valid, else the sizes either side', () => {
    expect(nearestValidContracts(555n, 10_000_200n)).toEqual([10_000_200n]);
    expect(nearestValidContracts(555n, 10_000_100n)).toEqual([10_000_000n, 10_000_200n]);
    expect(nearestValidContracts(13n, 1n)).toEqual([1000n]);
  });

  it('contractsForSpend buys the most valid contracts that the money covers', () => {
    // $10 at 0.57: 17.5438 contracts (step 0.0001) cost 9.999966.
    const contracts = contractsForSpend(10n * C, 570n);
    expect(contracts).toBe(17_543_800n);
    expect(notionalOf(contracts, 570n)).toBe(9_999_966n);
    expect(notionalOf(contracts + contractStep(570n), 570n)).toBeGreaterThan(10n * C);
    expect(contractsForSpend(10n * C, 500n)).toBe(20n * C);
  });

  it('contractsForSpend gives zero for no money or no price', () => {
    expect(contractsForSpend(0n, 500n)).toBe(0n);
    expect(contractsForSpend(-5n, 500n)).toBe(0n);
    expect(contractsForSpend(10n * C, 0n)).toBe(0n);
  });

  it('floorToStep rounds a size down onto the price grid, never up', () => {
    expect(floorToStep(10_000_100n, 555n)).toBe(10_000_000n);
    expect(floorToStep(10_000_199n, 555n)).toBe(10_000_000n);
    expect(floorToStep(10_000_200n, 555n)).toBe(10_000_200n);
    // 25 % of 7.3333 contracts to sell at 0.55 (step 20 raw).
    expect(floorToStep(7_333_300n / 4n, 550n)).toBe(1_833_320n);
  });

  it('notionalOf is exact on the grid', () => {
    expect(notionalOf(10n * C, 550n)).toBe(5_500_000n);
  });
});
