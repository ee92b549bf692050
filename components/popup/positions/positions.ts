import type { UserOrder } from '../../../lib/core/api/orders';
import type {
  AmmPosition,
  ClobPosition,
  ClobPositionMarket,
  GroupPosition,
  PositionSide,
  Positions,
} from '../../../lib/core/api/portfolio';
import type { Outcome, Side } from '../../../lib/core/api/primitives';
import { priceNumberToRaw, valueAtPrice } from '../../../lib/core/format/raw-price';
import { markWords } from '../../../lib/protocol/mark-words';
import type { MarketMarkView } from '../../../lib/protocol/position-marks';

/** One outcome of a CLOB position, as the popup shows it. */
export interface SideRow {
  outcome: Outcome;
  /** From `tokensBalance`: what is held now. */
  contractsRaw: bigint;
  /** `fillPrice`: the average fill price, raw (1e6 = 1.00). */
  avgPriceRaw: bigint;
  costRaw: bigint;
  marketValueRaw: bigint;
  unrealizedRaw: bigint;
  realisedRaw: bigint;
  /** Which price marks value and P&L: the live book's bids, or the exchange's figure. */
  markedBy: string;
}

/** Per market slug, how its held sides are marked (`PortfolioView.marks`). */
export type Marks = Readonly<Record<string, MarketMarkView>>;

/** An open order of the user, with the outcome its token stands for. */
export interface OrderRow {
  id: string;
  /** Null when the server did not name the market: then the order cannot be cancelled from here. */
  marketSlug: string | null;
  /** Null when the token is neither of the market's two position ids. */
  outcome: Outcome | null;
  side: Side;
  price: number | null;
  originalRaw: bigint;
  remainingRaw: bigint;
  filledRaw: bigint;
  orderType: UserOrder['orderType'];
  postOnly: boolean;
  /** Set while the order is held by a taker delay. */
  delayedUntil: string | null;
  createdAt: string;
}

/** What every market-like row has: where it links, what it is called, its state. */
export interface MarketHeader {
  key: string;
  slug: string | null;
  title: string;
  imageUrl: string | null;
  status: string;
  /**
   * RESOLVED names a winner, but the spec warns it does not mean the payout is
   * settled or the position redeemable: the UI says "payout pending".
   */
  resolved: boolean;
  winner: Outcome | null;
}

export interface MarketRow extends MarketHeader {
  kind: 'clob';
  groupTitle: string | null;
  sides: SideRow[];
  orders: OrderRow[];
  valueRaw: bigint;
  unrealizedRaw: bigint;
  realisedRaw: bigint;
}

export interface AmmRow extends MarketHeader {
  kind: 'amm';
  outcome: Outcome;
  contractsRaw: bigint;
  /** What was paid in (`collateralAmount`). */
  costRaw: bigint;
  /** Valued at the latest outcome-token price; null when there is no price (never invented). */
  valueRaw: bigint | null;
  unrealizedRaw: bigint | null;
}

export interface GroupBlock {
  key: string;
  slug: string;
  title: string;
  imageUrl: string | null;
  markets: MarketRow[];
  valueRaw: bigint;
  unrealizedRaw: bigint;
}

export interface PortfolioTotals {
  valueRaw: bigint;
  unrealizedRaw: bigint;
  realisedRaw: bigint;
  todaysRewardsRaw: bigint;
  points: number;
  /** Positions left out of value and P&L because no price exists for them. */
  unpriced: number;
}

export interface PortfolioModel {
  markets: MarketRow[];
  groups: GroupBlock[];
  amm: AmmRow[];
  totals: PortfolioTotals;
  isEmpty: boolean;
}

const big = (raw: string): bigint => BigInt(raw);

/** The outcome a token id stands for in this market (`position_ids` is `[yes, no]`). */
export function outcomeOfToken(market: ClobPositionMarket, tokenId: string): Outcome | null {
  const [yes, no] = market.position_ids;
  if (yes !== undefined && tokenId === yes) return 'YES';
  if (no !== undefined && tokenId === no) return 'NO';
  return null;
}

