import type { SandboxCore } from '../core/core';
import type { Rng } from '../core/rng';
import { topUp } from './funding';
import type { Actor } from './loop';
import type { BotTrader } from './trader';
import type { MidpointWalk } from './walk';

const CONTRACT = 1_000_000n;
/** Quote levels per side and maker: maker 1 quotes YES, maker 2 NO in between. */
const LEVELS = 2;
/** Requote once the walk has moved this much (thousandths) since the last quotes. */
const REQUOTE_MOVE = 5n;

/**
 * The two makers of one market: around the walk's midpoint, maker 1 bids and offers YES
 * 1¢ and 2¢ away, maker 2 bids and offers NO in between (half a cent further out), all
 * post-only GTC. When the walk moves (or takers ate a quote) both makers cancel and quote
 * again.
 */
export function marketMaker(
  core: SandboxCore,
  slug: string,
  makers: [BotTrader, BotTrader],
  walk: MidpointWalk,
  rng: Rng,
  timing: Rng,
): Actor {
  let quotedAt: bigint | null = null;
  const [yesMaker, noMaker] = makers;
  return {
    name: `maker:${slug}`,
    interval: () => timing.int(6_000, 12_000),
    async act() {
      const market = core.markets.bySlug(slug);
      if (!market?.tokens || !core.markets.isTradable(market, core.clock.now())) return;
      const { mode } = core.tradingMode;
      if (mode === 'disabled' || mode === 'cancel_only') return;
      const mid = walk.step(rng);
      const sizes = Array.from({ length: LEVELS * 4 }, () => BigInt(rng.int(10, 40) * 5));
      const resting = [yesMaker, noMaker].reduce(
        (n, m) => n + core.orders.openOf(m.profile.profileId, slug).length,
        0,
      );
      const moved =
        quotedAt === null || mid - quotedAt >= REQUOTE_MOVE || quotedAt - mid >= REQUOTE_MOVE;
      if (!moved && resting >= LEVELS * 4) return;

      for (const m of makers) {
        topUp(core, m.profile.profileId, [market.tokens.yes, market.tokens.no]);
        m.cancelAll(slug);
      }
      const quotes: [BotTrader, 'BUY' | 'SELL', 'YES' | 'NO', bigint][] = [];
      for (let level = 1; level <= LEVELS; level++) {
        const away = 10n * BigInt(level);
        quotes.push([yesMaker, 'BUY', 'YES', mid - away]);
        quotes.push([yesMaker, 'SELL', 'YES', mid + away]);
        // BUY NO at q rests as a YES ask at 1 − q; SELL NO at q as a YES bid at 1 − q.
        quotes.push([noMaker, 'BUY', 'NO', 1000n - (mid + away + 5n)]);
        quotes.push([noMaker, 'SELL', 'NO', 1000n - (mid - away - 5n)]);
      }
      for (const [i, [maker, side, outcome, price]] of quotes.entries()) {
        if (price < 10n || price > 990n) continue;
        await maker.place(market, {
          amounts: {
            orderType: 'GTC',
            side,
            price: `0.${price.toString().padStart(3, '0')}`,
            contracts: (sizes[i] ?? 50n) * CONTRACT,
          },
          outcome,
          postOnly: true,
        });
      }
      quotedAt = mid;
    },
  };
}
