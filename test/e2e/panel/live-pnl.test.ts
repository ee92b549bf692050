/**
 * Live P&L (issue 31, item 2): another trader's order moves the book, the user trades
 * nothing, and the P&L in the panel and in the popup moves to what the marking function
 * gives for the book read over HTTP and the position the exchange holds.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Orderbook } from '../../../lib/core/api/markets';
import { formatPnl } from '../../../lib/core/format/money';
import { depthOf } from '../../../lib/core/orders/depth';
import { markedPnl, markSide } from '../../../lib/core/orders/mark';
import { eventually, useHarness } from '../fixtures';
import { placeRestingOrderAtSandbox } from '../harness/resting-order';
import { openPanel } from './helpers';

const h = useHarness(import.meta.url);

const BTC = 'sandbox-btc-100k';
const BTC_TITLE = 'Will BTC close above $100k?';

/** The P&L alice's YES holding should show now: the book read over HTTP, marked. */
async function expectedPnl(): Promise<{ text: string; bestBid: number }> {
  const { sandbox, admin } = h();
  const response = await fetch(`${sandbox.apiUrl}/markets/${BTC}/orderbook`);
  const book = Orderbook.parse(await response.json());
  const alice = await admin.account('alice');
  const market = sandbox.core.markets.bySlug(BTC);
  if (!market?.tokens) throw new Error('no BTC market');
  const held = sandbox.core.ledger.balance(alice.profileId, market.tokens.yes);
  const cost = sandbox.core.ledger.position(alice.profileId, BTC).YES.cost;
  const fee = market.feesEnabled ? (alice.feeRateBps ?? 0) : 0;
  const mark = markSide(depthOf(book), 'YES', held, fee);
  return { text: formatPnl(markedPnl(mark, cost)), bestBid: book.bids[0]?.price ?? 0 };
}

async function popupPnl(popup: Page): Promise<string> {
  const card = popup.getByRole('article', { name: BTC_TITLE, exact: true }).first();
  const line = card.locator('.side-line', { has: popup.locator('.chip-yes') }).first();
  const text = (await line.locator('.side-row').first().textContent()) ?? '';
  return /P&L\s*(\S+)/.exec(text)?.[1] ?? '';
}

describe('live P&L', () => {
  it('moves in the panel and the popup with the book, with no trade of the user', async () => {
    await h().onboard('alice');
    const { panel } = await openPanel(h(), BTC);
    const popup = await h().context.newPage();
    await popup.setViewportSize({ width: 380, height: 600 });
    await popup.goto(h().url('popup.html'));
    const panelPnl = async () =>
      (await panel.one('tr[data-outcome="YES"] [data-cell="pnl"]'))?.text ?? '';

    const before = await expectedPnl();
    await eventually(async () => ((await panelPnl()) === before.text ? true : null), {
      timeoutMs: 20_000,
      what: `the panel's P&L to read ${before.text}`,
    });
    await eventually(async () => ((await popupPnl(popup)) === before.text ? true : null), {
      timeoutMs: 20_000,
      what: `the popup's P&L to read ${before.text}`,
    });

    const alice = await h().admin.account('alice');
    const legsBefore = h().sandbox.core.ledger.legsOf(alice.profileId).length;
    // Bob bids 2¢ above the best bid for more than alice holds: her YES now sells higher.
    const market = h().sandbox.core.markets.bySlug(BTC);
    if (!market?.tokens) throw new Error('no BTC market');
    const held = h().sandbox.core.ledger.balance(alice.profileId, market.tokens.yes);
    await placeRestingOrderAtSandbox(h().sandbox, h().admin, {
      label: 'bob',
      slug: BTC,
      price: (Math.round(before.bestBid * 1000 + 20) / 1000).toFixed(3),
      contracts: (held / 1_000_000n + 1n) * 1_000_000n,
    });

    const after = await expectedPnl();
    expect(after.bestBid).toBeGreaterThan(before.bestBid);
    expect(after.text).not.toBe(before.text);
    await eventually(async () => ((await panelPnl()) === after.text ? true : null), {
      timeoutMs: 20_000,
      what: `the panel's P&L to move to ${after.text}`,
    });
    await eventually(async () => ((await popupPnl(popup)) === after.text ? true : null), {
      timeoutMs: 20_000,
      what: `the popup's P&L to move to ${after.text}`,
    });
    // Nothing of alice's traded: the book moved, not her position.
    expect(h().sandbox.core.ledger.legsOf(alice.profileId).length).toBe(legsBefore);
    await popup.close();
  });
});
