import type { Outcome } from '../../../lib/core/api/primitives';
import { formatContracts, formatUsd } from '../../../lib/core/format/money';
import { formatCents } from '../../../lib/core/format/price';
import { contractsForSpend } from '../../../lib/core/orders/amounts';
import { aboveCapReason, buyAboveCap } from '../../../lib/core/orders/cap';
import { takerFeeOf } from '../../../lib/core/orders/fees';
import { OrderRuleError } from '../../../lib/core/orders/issues';
import { priceQuickOrder, quoteFor } from '../../../lib/core/orders/pricing';
import { RAW_PER_UNIT } from '../../../lib/core/orders/units';
import type { ParsedQuickOrder } from '../../../lib/protocol/intent';
import type { PanelState } from '../../../lib/protocol/views';

export const OUTCOMES: readonly Outcome[] = ['YES', 'NO'];
export const SELL_PERCENTS = [25, 50, 100] as const;
export type SellPercent = (typeof SELL_PERCENTS)[number];
export type QuickOrderType = 'FOK' | 'FAK';

/** What one quick-trade button is and would do, computed from the same book the background prices with. */
export interface TradeButtonModel {
  /** Stable per button across renders: `BUY:YES:0` (preset index), `SELL:NO:50`. */
  key: string;
  outcome: Outcome;
  side: 'BUY' | 'SELL';
  orderType: QuickOrderType;
  amountRaw?: string;
  sellPercent?: SellPercent;
  /** `$10`, `50%`. */
  label: string;
  /** The whole estimate: `≈17.5 contracts at 57¢`, `17.24 contracts at up to 59¢`; null when the book cannot price it. */
  estimate: string | null;
  /** The short form under the amount: contracts (`≈17.5`, `17.24`). */
  contracts: string | null;
  /** The FAK limit (thousandths) the background will set from the same book; null for FOK. */
  limitMillis: bigint | null;
  /** Collateral at stake as the background will count it (null when unpriceable). */
  notionalRaw: bigint | null;
  needsConfirmation: boolean;
  /** Why the button cannot be pressed right now (null: it can). */
  disabledReason: string | null;
}

const millisToNumber = (millis: bigint): number => Number(millis) / 1000;

/** `$10` for whole dollars, `$2.50` otherwise. */
export function presetLabel(raw: string | bigint): string {
  const value = BigInt(raw);
  return formatUsd(value, value % RAW_PER_UNIT === 0n ? 0 : 2);
}

