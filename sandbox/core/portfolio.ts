import type { z } from 'zod';
import type { PositionsEvent } from '../../lib/core/api/events';
import type {
  AmmPosition,
  ClobPosition,
  ClobPositionMarket,
  GroupPosition,
  History,
  PnlChart,
  PnlTimeframe,
  PositionSide,
  PositionsInput,
  Rewards,
  Trades,
} from '../../lib/core/api/portfolio';
import type { Outcome } from '../engine/types';
import { applyLeg, averagePriceRaw, type SidePosition } from './ledger';
import { imagePath, outcomeWon, payoutNumerators, type SandboxMarket } from './markets';
import type { CoreRegistries } from './surface';
import { millisToNumber, userOrderView } from './views';

/** The price one outcome token is valued at: the result once resolved, else the midpoint. */
export function outcomePriceMillis(market: SandboxMarket, outcome: Outcome): bigint | null {
  const wins = market.status === 'RESOLVED' ? outcomeWon(market, outcome) : null;
  if (wins !== null) return wins ? 1000n : 0n;
  if (market.lastMidMillis === null) return null;
  return outcome === 'YES' ? market.lastMidMillis : 1000n - market.lastMidMillis;
}

function sideView(pos: SidePosition, priceMillis: bigint | null): PositionSide {
  const marketValue = priceMillis === null ? 0n : (pos.quantity * priceMillis) / 1000n;
  return {
    cost: pos.cost.toString(),
    fillPrice: averagePriceRaw(pos).toString(),
    realisedPnl: pos.realised.toString(),
    unrealizedPnl: (marketValue - pos.cost).toString(),
    marketValue: marketValue.toString(),
  };
}

const nonNegative = (v: bigint): string => (v < 0n ? '0' : v.toString());

function clobMarketView(core: CoreRegistries, m: SandboxMarket): ClobPositionMarket {
  return {
    slug: m.slug,
    address: m.address,
    title: m.title,
    proxyTitle: null,
    description: m.description,
    question_id: m.questionId,
    condition_id: m.conditionId,
    position_ids: m.tokens ? [m.tokens.yes, m.tokens.no] : [],
    outcome_slot_count: 2,
    winning_index: m.winningOutcomeIndex,
    payout_numerators: payoutNumerators(m),
    status: m.status,
    og_url: null,
    image_url: `${core.baseUrl}${imagePath(m.slug)}`,
    deadline: m.deadline,
    startAt: m.startAt,
    hidden: false,
    txHash: m.creationTxHash,
    resolutionTxHash: m.resolutionTxHash,
    priority_index: m.priorityIndex,
  };
}

function sidesOf(core: CoreRegistries, profileId: number, m: SandboxMarket) {
  const pos = core.ledger.position(profileId, m.slug);
  return {
    yes: sideView(pos.YES, outcomePriceMillis(m, 'YES')),
    no: sideView(pos.NO, outcomePriceMillis(m, 'NO')),
  };
}

function tokensBalanceOf(core: CoreRegistries, profileId: number, m: SandboxMarket) {
  return {
    yes: nonNegative(m.tokens ? core.ledger.balance(profileId, m.tokens.yes) : 0n),
    no: nonNegative(m.tokens ? core.ledger.balance(profileId, m.tokens.no) : 0n),
  };
}

function clobPosition(core: CoreRegistries, profileId: number, m: SandboxMarket): ClobPosition {
  const orders = core.orders.openOf(profileId, m.slug);
  const lastYes = m.lastTradeYesMillis;
  return {
    market: clobMarketView(core, m),
    positions: sidesOf(core, profileId, m),
    tokensBalance: tokensBalanceOf(core, profileId, m),
    orders: orders.map(userOrderView),
    latestTrade:
      lastYes === null
        ? null
        : {
            latestYesPrice: millisToNumber(lastYes),
            latestNoPrice: millisToNumber(1000n - lastYes),
            outcomeTokenPrice: millisToNumber(lastYes),
          },
    rewards: { epochRewards: orders.length > 0 ? '150000' : '0', isEarning: orders.length > 0 },
  };
}

