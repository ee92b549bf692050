import { topUp } from '../bots/funding';
import { BotTrader } from '../bots/trader';
import { SEED_MAKER_LABELS } from '../core/accounts';
import type { SandboxCore } from '../core/core';
import { Rng } from '../core/rng';

let quotes = 0;

/**
 * A house maker's post-only GTC order on YES, signed and placed like any client's: how a
 * test moves a CLOB market's best bid or ask on demand (the bots move them at random).
 * Null when the sandbox refused it (a post-only order that would cross, say).
 */
export async function placeHouseQuote(
  core: SandboxCore,
  slug: string,
  quote: { side: 'BUY' | 'SELL'; price: string; contracts: number },
): Promise<boolean> {
  const market = core.markets.bySlug(slug);
  const label = SEED_MAKER_LABELS[0];
  if (!market?.tokens) return false;
  const profile = core.accounts.byLabel(label);
  topUp(core, profile.profileId, [market.tokens.yes, market.tokens.no]);
  const trader = new BotTrader(core, profile, new Rng(core.seed).fork(`admin-quote:${++quotes}`));
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
