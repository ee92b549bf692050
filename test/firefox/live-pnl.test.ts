/**
 * Live P&L in Firefox (issue 31, item 2), the twin of test/e2e/panel/live-pnl.test.ts:
 * another trader's bid moves the book, the user trades nothing, and the P&L in the page
 * panel and in the popup moves to what the marking function gives for the book read over
 * HTTP and the position the exchange holds.
 */
import type { Page } from 'puppeteer-core';
import { describe, it } from 'vitest';
import { expectPnlToFollowTheBook, LIVE_PNL_MARKET } from '../e2e/panel/live-pnl-marks';
import { useFirefox } from './fixtures';
import { onboardThroughOptions } from './harness/onboarding';

const h = useFirefox(import.meta.url);

const { slug: BTC, title: BTC_TITLE } = LIVE_PNL_MARKET;

/** The P&L on the YES line of the market's card in the popup (`+$1.23`). */
const popupPnl = (popup: Page): Promise<string> =>
  popup.evaluate((title) => {
    const card = [...document.querySelectorAll('article')].find(
      (a) => a.getAttribute('aria-label') === title,
    );
    const line = [...(card?.querySelectorAll('.side-line') ?? [])].find((l) =>
      l.querySelector('.chip-yes'),
    );
    const text = line?.querySelector('.side-row')?.textContent ?? '';
    return /P&L\s*(\S+)/.exec(text)?.[1] ?? '';
  }, BTC_TITLE);

describe('live P&L, in Firefox', () => {
  it('moves in the panel and the popup with the book, with no trade of the user', async () => {
    await onboardThroughOptions(h(), /^Alice \(alice\)/);
    const page = await h().openMarketPage(BTC);
    const panel = h().panel(page);
    const popup = await h().openExtensionPage('popup.html', { width: 380, height: 600 });
    const panelPnl = async () =>
      (await panel.one('tr[data-outcome="YES"] [data-cell="pnl"]'))?.text ?? '';

    await expectPnlToFollowTheBook(h().sandbox, h().admin, {
      panel: panelPnl,
      popup: () => popupPnl(popup),
    });
    await h().shot(page, 'panel-after');
    await h().shot(popup, 'popup-after');
  });
});
