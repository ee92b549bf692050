import type { Outcome, Side } from '../../../lib/core/api/primitives';
import { formatContracts } from '../../../lib/core/format/money';
import { formatCents } from '../../../lib/core/format/price';
import type { LadderLevel } from '../../../lib/core/orders/book-ladder';
import { aboveCapReason, buyAboveCap } from '../../../lib/core/orders/cap';
import { OrderRuleError } from '../../../lib/core/orders/issues';
import { priceLimitOrder } from '../../../lib/core/orders/limit-pricing';
import { formatScaled, PRICE_DECIMALS } from '../../../lib/core/orders/units';
import type { PanelState } from '../../../lib/protocol/views';
import { OUTCOMES, presetLabel } from './buttons';

/** One level of the book as a button: a post-only order resting at that price. */
export interface LevelButtonModel {
  /** Stable per level across pushes (keyed lists): `YES:BUY:410`. */
  key: string;
  outcome: Outcome;
  /** BUY on the bid side, SELL on the ask side. */
  side: Side;
  /** The level's price as the user sees it, the decimal sent (`0.41`). */
  price: string;
  /** `41¢`. */
  priceText: string;
  /** Contracts resting at the level in the book (`1,200`). */
  depthText: string;
  /** The chosen preset, raw. */
  amountRaw: string;
  /** `Buy 24.39 @ 41¢`, or `Buy $10 @ 41¢` when it cannot be priced. */
  label: string;
  /** Collateral at stake as the background will count it (null when unpriceable). */
  notionalRaw: bigint | null;
  needsConfirmation: boolean;
  /** Why the level cannot be pressed (null: it can). */
  disabledReason: string | null;
}

export interface OutcomeLadderRows {
  outcome: Outcome;
  bids: LevelButtonModel[];
  asks: LevelButtonModel[];
}

/** Post-only mode pauses one-click orders but accepts exactly these. */
export function ladderBlock(state: PanelState): string | null {
  const { block } = state;
  if (!block) return null;
  if (block.code === 'trading-mode' && state.mode?.mode === 'post_only') return null;
  return block.message;
}

function reasonOf(error: unknown): string {
  const text =
    error instanceof OrderRuleError
      ? error.issues.map((i) => i.message).join('; ')
      : 'This level cannot be priced.';
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function level(
  state: PanelState,
  outcome: Outcome,
  side: Side,
  row: LadderLevel,
  amountRaw: string,
  held: bigint,
  blocked: string | null,
): LevelButtonModel {
  const millis = BigInt(row.priceMillis);
  const price = formatScaled(millis, PRICE_DECIMALS);
  const priceText = formatCents(Number(millis) / 1000);
  const verb = side === 'BUY' ? 'Buy' : 'Sell';
  const base = {
    key: `${outcome}:${side}:${row.priceMillis}`,
    outcome,
    side,
    price,
    priceText,
    depthText: formatContracts(row.sizeRaw, 0),
    amountRaw,
  };
  const capRaw = BigInt(state.caps.maxOrderNotionalRaw);
  const unpriced = (reason: string): LevelButtonModel => ({
    ...base,
    label: `${verb} ${presetLabel(amountRaw)} @ ${priceText}`,
    notionalRaw: null,
    needsConfirmation: false,
    disabledReason: blocked ?? reason,
  });
  // As for the presets (buttons.ts): a buy above the cap is refused for the cap, whatever else.
  if (side === 'BUY' && buyAboveCap(BigInt(amountRaw), capRaw))
    return unpriced(aboveCapReason(capRaw));
  try {
    const priced = priceLimitOrder({ outcome, side, price, amountRaw }, held);
    const overCap = priced.notionalRaw > capRaw;
    return {
      ...base,
      label: `${verb} ${formatContracts(priced.amounts.contracts)} @ ${priceText}`,
      notionalRaw: priced.notionalRaw,
      needsConfirmation: !overCap && priced.notionalRaw > BigInt(state.quickTrade.confirmAboveRaw),
      disabledReason: blocked ?? (overCap ? aboveCapReason(capRaw) : null),
    };
  } catch (error) {
    return unpriced(reasonOf(error));
  }
}

const heldOf = (state: PanelState, outcome: Outcome): bigint => {
  const raw = BigInt(state.position?.[outcome === 'YES' ? 'yes' : 'no'].contractsRaw ?? '0');
  return raw > 0n ? raw : 0n;
};

/**
 * The ladder's buttons for the chosen preset: each outcome's top bids (a click buys there)
 * and asks (a click sells there, from a held position). Only levels the panel state
 * carries, so this costs a few exact multiplications per push.
 */
export function ladderRows(state: PanelState, amountRaw: string): OutcomeLadderRows[] {
  const ladder = state.ladder;
  if (!ladder) return [];
  const blocked = ladderBlock(state);
  return OUTCOMES.map((outcome) => {
    const book = outcome === 'YES' ? ladder.yes : ladder.no;
    const held = heldOf(state, outcome);
    return {
      outcome,
      bids: book.bids.map((row) => level(state, outcome, 'BUY', row, amountRaw, held, blocked)),
      asks: book.asks.map((row) => level(state, outcome, 'SELL', row, amountRaw, held, blocked)),
    };
  });
}
