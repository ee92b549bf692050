import { z } from 'zod';
import type { OrderEvent } from '../../core/api/events';
import type { Settings } from '../../core/settings/schema';
import type { IntentView } from '../../protocol/intent';
import { SEEN_NOTIFICATIONS_KEY } from '../../storage/keys';
import { type StoredItem, storedItem } from '../../storage/stored-item';
import type { OpenOrders } from '../account/refresh';
import type { MarketCache } from '../market/market-cache';
import type { Platform } from '../platform';
import { type KnownOrder, type NotificationSpec, Notifier, notificationId } from './notifier';

/**
 * Desktop notifications of fills, failures and cancels: what reaches the user outside the
 * extension's pages (with the toolbar badge, `toolbar-badge.ts`).
 */
export class Notifications {
  readonly notifier = new Notifier();
  /** The last settled view of each intent: what a notification compares against. */
  private readonly lastViews = new Map<string, IntentView>();
  /** The keys already notified, so a restarted worker does not repeat them. */
  private readonly seenItem: StoredItem<string[]>;

  constructor(
    private readonly deps: {
      platform: Platform;
      settings: () => Settings;
      markets: MarketCache;
      openOrders: OpenOrders;
      /** Whether the desk placed this order (its own notifications cover it). */
      deskHas: (orderId: string) => boolean;
    },
  ) {
    this.seenItem = storedItem(deps.platform.session, SEEN_NOTIFICATIONS_KEY, z.array(z.string()));
  }

  /** What survives the worker: the keys already notified and the journal's settled views. */
  async restore(views: readonly IntentView[]): Promise<void> {
    const seen = await this.seenItem.get();
    if (seen) this.notifier.seen.restore(seen);
    for (const view of views) {
      if (!Notifier.waiting(view)) this.lastViews.set(view.clientOrderId, structuredClone(view));
    }
  }

  /** The forgotten account's intents notify nothing more. */
  forget(): void {
    this.lastViews.clear();
  }

  intentChanged(view: IntentView): void {
    // Fills can arrive by event before our own answer: until the answer decides the state, a
    // fill would read as partial. The notification waits for the settled view.
    if (Notifier.waiting(view)) return;
    const before = this.lastViews.get(view.clientOrderId);
    this.lastViews.set(view.clientOrderId, structuredClone(view));
    this.notify(this.notifier.fromIntent(before, view));
  }

  /**
   * Fills, settlement failures and STP cancels of the user's resting orders that this
   * extension did not place (from the exchange's web site, say). Their details come from
   * the open orders known when the event arrives: the panels' lists and the portfolio's.
   */
  async orderEvent(event: OrderEvent): Promise<void> {
    const { markets, openOrders, deskHas } = this.deps;
    const outcomeOf = async (slug: string, tokenId: string): Promise<'YES' | 'NO' | null> => {
      const tokens = (await markets.get(slug).catch(() => null))?.tokens;
      if (!tokens) return null;
      return tokenId === tokens.yes ? 'YES' : tokenId === tokens.no ? 'NO' : null;
    };
    const title = (slug: string) => markets.titleOf(slug);
    if (event.source === 'OME') {
      if (!Notifier.isStpCancel(event) || deskHas(event.orderId)) return;
      const outcome = await outcomeOf(event.marketSlug, event.tokenId);
      this.notify(this.notifier.fromOmeCancel(event, outcome, title));
      return;
    }
    // Looked up before anything awaits: the refresh this event triggers drops a filled
    // order from the lists.
    const found = event.makerMatches.flatMap((m) =>
      deskHas(m.orderId) ? [] : (openOrders.find(m.orderId) ?? []),
    );
    const open = new Map<string, KnownOrder>();
    for (const { slug, order } of found) {
      const outcome = await outcomeOf(slug, order.tokenId);
      if (outcome) open.set(order.id, { ...order, marketSlug: slug, outcome });
    }
    this.notify(this.notifier.fromSettlement(event, open, title));
  }

  private notify(specs: NotificationSpec[]): void {
    if (specs.length === 0) return;
    const { platform, settings } = this.deps;
    void this.seenItem.set(this.notifier.seen.snapshot());
    if (!settings().notifications.enabled) return;
    for (const spec of specs) {
      void platform.notifications
        .create(notificationId(spec), spec.title, spec.message)
        .catch(() => undefined);
    }
  }
}