/** The `positions` socket payload of one market for one profile. */
export function positionsEventFor(
  core: CoreRegistries,
  profileId: number,
  m: SandboxMarket,
): PositionsEvent | null {
  const p = core.accounts.byId(profileId);
  if (!p || m.tradeType !== 'clob') return null;
  return {
    account: p.account,
    marketSlug: m.slug,
    positions: sidesOf(core, profileId, m),
    tokensBalance: tokensBalanceOf(core, profileId, m),
    timestamp: core.clock.iso(),
  };
}

/** Simple, deterministic rewards: a function of the profile id only. */
function rewardsOf(profileId: number, now: number): Rewards {
  const base = BigInt(profileId) * 10_000n;
  const day = 86_400_000;
  const epochs = [3, 2, 1].map((n) => ({
    epochId: 100 - n,
    timestamp: new Date(now - n * 7 * day).toISOString(),
    totalRewards: '5000000000',
    userRewards: (base * BigInt(n)).toString(),
    earnedPercent: Number(base * BigInt(n)) / 50_000_000,
  }));
  return {
    todaysRewards: base.toString(),
    totalUnpaidRewards: (base * 3n).toString(),
    totalUserRewardsLastEpoch: (base * 2n).toString(),
    rewardsByEpoch: epochs,
    rewardsChartData: epochs.map((e) => ({
      timestamp: Date.parse(e.timestamp),
      userRewards: e.userRewards,
      totalRewards: e.totalRewards,
    })),
  };
}

/** The seeded AMM position (alice holds YES in the AMM market). */
function ammPositions(core: CoreRegistries, profileId: number): AmmPosition[] {
  const alice = core.accounts.byLabel('alice');
  const market = core.markets.list().find((m) => m.tradeType === 'amm');
  if (profileId !== alice.profileId || !market) return [];
  return [
    {
      market: {
        slug: market.slug,
        title: market.title,
        status: market.status,
        image_url: `${core.baseUrl}${imagePath(market.slug)}`,
      },
      outcomeIndex: 0,
      collateralAmount: '25000000',
      latestTrade: { outcomeTokenPrice: null },
      outcomeTokenAmount: '48000000',
      account: alice.account,
    },
  ];
}

export function positionsOf(core: CoreRegistries, profileId: number): PositionsInput {
  const slugs = new Set([
    ...core.ledger.marketsOf(profileId),
    ...core.orders.openOf(profileId).map((o) => o.marketSlug),
  ]);
  const clob: ClobPosition[] = [];
  const groups = new Map<number, GroupPosition>();
  for (const m of core.markets.list()) {
    if (!slugs.has(m.slug) || m.tradeType !== 'clob') continue;
    const entry = clobPosition(core, profileId, m);
    if (!m.group) {
      clob.push(entry);
      continue;
    }
    let group = groups.get(m.group.id);
    if (!group) {
      group = {
        group: {
          id: m.group.id,
          slug: m.group.slug,
          title: m.group.title,
          image_url: `${core.baseUrl}${m.group.imageUrl}`,
        },
        positions: [],
      };
      groups.set(m.group.id, group);
    }
    group.positions.push(entry);
  }
  const points = profileId * 12;
  return {
    rewards: rewardsOf(profileId, core.clock.now()),
    points,
    accumulativePoints: points * 3,
    amm: ammPositions(core, profileId),
    clob,
    group: [...groups.values()],
  };
}

const paged = <T>(items: T[], limit: number, page: number): T[] =>
  items.slice((page - 1) * limit, page * limit);