export function orderRow(order: UserOrder, market: ClobPositionMarket): OrderRow {
  const original = big(order.originalSize);
  const remaining = big(order.remainingSize);
  return {
    id: order.id,
    marketSlug: market.slug ?? null,
    outcome: outcomeOfToken(market, order.tokenId),
    side: order.side,
    price: order.price,
    originalRaw: original,
    remainingRaw: remaining,
    filledRaw: original > remaining ? original - remaining : 0n,
    orderType: order.orderType,
    postOnly: order.postOnly,
    delayedUntil: order.settlementStatus === 'DELAYED' ? order.eligibleAt : null,
    createdAt: order.createdAt,
  };
}

function sideRow(
  outcome: Outcome,
  side: PositionSide,
  balance: string,
  mark: MarketMarkView | undefined,
): SideRow {
  return {
    markedBy: markWords(outcome, mark?.[outcome === 'YES' ? 'yes' : 'no'] ?? null),
    outcome,
    contractsRaw: big(balance),
    avgPriceRaw: big(side.fillPrice),
    costRaw: big(side.cost),
    marketValueRaw: big(side.marketValue),
    unrealizedRaw: big(side.unrealizedPnl),
    realisedRaw: big(side.realisedPnl),
  };
}

/** A side is worth a line while anything is held, paid or realised on it. */
const hasContent = (s: SideRow): boolean =>
  s.contractsRaw !== 0n ||
  s.costRaw !== 0n ||
  s.marketValueRaw !== 0n ||
  s.realisedRaw !== 0n ||
  s.unrealizedRaw !== 0n;

function winnerOf(status: string, winningIndex: number | null | undefined): Outcome | null {
  if (status !== 'RESOLVED' || winningIndex === null || winningIndex === undefined) return null;
  return winningIndex === 0 ? 'YES' : winningIndex === 1 ? 'NO' : null;
}

export function marketRow(
  position: ClobPosition,
  groupTitle: string | null = null,
  marks: Marks = {},
): MarketRow {
  const { market } = position;
  const mark = market.slug ? marks[market.slug] : undefined;
  const sides = [
    sideRow('YES', position.positions.yes, position.tokensBalance.yes, mark),
    sideRow('NO', position.positions.no, position.tokensBalance.no, mark),
  ].filter(hasContent);
  const sum = (pick: (s: SideRow) => bigint) => sides.reduce((n, s) => n + pick(s), 0n);
  return {
    kind: 'clob',
    key: `clob:${market.slug ?? market.condition_id ?? market.title}`,
    slug: market.slug ?? null,
    title: market.title,
    imageUrl: market.image_url,
    status: market.status,
    resolved: market.status === 'RESOLVED',
    winner: winnerOf(market.status, market.winning_index),
    groupTitle,
    sides,
    orders: position.orders.map((o) => orderRow(o, market)).sort(newestFirst),
    valueRaw: sum((s) => s.marketValueRaw),
    unrealizedRaw: sum((s) => s.unrealizedRaw),
    realisedRaw: sum((s) => s.realisedRaw),
  };
}

export function ammRow(position: AmmPosition, index: number): AmmRow {
  const outcome: Outcome = position.outcomeIndex === 0 ? 'YES' : 'NO';
  const contracts = big(position.outcomeTokenAmount);
  const cost = big(position.collateralAmount);
  const price = priceNumberToRaw(position.latestTrade?.outcomeTokenPrice);
  const value = price === null ? null : valueAtPrice(contracts, price);
  const { market } = position;
  return {
    kind: 'amm',
    key: `amm:${market.slug ?? market.title}:${index}`,
    slug: market.slug ?? null,
    title: market.title,
    imageUrl: market.image_url ?? null,
    status: market.status,
    resolved: market.status === 'RESOLVED',
    winner: null,
    outcome,
    contractsRaw: contracts,
    costRaw: cost,
    valueRaw: value,
    unrealizedRaw: value === null ? null : value - cost,
  };
}

