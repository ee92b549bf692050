/**
 * What the folded bar should show, read independently of the extension: the sandbox's book
 * over HTTP, the price to buy each outcome (YES at the lowest ask, NO at one minus the
 * highest bid), in the product's cents.
 */
import { Orderbook } from '../../../lib/core/api/markets';
import { formatCents } from '../../../lib/core/format/price';
import type { RunningSandbox } from '../../../sandbox/index';
import { eventually } from '../../wait';
import type { PanelDriver } from './driver';

async function servedAsks(sandbox: RunningSandbox, slug: string) {
  const response = await fetch(`${sandbox.apiUrl}/markets/${slug}/orderbook`);
  const book = Orderbook.parse(await response.json());
  // In thousandths, exact: the book's prices have at most three decimals.
  const millis = (price: number) => Math.round(price * 1000);
  const asks = book.asks.map((l) => millis(l.price));
  const bids = book.bids.map((l) => millis(l.price));
  return {
    YES: asks.length ? formatCents(Math.min(...asks) / 1000) : '—',
    NO: bids.length ? formatCents((1000 - Math.max(...bids)) / 1000) : '—',
  };
}

/**
 * Waits until the folded bar shows, as live prices, what the sandbox serves at the same
 * moment (the book can move between the two reads: both are read again until they agree).
 */
export async function expectBarShowsBook(
  panel: Pick<PanelDriver<unknown>, 'one'>,
  sandbox: RunningSandbox,
  slug: string,
): Promise<{ YES: string; NO: string }> {
  return eventually(
    async () => {
      const served = await servedAsks(sandbox, slug);
      const bar = await panel.one('section.mc-panel.collapsed [data-bar-prices]');
      const yes = await panel.one('[data-bar-prices] [data-ask="YES"]');
      const no = await panel.one('[data-bar-prices] [data-ask="NO"]');
      const live = bar !== null && bar.attributes['data-stale'] === undefined;
      return live && yes?.text === served.YES && no?.text === served.NO ? served : null;
    },
    { what: 'the folded bar showing the sandbox’s best asks, live' },
  );
}