export function tradesOf(
  core: CoreRegistries,
  profileId: number,
  limit: number,
  page: number,
): z.input<typeof Trades> {
  const legs = core.ledger
    .legsOf(profileId)
    .filter((l) => l.role !== 'SEED')
    .sort((a, b) => b.at - a.at);
  const data = legs.map((l) => {
    const m = core.markets.bySlug(l.marketSlug);
    const trade = l.tradeEventId ? core.ledger.trade(l.tradeEventId) : undefined;
    return {
      id: l.id,
      marketSlug: l.marketSlug,
      marketTitle: m?.title ?? l.marketSlug,
      tokenId: l.tokenId,
      outcome: l.outcome,
      side: l.side,
      price: millisToNumber(l.priceMillis),
      contracts: l.contracts.toString(),
      collateral: l.collateral.toString(),
      fee: l.fee.toString(),
      orderId: l.orderId ?? '',
      role: l.role === 'MAKER' ? ('MAKER' as const) : ('TAKER' as const),
      txHash: trade?.txHash ?? null,
      createdAt: new Date(l.at).toISOString(),
    };
  });
  return { data: paged(data, limit, page), totalCount: data.length };
}

const TIMEFRAME_MS: Record<PnlTimeframe, number | null> = {
  '1d': 86_400_000,
  '1w': 7 * 86_400_000,
  '1m': 30 * 86_400_000,
  all: null,
};

/** Cumulative realised P&L at each sale, and the current total (realised + unrealised). */
export function pnlChartOf(
  core: CoreRegistries,
  profileId: number,
  timeframe: PnlTimeframe,
): PnlChart {
  const now = core.clock.now();
  const span = TIMEFRAME_MS[timeframe];
  const from = span === null ? 0 : now - span;
  const legs = core.ledger.legsOf(profileId).sort((a, b) => a.at - b.at);
  const positions = new Map<string, SidePosition>();
  let realised = 0n;
  const data: { timestamp: number; value: string }[] = [];
  for (const leg of legs) {
    const key = `${leg.marketSlug}:${leg.outcome}`;
    const pos = positions.get(key) ?? { quantity: 0n, cost: 0n, realised: 0n };
    positions.set(key, pos);
    const before = pos.realised;
    applyLeg(pos, leg);
    realised += pos.realised - before;
    if (leg.side === 'SELL' && leg.at >= from)
      data.push({ timestamp: leg.at, value: realised.toString() });
  }
  let unrealised = 0n;
  for (const [key, pos] of positions) {
    const [slug, outcome] = key.split(':') as [string, Outcome];
    const m = core.markets.bySlug(slug);
    const price = m ? outcomePriceMillis(m, outcome) : null;
    if (price !== null) unrealised += (pos.quantity * price) / 1000n - pos.cost;
  }
  const current = realised + unrealised;
  data.push({ timestamp: now, value: current.toString() });
  return { timeframe, data, current: current.toString() };
}

export function historyOf(
  core: CoreRegistries,
  profileId: number,
  limit: number,
  page: number,
): History {
  const entries = [
    ...core.ledger.historyOf(profileId).map((h) => ({
      id: h.id,
      type: h.type,
      marketSlug: h.marketSlug,
      title: h.marketSlug ? (core.markets.bySlug(h.marketSlug)?.title ?? null) : null,
      amount: h.amount.toString(),
      txHash: h.txHash,
      at: h.at,
    })),
    ...core.ledger
      .legsOf(profileId)
      .filter((l) => l.role !== 'SEED')
      .map((l) => ({
        id: l.id,
        type: l.side === 'BUY' ? 'TRADE_BUY' : 'TRADE_SELL',
        marketSlug: l.marketSlug,
        title: core.markets.bySlug(l.marketSlug)?.title ?? null,
        amount: (l.side === 'BUY' ? -l.collateral : l.collateral).toString(),
        txHash: l.tradeEventId ? (core.ledger.trade(l.tradeEventId)?.txHash ?? null) : null,
        at: l.at,
      })),
  ].sort((a, b) => b.at - a.at);
  const data = entries.map(({ at, ...rest }) => ({
    ...rest,
    createdAt: new Date(at).toISOString(),
  }));
  return { data: paged(data, limit, page), totalCount: data.length };
}
