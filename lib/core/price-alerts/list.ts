import { conditionHolds, type MarketPrices } from './condition';
import { CAP_SENTENCE, MAX_PRICE_ALERTS } from './rules';
import type { NewPriceAlert, PriceAlert } from './schema';

export type AddResult =
  | { ok: true; alerts: PriceAlert[]; added: PriceAlert }
  | { ok: false; message: string };

/** Adds an armed alert, unless the list is at the cap (fired ones count: they are still listed). */
export function addAlert(
  alerts: readonly PriceAlert[],
  request: NewPriceAlert,
  extra: { id: string; marketTitle: string; now: number },
): AddResult {
  if (alerts.length >= MAX_PRICE_ALERTS) return { ok: false, message: CAP_SENTENCE };
  const added: PriceAlert = {
    ...request,
    id: extra.id,
    marketTitle: extra.marketTitle,
    createdAt: extra.now,
    firedAt: null,
  };
  return { ok: true, alerts: [...alerts, added], added };
}

export function removeAlert(alerts: readonly PriceAlert[], id: string): PriceAlert[] {
  return alerts.filter((alert) => alert.id !== id);
}

/** The markets whose prices armed alerts need. */
export function armedMarkets(alerts: readonly PriceAlert[]): Set<string> {
  return new Set(alerts.filter((a) => a.firedAt === null).map((a) => a.marketSlug));
}

/**
 * The armed alerts of a market whose condition holds, and the list with them disarmed
 * (fired at `now`). A fired alert never fires again: this is the only way out of armed.
 */
export function fireHolding(
  alerts: readonly PriceAlert[],
  marketSlug: string,
  prices: MarketPrices,
  now: number,
): { alerts: PriceAlert[]; fired: PriceAlert[] } {
  const fired: PriceAlert[] = [];
  const next = alerts.map((alert) => {
    if (alert.firedAt !== null || alert.marketSlug !== marketSlug) return alert;
    if (!conditionHolds(alert, prices)) return alert;
    const done = { ...alert, firedAt: now };
    fired.push(done);
    return done;
  });
  return { alerts: fired.length > 0 ? next : [...alerts], fired };
}
