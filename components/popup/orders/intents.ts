import { errorSentence } from '../../../lib/core/client/errors';
import { formatContracts, formatUsd } from '../../../lib/core/format/money';
import { formatCents } from '../../../lib/core/format/price';
import type { IntentState, IntentView } from '../../../lib/protocol/intent';
import { fillWords } from '../../../lib/protocol/intent-fill';

export type IntentTone = 'pending' | 'done' | 'warn' | 'bad';

/** One of the desk's recent intents, as the Orders screen lists it. */
export interface IntentRow {
  id: string;
  marketSlug: string;
  title: string;
  /** `BUY YES · FOK $10.00`, `SELL NO · FAK 12 @ 55¢`. */
  what: string;
  state: IntentState;
  label: string;
  tone: IntentTone;
  /** The outcome in words: the fill, the reason of a refusal; empty when the label says it all. */
  detail: string;
  /** The fill's figures exact (a tooltip); empty when nothing filled. */
  detailExact: string;
  /** Set while the order waits for its taker delay: the UI counts down to it. */
  delayedUntil: string | null;
  /** Delayed and resting orders can still be cancelled through the desk. */
  cancellable: boolean;
  createdAt: number;
}

const LABELS: Record<IntentState, [string, IntentTone]> = {
  preparing: ['Preparing', 'pending'],
  sending: ['Sending', 'pending'],
  reconciling: ['Checking with the exchange', 'pending'],
  delayed: ['Delayed', 'pending'],
  resting: ['Resting', 'pending'],
  filled: ['Filled', 'done'],
  'partially-filled': ['Partly filled', 'done'],
  cancelled: ['Cancelled', 'warn'],
  'stp-cancelled': ['Cancelled (self-trade prevention)', 'warn'],
  killed: ['Not filled', 'warn'],
  rejected: ['Rejected', 'bad'],
  failed: ['Failed', 'bad'],
};

function describe(view: IntentView): string {
  // A FOK buy asks for an amount of money, every other order for contracts: say which.
  const amount =
    view.orderType === 'FOK' && view.side === 'BUY'
      ? formatUsd(view.requestedRaw)
      : `${formatContracts(view.requestedRaw)} contracts`;
  const price = view.price === null ? '' : ` @ ${formatCents(view.price)}`;
  return `${view.side} ${view.outcome} · ${view.orderType} ${amount}${price}`;
}

function detailOf(view: IntentView): string {
  switch (view.state) {
    case 'rejected':
    case 'failed':
      return view.error ? errorSentence(view.error) : 'No reason was given.';
    case 'filled':
    case 'partially-filled':
      return fillWords(view).text;
    case 'resting': {
      const filled = fillWords(view).text;
      return filled ? `${filled} filled so far` : 'On the book';
    }
    default:
      return view.error ? errorSentence(view.error) : '';
  }
}

export function intentRow(view: IntentView): IntentRow {
  const [label, tone] = LABELS[view.state];
  const delayedUntil = view.state === 'delayed' ? view.eligibleAt : null;
  return {
    id: view.clientOrderId,
    marketSlug: view.marketSlug,
    title: view.marketTitle ?? view.marketSlug,
    what: describe(view),
    state: view.state,
    label,
    tone,
    detail: detailOf(view),
    detailExact: view.state === 'rejected' || view.state === 'failed' ? '' : fillWords(view).exact,
    delayedUntil,
    cancellable: view.state === 'delayed' || view.state === 'resting',
    createdAt: view.createdAt,
  };
}

/** The desk's intents, newest first, at most `limit`. */
export function intentRows(intents: IntentView[], limit = 20): IntentRow[] {
  return [...intents]
    .sort((a, b) => b.createdAt - a.createdAt)
    .slice(0, limit)
    .map(intentRow);
}
