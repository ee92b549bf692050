import type { SandboxCore } from '../core/core';
import type { Rng } from '../core/rng';
import { topUp } from './funding';
import type { Actor } from './loop';
import type { BotOrder, BotTrader } from './trader';
import type { MidpointWalk } from './walk';

const CONTRACT = 1_000_000n;
const USDC = 1_000_000n;

const priceText = (millis: bigint) => `0.${millis.toString().padStart(3, '0')}`;

/**
 * A taker bot: now and then it buys or sells an outcome of a random market, FAK with a
 * limit a little through the walk's price or FOK, and sells only what it bought (its own
 * bookkeeping from the placement answers, which does not depend on timing).
 */
export function taker(
  core: SandboxCore,
  trader: BotTrader,
  slugs: readonly string[],
  walks: ReadonlyMap<string, MidpointWalk>,
  rng: Rng,
  timing: Rng,
): Actor {
  const held = new Map<string, bigint>();
  return {
    name: `taker:${trader.profile.label}`,
    interval: () => timing.int(3_000, 7_000),
    async act() {
      const slug = rng.pick(slugs);
      const outcome = rng.next() < 0.5 ? ('YES' as const) : ('NO' as const);
      const sell = rng.next() < 0.45;
      const fak = rng.next() < 0.5;
      const through = BigInt(rng.int(10, 40));
      const size = BigInt(rng.int(5, 60));
      const market = core.markets.bySlug(slug);
      const walk = walks.get(slug);
      if (!market || !walk || !core.markets.isTradable(market, core.clock.now())) return;
      if (core.tradingMode.mode !== 'normal') return;
      topUp(core, trader.profile.profileId, []);

      const key = `${slug}:${outcome}`;
      const own = walk.ownMid(outcome);
      const holding = ((held.get(key) ?? 0n) / CONTRACT) * CONTRACT;
      let order: BotOrder;
      if (sell && holding >= 5n * CONTRACT) {
        const contracts = size * CONTRACT < holding ? size * CONTRACT : holding;
        const floor = own - through < 10n ? 10n : own - through;
        order = fak
          ? {
              outcome,
              amounts: { orderType: 'FAK', side: 'SELL', price: priceText(floor), contracts },
            }
          : { outcome, amounts: { orderType: 'FOK', side: 'SELL', contracts } };
      } else {
        const cap = own + through > 990n ? 990n : own + through;
        order = fak
          ? {
              outcome,
              amounts: {
                orderType: 'FAK',
                side: 'BUY',
                price: priceText(cap),
                contracts: size * CONTRACT,
              },
            }
          : { outcome, amounts: { orderType: 'FOK', side: 'BUY', spend: size * USDC } };
      }
      const fill = await trader.place(market, order);
      if (!fill.accepted) return;
      const change = order.amounts.side === 'BUY' ? fill.contractsNet : -fill.contractsGross;
      held.set(key, (held.get(key) ?? 0n) + change);
    },
  };
}
