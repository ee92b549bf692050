import type { NewPriceDataEvent } from '../../lib/core/api/events';

/**
 * The pool price (YES, thousandths) of each open AMM market. It is kept apart from
 * `prices` of the market record and feed subjects, which stay null for AMM markets (the
 * feed's "no honest price": it has no midpoint).
 */
export class AmmPools {
  private prices = new Map<string, bigint>();

  constructor(
    private readonly iso: () => string,
    private readonly emit: (data: NewPriceDataEvent) => void,
  ) {}

  /** The seeded prices, after a (re)seed. */
  replace(prices: Map<string, bigint>): void {
    this.prices = prices;
  }

  /** Every pool's price goes out again (after a reset, subscribers see the seeded ones). */
  announceAll(): void {
    for (const slug of this.prices.keys()) {
      const data = this.priceData(slug);
      if (data) this.emit(data);
    }
  }

  /** An open AMM market's pool price; undefined for any other market. */
  priceMillis(slug: string): bigint | undefined {
    return this.prices.get(slug);
  }

  /** The AMM market's price as `newPriceData` carries it. */
  priceData(slug: string): NewPriceDataEvent | undefined {
    const yes = this.prices.get(slug);
    if (yes === undefined) return undefined;
    return {
      marketSlug: slug,
      prices: [Number(yes) / 1000, Number(1000n - yes) / 1000],
      timestamp: this.iso(),
    };
  }

  /**
   * Moves a pool price (outside trading on the pool, simulated by the bots or set with
   * `POST /__sandbox/markets/:slug/amm-price`). False when the market is not an open AMM
   * market or the price is off 0.001–0.999; nothing is emitted when it is unchanged.
   */
  set(slug: string, yesMillis: bigint): boolean {
    const current = this.prices.get(slug);
    if (current === undefined || yesMillis < 1n || yesMillis > 999n) return false;
    if (current === yesMillis) return true;
    this.prices.set(slug, yesMillis);
    const data = this.priceData(slug);
    if (data) this.emit(data);
    return true;
  }

  /** A resolved pool trades no more: its price stops. */
  close(slug: string): void {
    this.prices.delete(slug);
  }
}
