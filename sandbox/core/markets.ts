import type { Address } from 'viem';
import type { MarketRecord } from '../../lib/core/api/markets';
import { labelAddress, labelHash, labelUint256 } from './ids';

export interface MarketGroup {
  id: number;
  slug: string;
  title: string;
  imageUrl: string;
}

/** One market of the sandbox: its static description plus its mutable lifecycle. */
export interface SandboxMarket {
  id: number;
  slug: string;
  title: string;
  description: string;
  tradeType: 'clob' | 'amm';
  negRisk: boolean;
  group: MarketGroup | null;
  status: 'FUNDED' | 'RESOLVED';
  createdAt: string;
  startAt: string;
  deadline: string;
  resolvedAt: string | null;
  winningOutcomeIndex: number | null;
  tokens: { yes: string; no: string } | null;
  venue: { exchange: Address; adapter: Address } | null;
  /** Market address (the condition's contract, shown in positions). */
  address: Address;
  questionId: string;
  conditionId: string;
  creationTxHash: string;
  resolutionTxHash: string | null;
  takerDelayMs: number;
  /** Whether takers pay their `feeRateBps` here (zero-fee markets charge nothing). */
  feesEnabled: boolean;
  /** Where the seeded book is centred, in thousandths (YES price). */
  startMidMillis: bigint;
  /** The latest midpoint the book had (YES, thousandths); null when there never was one. */
  lastMidMillis: bigint | null;
  lastTradeYesMillis: bigint | null;
  priorityIndex: number;
}

export const COLLATERAL_TOKEN: Address = labelAddress('sandbox:collateral:USDC');
export const COLLATERAL_SYMBOL = 'USDC';

export const FED_GROUP: MarketGroup = {
  id: 501,
  slug: 'sandbox-fed-december',
  title: 'Fed decision in December?',
  imageUrl: '/__sandbox/img/sandbox-fed-december.svg',
};

interface MarketSeed {
  id: number;
  slug: string;
  title: string;
  tradeType?: 'clob' | 'amm';
  group?: MarketGroup;
  resolved?: { winningOutcomeIndex: number; resolvedAt: string };
  deadline?: string;
  takerDelayMs?: number;
  feesEnabled?: boolean;
  midMillis: number;
}

const FAR_DEADLINE = '2030-12-31T23:59:59.000Z';

export const MARKET_SEEDS: readonly MarketSeed[] = [
  { id: 1001, slug: 'sandbox-btc-100k', title: 'Will BTC close above $100k?', midMillis: 620 },
  {
    id: 1002,
    slug: 'sandbox-eth-flip',
    title: 'Will ETH flip BTC in market cap?',
    takerDelayMs: 3000,
    feesEnabled: true,
    midMillis: 450,
  },
  {
    id: 1003,
    slug: 'sandbox-fed-cut',
    title: 'Fed cuts rates in December',
    group: FED_GROUP,
    feesEnabled: true,
    midMillis: 300,
  },
  {
    id: 1004,
    slug: 'sandbox-fed-hold',
    title: 'Fed holds rates in December',
    group: FED_GROUP,
    feesEnabled: true,
    midMillis: 600,
  },
  {
    id: 1005,
    slug: 'sandbox-fed-hike',
    title: 'Fed hikes rates in December',
    group: FED_GROUP,
    feesEnabled: true,
    midMillis: 100,
  },
  {
    id: 1006,
    slug: 'sandbox-rain-amm',
    title: 'Will it rain in London tomorrow?',
    tradeType: 'amm',
    midMillis: 500,
  },
  {
    id: 1007,
    slug: 'sandbox-election-resolved',
    title: 'Did the incumbent win the election?',
    resolved: { winningOutcomeIndex: 0, resolvedAt: '2026-01-15T12:00:00.000Z' },
    deadline: '2026-01-10T00:00:00.000Z',
    midMillis: 500,
  },
  {
    id: 1008,
    slug: 'sandbox-expired',
    title: 'Will the launch happen before the deadline?',
    deadline: '2025-06-30T00:00:00.000Z',
    midMillis: 400,
  },
];

export const imagePath = (slug: string): string => `/__sandbox/img/${slug}.svg`;

/**
 * `count` plain CLOB markets beyond the seeded ones (`sandbox-extra-01`, …): zero-fee, no
 * taker delay, mids spread over 0.20–0.80. For figures that need many positions (every
 * demo holder holds both outcomes of every CLOB market from the start).
 */
export function extraMarketSeeds(count: number): MarketSeed[] {
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    return {
      id: 2001 + i,
      slug: `sandbox-extra-${n}`,
      title: `Extra sandbox market ${n}: will it happen?`,
      midMillis: 200 + ((i * 37) % 61) * 10,
    };
  });
}

