import type { Orderbook } from '../../lib/core/api/markets';
import type { RunningSandbox } from '../../sandbox/index';
import { pause } from './browser';

/** How often the emitters catch up with their rate. */
const TICK_MS = 10;

/**
 * Emits `perSecond` order-book updates for `ms`, each a different book; returns how many.
 * The best ask's price moves a tick every other update (its size every update): the panel
 * shows prices, not sizes, so a size-only stream would give it nothing to draw and leave
 * its frames untested.
 */
export async function emitBooks(
  sandbox: RunningSandbox,
  perSecond: number,
  ms: number,
  market: string,
): Promise<number> {
  const base = sandbox.core.orderbook(market) as Orderbook;
  const bidMillis = Math.round((base.bids[0]?.price ?? 0) * 1000);
  let sent = 0;
  const started = Date.now();
  while (Date.now() - started < ms) {
    const due = Math.floor(((Date.now() - started) / 1000) * perSecond);
    while (sent < due) {
      const [best, ...rest] = base.asks;
      const askMillis = Math.round((best?.price ?? 0) * 1000);
      // One tick better every other update, never crossing the best bid (the book stays valid).
      const tick = askMillis - 1 > bidMillis ? Math.floor(sent / 2) % 2 : 0;
      // A different best-ask size every time, so no update equals the one before.
      const asks = best
        ? [
            { price: (askMillis - tick) / 1000, size: String(1_000_000 * (1 + (sent % 997))) },
            ...rest,
          ]
        : [];
      sandbox.core.events.emit('orderbook', {
        marketSlug: market,
        orderbook: { ...base, asks },
        timestamp: new Date().toISOString(),
      });
      sent++;
    }
    await pause(TICK_MS);
  }
  return sent;
}

/** Emits `perSecond` order events (each twice, same eventId) for `ms`; returns the unique count. */
export async function emitOrderEvents(
  sandbox: RunningSandbox,
  profileId: number,
  perSecond: number,
  ms: number,
  marketSlug: string,
): Promise<number> {
  const market = sandbox.core.markets.bySlug(marketSlug);
  const tokenId = market?.tokens?.yes ?? '1';
  let sent = 0;
  const started = Date.now();
  while (Date.now() - started < ms) {
    const due = Math.floor(((Date.now() - started) / 1000) * perSecond);
    while (sent < due) {
      const event = {
        source: 'OME' as const,
        type: 'UPDATE' as const,
        eventId: `bench-ingest-${sent}`,
        orderId: `00000000-0000-4000-8000-${String(sent).padStart(12, '0')}`,
        clientOrderId: null,
        marketSlug,
        tokenId,
        side: 'BUY' as const,
        price: 0.5,
        remainingSize: '1000000',
        reason: null,
        occurredAt: new Date().toISOString(),
      };
      sandbox.core.events.emit('orderEvent', { profileId, event });
      sandbox.core.events.emit('orderEvent', { profileId, event });
      sent++;
    }
    await pause(TICK_MS);
  }
  return sent;
}
