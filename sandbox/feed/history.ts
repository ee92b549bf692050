import type { SandboxCore } from '../core/core';
import { COLLATERAL_SYMBOL } from '../core/markets';
import { Rng } from '../core/rng';
import { millisDecimal, notionalRaw, ratioDecimal, rawDecimal } from './decimals';
import type { StoredEntry } from './entries';
import { parlayEntries } from './parlays';
import { ACTIVE_PERSONA_IDS } from './profiles';
import { resolutionEntries, resultOf } from './resolutions';

const MINUTE = 60_000;
const RAW = 1_000_000n;

/** Markets the seeded personas traded in the last day (live ones, the AMM one included). */
const HISTORY_MARKETS = [
  'sandbox-btc-100k',
  'sandbox-eth-flip',
  'sandbox-fed-cut',
  'sandbox-fed-hold',
  'sandbox-fed-hike',
  'sandbox-rain-amm',
];

/** Seeded BOUGHT/SOLD entries per persona: enough for several pages of `all`. */
const TRADES = 64;

/**
 * The feed's history at start (deterministic for a seed): the personas' trades of the
 * last 24 h, RESOLVED entries for the resolved election (the demo holders' from the
 * ledger, the personas' synthetic), and the seeded parlays. Persona activity is synthetic
 * (personas have no ledger); demo accounts only appear with what their ledger says.
 */
export function seededHistory(core: SandboxCore, seedAt: number, minAmountRaw: bigint) {
  const rng = new Rng(core.seed).fork('feed-history');
  const entries: StoredEntry[] = [];

  for (let i = 0; i < TRADES; i++) {
    const profileId = rng.pick(ACTIVE_PERSONA_IDS);
    const market = core.markets.bySlug(rng.pick(HISTORY_MARKETS));
    if (!market) continue;
    const outcome = rng.next() < 0.5 ? ('YES' as const) : ('NO' as const);
    const yesMid = Number(market.startMidMillis) + rng.int(-40, 40);
    const own = BigInt(Math.min(980, Math.max(20, outcome === 'YES' ? yesMid : 1000 - yesMid)));
    const contracts = BigInt(rng.int(4, 80) * 5) * RAW;
    const notional = notionalRaw(own, contracts);
    // Spread over the day, never in the last few minutes (live trades land there).
    const at = seedAt - rng.int(5, 23 * 60 + 30) * MINUTE;
    const base = {
      id: `seed-trade-${i.toString().padStart(3, '0')}`,
      at,
      profileId,
      tradeEventId: null,
      subject: { kind: 'MARKET' as const, slug: market.slug },
    };
    const facts = {
      side: 'BUY' as 'BUY' | 'SELL',
      outcome,
      contracts: rawDecimal(contracts),
      price: millisDecimal(own),
      notional: rawDecimal(notional),
      symbol: COLLATERAL_SYMBOL,
    };
    if (rng.next() < 0.7) {
      entries.push({ ...base, entryType: 'BOUGHT', facts });
      continue;
    }
    const entry = BigInt(Math.min(980, Math.max(20, Number(own) + rng.int(-60, 60))));
    const cost = notionalRaw(entry, contracts);
    const pnl = notional - cost;
    entries.push({
      ...base,
      entryType: 'SOLD',
      facts: {
        ...facts,
        side: 'SELL',
        realizedPnl: rawDecimal(pnl),
        averageEntryPrice: millisDecimal(entry),
        roi: ratioDecimal(pnl, cost),
      },
    });
  }

  // The election resolved long ago; its payouts were credited within the last day.
  const election = core.markets.bySlug('sandbox-election-resolved');
  if (election) {
    const creditedAt = seedAt - 4 * 60 * MINUTE;
    entries.push(...resolutionEntries(core, election.slug, creditedAt, minAmountRaw));
    const personas: [number, bigint, bigint][] = [
      [401, 180n * RAW, 300n * RAW],
      [402, 240n * RAW, 0n],
      [404, 60n * RAW, 100n * RAW],
    ];
    personas.forEach(([profileId, cost, payout], n) => {
      const won = payout > 0n;
      const pnl = payout - cost;
      entries.push({
        id: `resolved-${election.slug}-${profileId}`,
        at: creditedAt - (n + 1) * 7 * MINUTE,
        profileId,
        tradeEventId: null,
        entryType: 'RESOLVED',
        subject: { kind: 'MARKET', slug: election.slug },
        facts: {
          result: resultOf(pnl),
          realizedPnl: rawDecimal(pnl),
          costBasis: rawDecimal(cost),
          payout: rawDecimal(payout),
          positions: [
            {
              marketSlug: election.slug,
              marketTitle: election.title,
              outcome: won ? 'YES' : 'NO',
              contracts: rawDecimal(won ? payout : (cost * 1000n) / 400n),
              costBasis: rawDecimal(cost),
              payout: rawDecimal(payout),
            },
          ],
        },
      });
    });
  }

  entries.push(...parlayEntries(seedAt));
  return entries;
}
