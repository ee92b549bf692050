import { topUp } from '../bots/funding';
import { BotTrader } from '../bots/trader';
import { SEED_MAKER_LABELS } from '../core/accounts';
import type { SandboxCore } from '../core/core';
import { Rng } from '../core/rng';

/** One house trader per sandbox: its order ids count up, so no two quotes share one. */
const traders = new WeakMap<SandboxCore, BotTrader>();

function houseTrader(core: SandboxCore): BotTrader {
  let trader = traders.get(core);
  if (!trader) {
    // Maker 1's account under its own label: the ids it signs never meet the bots' own.
    const profile = { ...core.accounts.byLabel(SEED_MAKER_LABELS[0]), label: 'house-quote' };
    trader = new BotTrader(core, profile, new Rng(core.seed).fork('house-quote'));
    traders.set(core, trader);
  }
  return trader;
}

/**
 * A house maker's post-only GTC order on YES, signed and placed like any client's: how a
 * test moves a CLOB market's best bid or ask on demand (the bots move them at random).
 * False when the sandbox refused it (a post-only order that would cross, say).
 */
export async function placeHouseQuote(
  core: SandboxCore,
  slug: string,
  quote: { side: 'BUY' | 'SELL'; price: string; contracts: number },
): Promise<boolean> {
  const market = core.markets.bySlug(slug);
  if (!market?.tokens) return false;
  const trader = houseTrader(core);
  topUp(core, trader.profile.profileId, [market.tokens.yes, market.tokens.no]);
  const fill = await trader.place(market, {
    amounts: {
      orderType: 'GTC',
      side: quote.side,
      price: quote.price,
      contracts: BigInt(quote.contracts) * 1_000_000n,
    },
    outcome: 'YES',
    postOnly: true,
  });
  return fill.accepted;
}
