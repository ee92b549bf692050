import type { ClobPosition, Positions } from '../../../lib/core/api/portfolio';
import { type OrderRow, orderRow } from '../positions/positions';

/** The user's open orders on one market. */
export interface MarketOrders {
  key: string;
  slug: string | null;
  title: string;
  groupTitle: string | null;
  imageUrl: string | null;
  orders: OrderRow[];
}

const newest = (orders: OrderRow[]): number =>
  orders.reduce((t, o) => Math.max(t, Date.parse(o.createdAt) || 0), 0);

function marketOrders(position: ClobPosition, groupTitle: string | null): MarketOrders {
  const { market } = position;
  return {
    key: `orders:${market.slug ?? market.condition_id ?? market.title}`,
    slug: market.slug ?? null,
    title: market.title,
    groupTitle,
    imageUrl: market.image_url,
    orders: position.orders
      .map((o) => orderRow(o, market))
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)),
  };
}

/**
 * Open orders across every market (standalone and grouped), one block per market,
 * the market with the most recent order first.
 */
export function openOrdersByMarket(positions: Positions): MarketOrders[] {
  return [
    ...positions.clob.map((p) => marketOrders(p, null)),
    ...positions.group.flatMap((g) => g.positions.map((p) => marketOrders(p, g.group.title))),
  ]
    .filter((m) => m.orders.length > 0)
    .sort((a, b) => newest(b.orders) - newest(a.orders) || a.title.localeCompare(b.title));
}
