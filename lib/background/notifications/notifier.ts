import type { OmeOrderEvent, SettlementOrderEvent } from '../../core/api/events';
import type { UserOrder } from '../../core/api/orders';
import { errorSentence } from '../../core/client/errors';
import { formatContracts } from '../../core/format/money';
import { formatCents } from '../../core/format/price';
import { RecentKeys } from '../../live/dedupe';
import type { IntentState, IntentView } from '../../protocol/intent';
import { fillWords } from '../../protocol/intent-fill';

export interface NotificationSpec {
  /** Stable per event: the same event never notifies twice, even after a restart. */
  key: string;
  title: string;
  message: string;
  marketSlug: string;
}

const where = (view: IntentView): string => view.marketTitle ?? view.marketSlug;

/**
 * States a released delayed order can reach that say more than "released": a fill is told
 * once its amounts are counted (the engine's EXECUTION can come before the settlement event
 * that carries them), a failure by its own notice, the user's cancel by nothing.
 */
const RELEASE_TOLD_ELSEWHERE: ReadonlySet<IntentState> = new Set([
  'delayed',
  'filled',
  'partially-filled',
  'failed',
  'rejected',
  'cancelled',
]);

/** The fills `after` counts beyond `before`, as a view of their own. */
function fillSince(before: IntentView | undefined, after: IntentView): IntentView {
  const less = (now: string | undefined, then: string | undefined) =>
    (BigInt(now ?? '0') - BigInt(then ?? '0')).toString();
  return {
    ...after,
    filledContractsRaw: less(after.filledContractsRaw, before?.filledContractsRaw),
    filledCollateralRaw: less(after.filledCollateralRaw, before?.filledCollateralRaw),
    filledFeeRaw: less(after.filledFeeRaw, before?.filledFeeRaw),
  };
}

const ID_PREFIX = 'mc:';

/**
 * A notification's id carries its market: a click may wake a new worker that knows
 * nothing of the one that showed it.
 */
export function notificationId(spec: Pick<NotificationSpec, 'key' | 'marketSlug'>): string {
  return `${ID_PREFIX}${encodeURIComponent(spec.marketSlug)}:${spec.key}`.slice(0, 500);
}

/** The market a clicked notification is about; null for anything not ours. */
export function notificationMarket(id: string): string | null {
  if (!id.startsWith(ID_PREFIX)) return null;
  const end = id.indexOf(':', ID_PREFIX.length);
  if (end < 0) return null;
  try {
    return decodeURIComponent(id.slice(ID_PREFIX.length, end)) || null;
  } catch {
    return null;
  }
}

/** A resting order of the user's as the notifier needs it. */
export type KnownOrder = UserOrder & { marketSlug: string; outcome: 'YES' | 'NO' };

const STP_CANCEL_REASONS: ReadonlySet<string> = new Set(['STP_MAKER_CANCELLED']);

/**
 * Turns intent changes and settlement events into desktop notifications: fills (full
 * and partial), settlement failures, STP cancels of resting orders, delayed orders
 * released. Each has a key; keys already seen are skipped.
 */
export class Notifier {
  readonly seen = new RecentKeys(2_000);

  /** A resting order cancelled by self-trade prevention (the user's own order crossed it). */
  static isStpCancel(event: OmeOrderEvent): boolean {
    return event.type === 'CANCELLATION' && STP_CANCEL_REASONS.has(event.reason ?? '');
  }

  /** Still waiting on our own request: nothing to tell the user yet. */
  static waiting(view: IntentView): boolean {
    return view.state === 'preparing' || view.state === 'sending' || view.state === 'reconciling';
  }

  private once(spec: NotificationSpec): NotificationSpec[] {
    return this.seen.firstTime(spec.key) ? [spec] : [];
  }

