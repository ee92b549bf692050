import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { takerFeeOf } from '../../../../lib/core/orders/fees';
import { takerFee } from '../../../../sandbox/engine/fees';

describe('takerFeeOf', () => {
  it('a BUY pays in contracts, a SELL in collateral, rounded down', () => {
    // The issue's $5 buy at 0.424 on a 1 % market: 11.792452 bought, 11.674528 held.
    expect(takerFeeOf('BUY', 11_792_452n, 5_000_000n, 100)).toBe(117_924n);
    expect(takerFeeOf('SELL', 10_000_000n, 4_999_999n, 100)).toBe(49_999n);
    expect(takerFeeOf('BUY', 11_792_452n, 5_000_000n, 0)).toBe(0n);
  });

  it('charges what the sandbox exchange charges, for any fill', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('BUY' as const, 'SELL' as const),
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 10_000 }),
        (side, contracts, collateral, bps) => {
          const sandbox = takerFee(side, contracts, collateral, bps, true);
          const charged = side === 'BUY' ? sandbox.contractsFee : sandbox.usdFee;
          expect(takerFeeOf(side, contracts, collateral, bps)).toBe(charged);
        },
      ),
    );
  });
});
