import type { OmeOrderEvent, SettlementOrderEvent } from '../core/api/events';
import type { UserOrder } from '../core/api/orders';
import { errorSentence } from '../core/client/errors';
import { fromRaw, RAW_PER_UNIT } from '../core/orders/units';
import { RecentKeys } from '../live/dedupe';
import type { IntentView } from '../protocol/intent';

export interface NotificationSpec {
  /** Stable per event: the same event never notifies twice, even after a restart. */
  key: string;
  title: string;
  message: string;
  marketSlug: string;
}

function priceText(contracts: bigint, collateral: bigint): string {
  if (contracts <= 0n || collateral <= 0n) return '';
  const price = Number((collateral * RAW_PER_UNIT) / contracts) / 1e6;
  return ` at ${price.toFixed(3).replace(/0+$/, '').replace(/\.$/, '')}`;
}

const where = (view: IntentView): string => view.marketTitle ?? view.marketSlug;

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

  /** `before` is the last settled view the caller passed here (none after a restart). */
  fromIntent(before: IntentView | undefined, after: IntentView): NotificationSpec[] {
    if (Notifier.waiting(after)) return [];
    const out: NotificationSpec[] = [];
    const id = after.clientOrderId;
    const verb = after.side === 'BUY' ? 'Bought' : 'Sold';
    const filledBefore = BigInt(before?.filledContractsRaw ?? '0');
    const filledNow = BigInt(after.filledContractsRaw);
    if (before?.state === 'delayed' && after.state !== 'delayed' && after.state !== 'cancelled') {
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
      const delta = filledNow - filledBefore;
      const paid = BigInt(after.filledCollateralRaw) - BigInt(before?.filledCollateralRaw ?? '0');
      const partial = after.state !== 'filled';
      out.push(
        ...this.once({
          key: `fill:${id}:${after.filledContractsRaw}`,
          title: partial ? 'Order partially filled' : 'Order filled',
          message: `${verb} ${fromRaw(delta)} ${after.outcome}${priceText(delta, paid)} on ${where(after)}`,
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
          message: `${failed ? 'Undone: ' : ''}${order.side === 'BUY' ? 'Bought' : 'Sold'} ${fromRaw(size)} ${order.outcome} at ${price} on ${titleOf(order.marketSlug)}`,
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
    const price = event.price === null ? '' : ` at ${event.price}`;
    return this.once({
      key: `stp:${event.orderId}`,
      title: 'Resting order cancelled',
      message: `Self-trade prevention cancelled your ${event.side}${outcome ? ` ${outcome}` : ''} order${price} on ${titleOf(event.marketSlug)} (${fromRaw(BigInt(event.remainingSize))} left)`,
      marketSlug: event.marketSlug,
    });
  }
}
