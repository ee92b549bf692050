import { describe, expect, it } from 'vitest';
import { applyLeg, averagePriceRaw, type SidePosition } from '../../../sandbox/core/ledger';

describe('average-cost positions', () => {
  it('averages buys and realises P&L against the average on a sale', () => {
    const pos: SidePosition = { quantity: 0n, cost: 0n, realised: 0n };
    applyLeg(pos, { side: 'BUY', contracts: 10_000_000n, collateral: 4_000_000n });
    applyLeg(pos, { side: 'BUY', contracts: 10_000_000n, collateral: 6_000_000n });
    expect(averagePriceRaw(pos)).toBe(500_000n);
    applyLeg(pos, { side: 'SELL', contracts: 5_000_000n, collateral: 3_500_000n });
    expect(pos.realised).toBe(1_000_000n);
    expect(pos.cost).toBe(7_500_000n);
    expect(pos.quantity).toBe(15_000_000n);
  });
});