function refusalText(error: unknown): string {
  if (error instanceof OrderRuleError) {
    const text = error.issues.map((i) => i.message).join('; ');
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  return error instanceof Error ? error.message : 'This order cannot be priced right now.';
}

interface ModelInput {
  key: string;
  label: string;
  request: ParsedQuickOrder;
  state: PanelState;
  held: bigint;
  blocked: string | null;
}

function model({ key, label, request, state, held, blocked }: ModelInput): TradeButtonModel {
  const base = {
    key,
    outcome: request.outcome,
    side: request.side,
    orderType: request.orderType,
    label,
    ...(request.amountRaw !== undefined ? { amountRaw: request.amountRaw } : {}),
    ...(request.sellPercent !== undefined ? { sellPercent: request.sellPercent } : {}),
  };
  const capRaw = BigInt(state.caps.maxOrderNotionalRaw);
  const unpriced = (reason: string) => ({
    ...base,
    estimate: null,
    contracts: null,
    limitMillis: null,
    notionalRaw: null,
    needsConfirmation: false,
    disabledReason: blocked ?? reason,
  });
  // The cap is the reason before the book is asked: a thin book is not why it is refused.
  if (request.amountRaw !== undefined && buyAboveCap(BigInt(request.amountRaw), capRaw))
    return unpriced(aboveCapReason(capRaw));
  let priced: ReturnType<typeof priceQuickOrder>;
  try {
    priced = priceQuickOrder(request, state.book, held, state.quickTrade.slippageMillis);
  } catch (error) {
    return unpriced(refusalText(error));
  }
  const overCap = priced.notionalRaw > capRaw;
  const quote = quoteFor(state.book, request.outcome);
  const { amounts } = priced;
  // What a sell brings is net of the taker fee it pays in money (`takerFeeOf`).
  const netOfFee = (contracts: bigint, gross: bigint): bigint =>
    gross - takerFeeOf('SELL', contracts, gross, state.sellFeeBps ?? 0);
  let contracts: string | null = null;
  let estimate: string | null = null;
  if (priced.limitMillis !== null && amounts.orderType !== 'FOK') {
    const limit = formatCents(millisToNumber(priced.limitMillis));
    contracts = formatContracts(amounts.contracts);
    estimate =
      request.side === 'BUY'
        ? `${contracts} contracts at up to ${limit} (${formatUsd(priced.notionalRaw)})`
        : `${contracts} contracts at ${limit} or better (at least ${formatUsd(netOfFee(amounts.contracts, priced.notionalRaw))}${feeNote(state)})`;
  } else if (amounts.orderType === 'FOK' && amounts.side === 'BUY' && quote.askMillis !== null) {
    contracts = `≈${formatContracts(contractsForSpend(amounts.spend, quote.askMillis))}`;
    estimate = `${contracts} contracts at about ${formatCents(millisToNumber(quote.askMillis))}, spending exactly ${formatUsd(amounts.spend)}`;
  } else if (amounts.orderType === 'FOK' && amounts.side === 'SELL' && quote.bidMillis !== null) {
    contracts = formatContracts(amounts.contracts);
    estimate = `${contracts} contracts at about ${formatCents(millisToNumber(quote.bidMillis))} (≈${formatUsd(netOfFee(amounts.contracts, priced.notionalRaw))}${feeNote(state)})`;
  }
  return {
    ...base,
    estimate,
    contracts,
    limitMillis: priced.limitMillis,
    notionalRaw: priced.notionalRaw,
    needsConfirmation: !overCap && priced.notionalRaw > BigInt(state.quickTrade.confirmAboveRaw),
    disabledReason: blocked ?? (overCap ? aboveCapReason(capRaw) : null),
  };
}

/** Says a sell's money is after the fee, when one is charged. */
const feeNote = (state: PanelState): string =>
  state.sellFeeBps ? ` after the ${state.sellFeeBps / 100}% fee` : '';

const heldOf = (state: PanelState, outcome: Outcome): bigint => {
  const side = state.position?.[outcome === 'YES' ? 'yes' : 'no'];
  const raw = side ? BigInt(side.contractsRaw) : 0n;
  return raw > 0n ? raw : 0n;
};

export interface OutcomeButtons {
  outcome: Outcome;
  buys: TradeButtonModel[];
  /** Empty when nothing of this outcome is held. */
  sells: TradeButtonModel[];
  /** The price the buys go at: `@ 63¢` (FOK, the best ask) or `≤ 65¢` (FAK limit). */
  buyPrice: string | null;
  /** The price the sells go at: `@ 61¢` (FOK, the best bid) or `≥ 59¢` (FAK floor). */
  sellPrice: string | null;
}

/** FOK: the best price it meets first; FAK: the limit the background will set. */
function rowPrice(
  buttons: readonly TradeButtonModel[],
  quoteMillis: bigint | null,
  side: 'BUY' | 'SELL',
): string | null {
  const limit = buttons.find((b) => b.limitMillis !== null)?.limitMillis ?? null;
  if (limit !== null) return `${side === 'BUY' ? '≤' : '≥'} ${formatCents(millisToNumber(limit))}`;
  if (quoteMillis === null || buttons[0]?.orderType !== 'FOK') return null;
  return `@ ${formatCents(millisToNumber(quoteMillis))}`;
}

/**
 * Every quick-trade button of the panel for one order type: a buy per preset and outcome,
 * and a sell per share of each held outcome. A block (locked, trading mode…) disables them
 * all with its reason; a book that cannot price a button disables that one with why.
 */
export function tradeButtons(state: PanelState, orderType: QuickOrderType): OutcomeButtons[] {
  const blocked = state.block ? state.block.message : null;
  return OUTCOMES.map((outcome) => {
    const held = heldOf(state, outcome);
    const buys = state.quickTrade.presets.map((amountRaw, index) =>
      model({
        key: `BUY:${outcome}:${index}`,
        label: presetLabel(amountRaw),
        request: {
          marketSlug: state.marketSlug,
          outcome,
          side: 'BUY',
          orderType,
          amountRaw,
          pressId: 'estimate',
        },
        state,
        held,
        blocked,
      }),
    );
    const sells =
      held > 0n
        ? SELL_PERCENTS.map((sellPercent) =>
            model({
              key: `SELL:${outcome}:${sellPercent}`,
              label: `${sellPercent}%`,
              request: {
                marketSlug: state.marketSlug,
                outcome,
                side: 'SELL',
                orderType,
                sellPercent,
                pressId: 'estimate',
              },
              state,
              held,
              blocked,
            }),
          )
        : [];
    const quote = quoteFor(state.book, outcome);
    return {
      outcome,
      buys,
      sells,
      buyPrice: rowPrice(buys, quote.askMillis, 'BUY'),
      sellPrice: rowPrice(sells, quote.bidMillis, 'SELL'),
    };
  });
}

/** "Click again to confirm $250" (or without the amount when it cannot be priced). */
export const confirmLabel = (button: Pick<TradeButtonModel, 'notionalRaw'>): string =>
  button.notionalRaw !== null
    ? `Click again to confirm ${presetLabel(button.notionalRaw)}`
    : 'Click again to confirm';

/**
 * What an armed button shows in its own box: "Confirm $250". The whole sentence
 * (`confirmLabel`) is its label and title; its box keeps its size (issue 29).
 */
export const armedText = (button: Pick<TradeButtonModel, 'notionalRaw'>): string =>
  button.notionalRaw !== null ? `Confirm ${presetLabel(button.notionalRaw)}` : 'Confirm';

/** Best bid and ask of each outcome, for display (NO mirrors YES: bid = 1 − YES ask). */
export function outcomeQuotes(
  book: PanelState['book'],
): Record<Outcome, { bid: number | null; ask: number | null }> {
  const view = (outcome: Outcome) => {
    const q = quoteFor(book, outcome);
    return {
      bid: q.bidMillis === null ? null : millisToNumber(q.bidMillis),
      ask: q.askMillis === null ? null : millisToNumber(q.askMillis),
    };
  };
  return { YES: view('YES'), NO: view('NO') };
}
