import type { ClientErrorInfo } from '../core/client/error-info';
import { formatCents } from '../core/format/price';
import type { OutcomeQuote } from '../core/orders/pricing';
import type { IntentView } from '../protocol/intent';

/*
 * The spec names no code for a post-only order that would match ("rejected if it would
 * match immediately", a 400 matching-engine rejection with a string message), so the
 * refusal is known by its words: the sandbox's "Post-only order would match immediately".
 */
const CROSSING_WORDS = /post[\s_-]?only|would (?:match|cross)/i;

/** Whether the exchange refused a post-only order for crossing the book. */
export function isCrossingRefusal(info: ClientErrorInfo): boolean {
  return info.kind === 'rejected' && info.status === 400 && CROSSING_WORDS.test(info.message);
}

/**
 * The one sentence a crossing post-only refusal reads as: the price that was asked, the
 * best price on the other side when the book knows it, and which way to move.
 */
export function crossingSentence(
  view: Pick<IntentView, 'side' | 'outcome' | 'price'>,
  quote: OutcomeQuote | null,
): string {
  const buy = view.side === 'BUY';
  const opposite = buy ? quote?.askMillis : quote?.bidMillis;
  const best =
    opposite === null || opposite === undefined
      ? ''
      : ` (best ${buy ? 'ask' : 'bid'} ${formatCents(Number(opposite) / 1000)})`;
  const at = view.price === null ? '' : ` at ${formatCents(view.price)}`;
  return (
    `Not placed: a post-only ${buy ? 'buy' : 'sell'} of ${view.outcome}${at} would cross the book${best}. ` +
    `Pick a ${buy ? 'lower bid' : 'higher ask'}.`
  );
}
