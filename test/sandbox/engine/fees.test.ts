import { describe, expect, it } from 'vitest';
import { executionTotals, takerFee } from '../../../sandbox/engine/fees';

describe('taker fees and totals', () => {
  it('a BUY pays its fee in contracts', () => {
    expect(takerFee('BUY', 10_000_000n, 5_000_000n, 100, true)).toEqual({
      contractsFee: 100_000n,
      usdFee: 0n,
    });
  });

  it('a SELL pays its fee in collateral', () => {
    expect(takerFee('SELL', 10_000_000n, 5_000_000n, 100, true)).toEqual({
      contractsFee: 0n,
      usdFee: 50_000n,
    });
  });

  it('zero-fee markets charge nothing whatever the rate', () => {
    expect(takerFee('BUY', 10_000_000n, 5_000_000n, 100, false)).toEqual({
      contractsFee: 0n,
      usdFee: 0n,
    });
  });

  it('totals are gross, fee and net, summed per fill with each fee rounded down', () => {
    const totals = executionTotals(
      'BUY',
      [
        { contracts: 1_000_050n, takerCollateral: 500_025n },
        { contracts: 2_000_000n, takerCollateral: 1_100_000n },
      ],
      100,
      true,
    );
    expect(totals).toEqual({
      contractsGross: 3_000_050n,
      contractsFee: 10_000n + 20_000n, // 10000.5 → 10000
      contractsNet: 2_970_050n,
      usdGross: 1_600_025n,
      usdFee: 0n,
      usdNet: 1_600_025n,
    });
    const sell = executionTotals(
      'SELL',
      [{ contracts: 3n, takerCollateral: 1_999_999n }],
      100,
      true,
    );
    expect(sell.usdFee).toBe(19_999n);
    expect(sell.usdNet).toBe(1_980_000n);
  });
});
