import { OrderBook } from '../engine/book';
import type { Outcome } from '../engine/types';
import {
  type AccountRegistry,
  HOLDER_LABELS,
  type SandboxProfile,
  SEED_MAKER_LABELS,
} from './accounts';
import { fakeTxHash, newId } from './ids';
import { COLLATERAL, type Ledger } from './ledger';
import type { MarketRegistry, SandboxMarket } from './markets';
import type { OrderRecord, OrderStore } from './orders';
import { Rng } from './rng';

const SEED_COLLATERAL = 10_000_000_000n; // 10,000 USDC
const BOT_COLLATERAL = 1_000_000_000_000n;
const SEED_HOLDING = 500_000_000n; // 500 contracts of each outcome
const BOT_HOLDING = 100_000_000_000n;
const SEED_COST_PRICE = 500n;
const DAY_MS = 86_400_000;

export type PricePoint = { at: number; yesMillis: bigint };

/** The state a seed produces beside the accounts, ledger and orders it fills in. */
export interface Seeded {
  books: Map<string, OrderBook>;
  priceHistory: Map<string, PricePoint[]>;
  /** Pool price (YES, thousandths) of each unresolved AMM market. */
  ammPrices: Map<string, bigint>;
}

interface SeedTarget {
  accounts: AccountRegistry;
  markets: MarketRegistry;
  ledger: Ledger;
  orders: OrderStore;
  now: number;
}

/**
 * The sandbox's starting state for a seed, the same every time: deposits, holdings of
 * every outcome for the demo traders, two-sided books from two makers, a two-day price walk.
 */
export function seedExchange(target: SeedTarget, seed: number): Seeded {
  const { accounts, markets, ledger, now } = target;
  const rng = new Rng(seed);
  const seeded: Seeded = { books: new Map(), priceHistory: new Map(), ammPrices: new Map() };
  for (const market of markets.list()) {
    if (market.tradeType === 'amm' && market.status !== 'RESOLVED') {
      seeded.ammPrices.set(market.slug, market.startMidMillis);
    }
  }
  for (const p of accounts.list()) {
    const amount = p.role === 'bot' ? BOT_COLLATERAL : SEED_COLLATERAL;
    ledger.credit(p.profileId, COLLATERAL, amount);
    ledger.addHistory({
      id: newId(),
      profileId: p.profileId,
      type: 'DEPOSIT',
      marketSlug: null,
      amount,
      txHash: fakeTxHash(`deposit:${p.label}`),
      at: now - DAY_MS,
    });
  }
  for (const market of markets.list()) {
    if (market.tradeType !== 'clob' || !market.tokens) continue;
    const book = new OrderBook();
    seeded.books.set(market.slug, book);
    for (const label of HOLDER_LABELS) {
      const p = accounts.byLabel(label);
      for (const outcome of ['YES', 'NO'] as const) {
        const tokenId = outcome === 'YES' ? market.tokens.yes : market.tokens.no;
        ledger.credit(p.profileId, tokenId, SEED_HOLDING);
        ledger.addSeedLeg({
          id: newId(),
          profileId: p.profileId,
          orderId: null,
          tradeEventId: null,
          marketSlug: market.slug,
          outcome,
          tokenId,
          side: 'BUY',
          contracts: SEED_HOLDING,
          collateral: (SEED_HOLDING * SEED_COST_PRICE) / 1000n,
          fee: 0n,
          priceMillis: SEED_COST_PRICE,
          role: 'SEED',
          at: now - DAY_MS,
          failed: false,
        });
      }
    }
    for (const label of SEED_MAKER_LABELS) {
      const p = accounts.byLabel(label);
      ledger.credit(p.profileId, market.tokens.yes, BOT_HOLDING);
      ledger.credit(p.profileId, market.tokens.no, BOT_HOLDING);
    }
    seeded.priceHistory.set(
      market.slug,
      priceWalk(market, rng.fork(`history:${market.slug}`), now),
    );
    if (markets.isTradable(market, now)) {
      seedBook(target, book, market, rng.fork(`book:${market.slug}`));
    }
  }
  return seeded;
}