  /**
   * `before` is the last settled view the caller passed here (none after a restart). A
   * fill is told once, net of fee, when its amounts are known; a delayed order's release
   * is part of that story, told on its own only when nothing filled (killed, resting).
   */
  fromIntent(before: IntentView | undefined, after: IntentView): NotificationSpec[] {
    if (Notifier.waiting(after)) return [];
    const out: NotificationSpec[] = [];
    const id = after.clientOrderId;
    const filledBefore = BigInt(before?.filledContractsRaw ?? '0');
    const filledNow = BigInt(after.filledContractsRaw);
    if (
      before?.state === 'delayed' &&
      filledNow === 0n &&
      !RELEASE_TOLD_ELSEWHERE.has(after.state)
    ) {
      out.push(
        ...this.once({
          key: `released:${id}`,
          title: 'Delayed order released',
          message: `${after.side} ${after.outcome} on ${where(after)}: ${after.summary}`,
          marketSlug: after.marketSlug,
        }),
      );
    }
    if (filledNow > filledBefore) {
      const part = fillWords(fillSince(before, after)).text;
      const partial = after.state !== 'filled';
      out.push(
        ...this.once({
          key: `fill:${id}:${after.filledContractsRaw}`,
          title: partial ? 'Order partially filled' : 'Order filled',
          message: `${after.side === 'BUY' ? 'Bought' : 'Sold'} ${part} on ${where(after)}`,
          marketSlug: after.marketSlug,
        }),
      );
    }
    if (after.state !== before?.state) {
      if (after.state === 'stp-cancelled' && before?.state === 'resting') {
        out.push(
          ...this.once({
            key: `stp:${id}`,
            title: 'Resting order cancelled',
            message: `Self-trade prevention cancelled your ${after.side} ${after.outcome} order on ${where(after)}`,
            marketSlug: after.marketSlug,
          }),
        );
      }
      if (after.state === 'failed' || after.state === 'rejected') {
        out.push(
          ...this.once({
            key: `end:${id}`,
            title: after.state === 'failed' ? 'Order failed' : 'Order rejected',
            message: `${after.side} ${after.outcome} on ${where(after)}: ${after.error ? errorSentence(after.error) : after.summary}`,
            marketSlug: after.marketSlug,
          }),
        );
      }
    }
    return out;
  }

  /**
   * Fills and failures of the user's resting orders that this extension did not place
   * (from the exchange's web site, say): known from the open-orders list.
   */
  fromSettlement(
    event: SettlementOrderEvent,
    openOrders: ReadonlyMap<string, KnownOrder>,
    titleOf: (slug: string) => string,
  ): NotificationSpec[] {
    const out: NotificationSpec[] = [];
    for (const match of event.makerMatches) {
      const order = openOrders.get(match.orderId);
      if (!order) continue;
      const size = BigInt(match.matchedSize);
      // A resting order fills at its own limit, and makers pay no fee.
      const price = order.price ?? Number(match.price);
      const failed = event.type === 'FAILED';
      if (event.type !== 'MATCHED' && !failed) continue;
      const remaining = BigInt(order.remainingSize) - size;
      out.push(
        ...this.once({
          key: `${failed ? 'tradefail' : 'trade'}:${event.tradeEventId}:${match.orderId}`,
          title: failed
            ? 'Settlement failed'
            : remaining > 0n
              ? 'Order partially filled'
              : 'Order filled',
          message: `${failed ? 'Undone: ' : ''}${order.side === 'BUY' ? 'Bought' : 'Sold'} ${formatContracts(size)} ${order.outcome} at ${formatCents(price)} on ${titleOf(order.marketSlug)}`,
          marketSlug: order.marketSlug,
        }),
      );
    }
    return out;
  }

  /**
   * A resting order of the user's that this extension did not place, cancelled by
   * self-trade prevention (the user's own order crossed it). `outcome` from its token.
   */
  fromOmeCancel(
    event: OmeOrderEvent,
    outcome: 'YES' | 'NO' | null,
    titleOf: (slug: string) => string,
  ): NotificationSpec[] {
    if (!Notifier.isStpCancel(event)) return [];
    const price = event.price === null ? '' : ` at ${formatCents(event.price)}`;
    return this.once({
      key: `stp:${event.orderId}`,
      title: 'Resting order cancelled',
      message: `Self-trade prevention cancelled your ${event.side}${outcome ? ` ${outcome}` : ''} order${price} on ${titleOf(event.marketSlug)} (${formatContracts(event.remainingSize)} left)`,
      marketSlug: event.marketSlug,
    });
  }
}
