import type { MarketRecord } from '../../core/api/markets';
import { ExchangeError } from '../../core/client/errors';
import type { ExchangeClient } from '../../core/client/exchange-client';

const MARKET_TTL_MS = 60_000;

interface Entry {
  record: MarketRecord | null;
  at: number;
  pending?: Promise<MarketRecord | null>;
}

/**
 * Markets as the exchange describes them, kept a minute: every panel, quick order and
 * notification asks, and callers at the same moment share one request.
 */
export class MarketCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly api: () => ExchangeClient,
    private readonly now: () => number,
  ) {}

  /** The market, or null when the exchange does not know it. */
  async get(slug: string): Promise<MarketRecord | null> {
    const cached = this.entries.get(slug);
    if (cached?.pending) return cached.pending;
    if (cached && this.now() - cached.at < MARKET_TTL_MS) return cached.record;
    const pending = this.api()
      .getMarket(slug)
      .then((record) => record as MarketRecord | null)
      .catch((error: unknown) => {
        if (error instanceof ExchangeError && error.kind === 'not-found') return null;
        throw error;
      });
    this.entries.set(slug, { record: cached?.record ?? null, at: cached?.at ?? 0, pending });
    try {
      const record = await pending;
      this.entries.set(slug, { record, at: this.now() });
      return record;
    } catch (error) {
      this.entries.delete(slug);
      throw error;
    }
  }

  /**
   * Reads the records of those markets not known yet; resolves, whatever the answers, with
   * whether there were any (what is shown of them may have changed).
   */
  async learn(slugs: Iterable<string>): Promise<boolean> {
    const unknown = [...slugs].filter((slug) => this.known(slug) === null);
    if (unknown.length === 0) return false;
    await Promise.allSettled(unknown.map((slug) => this.get(slug)));
    return true;
  }

  /** The last known record without asking: what a push between reads shows. */
  known(slug: string): MarketRecord | null {
    return this.entries.get(slug)?.record ?? null;
  }

  titleOf(slug: string): string {
    return this.known(slug)?.title ?? slug;
  }

  /** Another exchange: nothing known of the last one holds. */
  clear(): void {
    this.entries.clear();
  }
}