/**
 * The rows built from each position, with what they were built from. The state port keeps
 * a position and its market's marks as the same objects while they do not change
 * (lib/protocol/state-patch.ts): a book update then rebuilds the one row it moved, and
 * every other card sees the same row and is not drawn again. A row without marks (the
 * popup's order count, the side panel's market list) is kept apart from the marked one,
 * so that the two callers of one state do not rebuild each other's rows.
 */
interface KeptRows {
  groupTitle: string | null;
  unmarked?: MarketRow;
  marked?: { mark: Marks[string]; row: MarketRow };
}

const rows = new WeakMap<ClobPosition, KeptRows>();

function keptRow(position: ClobPosition, groupTitle: string | null, marks: Marks): MarketRow {
  const mark = position.market.slug ? marks[position.market.slug] : undefined;
  let kept = rows.get(position);
  if (kept?.groupTitle !== groupTitle) {
    kept = { groupTitle };
    rows.set(position, kept);
  }
  if (mark === undefined) {
    kept.unmarked ??= marketRow(position, groupTitle, marks);
    return kept.unmarked;
  }
  if (kept.marked?.mark !== mark)
    kept.marked = { mark, row: marketRow(position, groupTitle, marks) };
  return kept.marked.row;
}

function newestFirst(a: OrderRow, b: OrderRow): number {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt);
}

/** Open markets first, largest value first; resolved ones after them; then by title. */
function byValue(a: MarketRow, b: MarketRow): number {
  if (a.resolved !== b.resolved) return a.resolved ? 1 : -1;
  if (a.valueRaw !== b.valueRaw) return a.valueRaw > b.valueRaw ? -1 : 1;
  return a.title.localeCompare(b.title);
}

const shown = (row: MarketRow): boolean => row.sides.length > 0 || row.orders.length > 0;

function groupBlock(group: GroupPosition, marks: Marks): GroupBlock {
  const markets = group.positions
    .map((p) => keptRow(p, group.group.title, marks))
    .filter(shown)
    .sort(byValue);
  return {
    key: `group:${group.group.id}`,
    slug: group.group.slug,
    title: group.group.title,
    imageUrl: group.group.image_url ?? null,
    markets,
    valueRaw: markets.reduce((n, m) => n + m.valueRaw, 0n),
    unrealizedRaw: markets.reduce((n, m) => n + m.unrealizedRaw, 0n),
  };
}

/**
 * The Positions screen from the background's `Positions`: every CLOB position
 * (standalone and inside groups), AMM positions, and the totals at the top. Figures
 * are the background's: the exchange's cost, and value and P&L marked to the live book
 * where `marks` names the market (else the exchange's); only AMM value is computed, at the
 * latest outcome price when there is one.
 */
export function buildPortfolioModel(positions: Positions, marks: Marks = {}): PortfolioModel {
  const markets = positions.clob
    .map((p) => keptRow(p, null, marks))
    .filter(shown)
    .sort(byValue);
  const groups = positions.group
    .map((g) => groupBlock(g, marks))
    .filter((g) => g.markets.length > 0)
    .sort((a, b) => (a.valueRaw === b.valueRaw ? 0 : a.valueRaw > b.valueRaw ? -1 : 1));
  const amm = positions.amm.map(ammRow).filter((r) => r.contractsRaw !== 0n || r.costRaw !== 0n);
  const clobRows = [...markets, ...groups.flatMap((g) => g.markets)];
  let value = 0n;
  let unrealized = 0n;
  let realised = 0n;
  for (const row of clobRows) {
    value += row.valueRaw;
    unrealized += row.unrealizedRaw;
    realised += row.realisedRaw;
  }
  let unpriced = 0;
  for (const row of amm) {
    if (row.valueRaw === null || row.unrealizedRaw === null) {
      unpriced++;
      continue;
    }
    value += row.valueRaw;
    unrealized += row.unrealizedRaw;
  }
  return {
    markets,
    groups,
    amm,
    totals: {
      valueRaw: value,
      unrealizedRaw: unrealized,
      realisedRaw: realised,
      todaysRewardsRaw: big(positions.rewards.todaysRewards),
      points: positions.points,
      unpriced,
    },
    isEmpty: clobRows.length === 0 && amm.length === 0,
  };
}