/** A starting two-sided book: maker 1 quotes YES, maker 2 quotes NO, both around the mid. */
function seedBook(target: SeedTarget, book: OrderBook, market: SandboxMarket, rng: Rng): void {
  const mid = market.startMidMillis;
  const [m1, m2] = SEED_MAKER_LABELS.map((l) => target.accounts.byLabel(l));
  if (!m1 || !m2) return;
  const quote = (
    p: SandboxProfile,
    side: 'BUY' | 'SELL',
    outcome: Outcome,
    priceMillis: bigint,
    contracts: bigint,
  ) => seedRestingOrder(target, book, p, market, { side, outcome, priceMillis, contracts });
  for (let level = 1n; level <= 3n; level++) {
    const size = () => BigInt(rng.int(20, 60)) * 10_000_000n; // 200–600 contracts
    quote(m1, 'BUY', 'YES', mid - 10n * level, size());
    quote(m1, 'SELL', 'YES', mid + 10n * level, size());
    // NO quotes sit between the YES levels: BUY NO at q is a YES ask at 1 − q.
    quote(m2, 'BUY', 'NO', 1000n - (mid + 10n * level + 5n), size());
    quote(m2, 'SELL', 'NO', 1000n - (mid - 10n * level - 5n), size());
  }
  market.lastMidMillis = book.midpoint() ?? market.lastMidMillis;
}

/** Inserts a starting quote directly (unsigned, marked as seeded). */
function seedRestingOrder(
  { ledger, orders, now }: SeedTarget,
  book: OrderBook,
  p: SandboxProfile,
  market: SandboxMarket,
  quote: { side: 'BUY' | 'SELL'; outcome: Outcome; priceMillis: bigint; contracts: bigint },
): void {
  const { side, outcome, priceMillis, contracts } = quote;
  if (!market.tokens || !market.venue) return;
  if (priceMillis < 10n || priceMillis > 990n) return;
  const tokenId = outcome === 'YES' ? market.tokens.yes : market.tokens.no;
  const collateral = (priceMillis * contracts) / 1000n;
  const record: OrderRecord = {
    id: newId(),
    clientOrderId: null,
    ownerId: p.profileId,
    callerProfileId: p.profileId,
    marketSlug: market.slug,
    marketId: market.id,
    orderType: 'GTC',
    side,
    outcome,
    tokenId,
    priceMillis,
    price: Number(priceMillis) / 1000,
    makerAmount: side === 'BUY' ? collateral : contracts,
    takerAmount: side === 'BUY' ? contracts : collateral,
    salt: 0n,
    maker: p.account,
    signer: p.account,
    taker: '0x0000000000000000000000000000000000000000',
    signature: null,
    signatureType: null,
    signatureValid: null,
    delegated: false,
    feeRateBps: 0,
    postOnly: true,
    stpPolicy: 'cancel_maker',
    orderHash: null,
    size: contracts,
    remaining: contracts,
    filledContracts: 0n,
    consumed: 0n,
    state: 'OPEN',
    settlementStatus: 'UNMATCHED',
    reason: 'seeded starting quote',
    eligibleAt: null,
    createdAt: now,
    reservedAsset: side === 'BUY' ? COLLATERAL : tokenId,
    reservedAmount: side === 'BUY' ? collateral : contracts,
    collateralSpent: 0n,
    tradeEventIds: [],
  };
  ledger.reserve(p.profileId, record.reservedAsset ?? COLLATERAL, record.reservedAmount);
  orders.accept(record);
  book.add({
    id: record.id,
    ownerId: p.profileId,
    side,
    outcome,
    priceMillis,
    remaining: contracts,
  });
}

/** A deterministic past price walk (hourly, two days) for the price chart. */
function priceWalk(market: SandboxMarket, rng: Rng, now: number): PricePoint[] {
  const points: PricePoint[] = [];
  let price = Number(market.startMidMillis);
  const hour = 3_600_000;
  const start = Math.floor(now / hour) * hour - 48 * hour;
  for (let i = 0; i < 48; i++) {
    price = Math.min(980, Math.max(20, price + rng.int(-15, 15)));
    points.push({ at: start + i * hour, yesMillis: BigInt(price) });
  }
  points.push({ at: now, yesMillis: market.startMidMillis });
  return points;
}