function buildMarket(seed: MarketSeed, takerDelayOverride: number | undefined): SandboxMarket {
  const clob = (seed.tradeType ?? 'clob') === 'clob';
  const delay = seed.takerDelayMs ?? 0;
  return {
    id: seed.id,
    slug: seed.slug,
    title: seed.title,
    description: `${seed.title} A sandbox market: nothing here is real.`,
    tradeType: seed.tradeType ?? 'clob',
    negRisk: seed.group !== undefined,
    group: seed.group ?? null,
    status: seed.resolved ? 'RESOLVED' : 'FUNDED',
    createdAt: '2025-01-01T00:00:00.000Z',
    startAt: '2025-01-01T00:00:00.000Z',
    deadline: seed.deadline ?? FAR_DEADLINE,
    resolvedAt: seed.resolved?.resolvedAt ?? null,
    winningOutcomeIndex: seed.resolved?.winningOutcomeIndex ?? null,
    tokens: clob
      ? { yes: labelUint256(`${seed.slug}:YES`), no: labelUint256(`${seed.slug}:NO`) }
      : null,
    venue: clob
      ? {
          exchange: labelAddress(`${seed.slug}:venue:exchange`),
          adapter: labelAddress(`${seed.slug}:venue:adapter`),
        }
      : null,
    address: labelAddress(`${seed.slug}:market`),
    questionId: labelHash(`${seed.slug}:question`),
    conditionId: labelHash(`${seed.slug}:condition`),
    creationTxHash: labelHash(`${seed.slug}:created`),
    resolutionTxHash: seed.resolved ? labelHash(`${seed.slug}:resolved`) : null,
    // The flag overrides every market that has a delay (the seeded one is 3 s).
    takerDelayMs: delay > 0 && takerDelayOverride !== undefined ? takerDelayOverride : delay,
    feesEnabled: seed.feesEnabled ?? false,
    startMidMillis: BigInt(seed.midMillis),
    lastMidMillis: clob && !seed.resolved ? BigInt(seed.midMillis) : null,
    lastTradeYesMillis: null,
    priorityIndex: seed.id - 1000,
  };
}

/** The markets, by slug, with their mutable lifecycle (resolution, last midpoint). */
export class MarketRegistry {
  private markets: SandboxMarket[] = [];

  constructor(
    private readonly takerDelayOverride: number | undefined,
    private readonly extraMarkets = 0,
  ) {
    this.reset();
  }

  reset(): void {
    this.markets = [...MARKET_SEEDS, ...extraMarketSeeds(this.extraMarkets)].map((s) =>
      buildMarket(s, this.takerDelayOverride),
    );
  }

  list(): readonly SandboxMarket[] {
    return this.markets;
  }

  bySlug(slug: string): SandboxMarket | undefined {
    return this.markets.find((m) => m.slug === slug);
  }

  byTokenId(tokenId: string): SandboxMarket | undefined {
    return this.markets.find((m) => m.tokens?.yes === tokenId || m.tokens?.no === tokenId);
  }

  groups(): MarketGroup[] {
    const seen = new Map<number, MarketGroup>();
    for (const m of this.markets) if (m.group) seen.set(m.group.id, m.group);
    return [...seen.values()];
  }

  /** CLOB markets that take orders now (funded, unresolved, before the deadline). */
  isTradable(market: SandboxMarket, now: number): boolean {
    return (
      market.tradeType === 'clob' && market.status === 'FUNDED' && Date.parse(market.deadline) > now
    );
  }
}

/** `[yes, no]` prices: the resolution for a resolved market, else the stored midpoint. */
export function marketPrices(market: SandboxMarket): [number, number] | null {
  const payout = market.status === 'RESOLVED' ? payoutNumerators(market) : null;
  if (payout) return payout;
  if (market.tradeType !== 'clob' || market.lastMidMillis === null) return null;
  const yes = Number(market.lastMidMillis) / 1000;
  return [yes, Number((1000n - market.lastMidMillis).toString()) / 1000];
}

/** `baseUrl` makes the image URL absolute (the API's own address). */
export function marketRecordView(market: SandboxMarket, baseUrl = ''): MarketRecord {
  return {
    id: market.id,
    slug: market.slug,
    title: market.title,
    description: market.description,
    status: market.status,
    tradeType: market.tradeType,
    negRisk: market.negRisk,
    group: market.group
      ? { id: market.group.id, slug: market.group.slug, title: market.group.title }
      : null,
    deadline: market.deadline,
    createdAt: market.createdAt,
    startAt: market.startAt,
    resolvedAt: market.resolvedAt,
    winningOutcomeIndex: market.winningOutcomeIndex,
    payoutNumerators: payoutNumerators(market),
    prices: marketPrices(market),
    imageUrl: `${baseUrl}${imagePath(market.slug)}`,
    tokens: market.tokens,
    venue: market.venue,
    collateralToken: COLLATERAL_TOKEN,
    settings: {
      takerDelayMs: market.takerDelayMs,
      feesEnabled: market.feesEnabled,
      minSize: '100',
    },
  };
}

/**
 * What one contract of each outcome pays once the market is resolved, `[yes, no]`: 1 for
 * the winner, 0 for the other; null until it is resolved. Every view of a resolution (the
 * positions, the feed, the site, settlement) reads it from here.
 */
export function payoutNumerators(
  market: Pick<SandboxMarket, 'winningOutcomeIndex'>,
): [number, number] | null {
  if (market.winningOutcomeIndex === null) return null;
  return market.winningOutcomeIndex === 0 ? [1, 0] : [0, 1];
}

/** Whether `outcome` won (null until the market is resolved). */
export function outcomeWon(
  market: Pick<SandboxMarket, 'winningOutcomeIndex'>,
  outcome: 'YES' | 'NO',
): boolean | null {
  const payout = payoutNumerators(market);
  return payout === null ? null : payout[outcome === 'YES' ? 0 : 1] === 1;
}
