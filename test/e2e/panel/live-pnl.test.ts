/**
 * Live P&L (issue 31, item 2): another trader's order moves the book, the user trades
 * nothing, and the P&L in the panel and in the popup moves to what the marking function
 * gives for the book read over HTTP and the position the exchange holds. Its Firefox twin
 * is test/firefox/live-pnl.test.ts.
 */
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { useHarness } from '../fixtures';
import { openPanel } from './helpers';
import { expectPnlToFollowTheBook, LIVE_PNL_MARKET } from './live-pnl-marks';

const h = useHarness(import.meta.url);

const { slug: BTC, title: BTC_TITLE } = LIVE_PNL_MARKET;

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

    await expectPnlToFollowTheBook(h().sandbox, h().admin, {
      panel: panelPnl,
      popup: () => popupPnl(popup),
    });
    await popup.close();
  });
});
