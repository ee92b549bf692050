import type { Rng } from '../core/rng';

const LOW = 50n;
const HIGH = 950n;

/**
 * A market's "fair" YES price in thousandths, drifting as a seeded random walk with a
 * gentle pull back to where it started, so a long run never pins a market at 0 or 1.
 */
export class MidpointWalk {
  constructor(
    public mid: bigint,
    private readonly anchor: bigint,
  ) {}

  step(rng: Rng): bigint {
    const drift = BigInt(rng.int(-8, 8));
    const pull = (this.anchor - this.mid) / 25n;
    let next = this.mid + drift + pull;
    if (next < LOW) next = LOW;
    if (next > HIGH) next = HIGH;
    this.mid = next;
    return next;
  }

  /** The price of `outcome` in its own terms. */
  ownMid(outcome: 'YES' | 'NO'): bigint {
    return outcome === 'YES' ? this.mid : 1000n - this.mid;
  }
}
