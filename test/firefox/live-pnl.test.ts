/**
 * Live P&L in Firefox (issue 31, item 2), the twin of test/e2e/panel/live-pnl.test.ts:
 * another trader's bid moves the book, the user trades nothing, and the P&L in the page
 * panel and in the popup moves to what the marking function gives for the book read over
 * HTTP and the position the exchange holds.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { eventually } from '../e2e/fixtures';
import { aliceLegs, bobBidsAbove, expectedPnl, LIVE_PNL_MARKET } from '../e2e/panel/live-pnl-marks';
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

    const before = await expectedPnl(h().sandbox, h().admin);
    await eventually(async () => ((await panelPnl()) === before.text ? true : null), {
      timeoutMs: 20_000,
      what: `the panel's P&L to read ${before.text}`,
    });
    await eventually(async () => ((await popupPnl(popup)) === before.text ? true : null), {
      timeoutMs: 20_000,
      what: `the popup's P&L to read ${before.text}`,
    });

    const legsBefore = await aliceLegs(h().sandbox, h().admin);
    await bobBidsAbove(h().sandbox, h().admin, before.bestBid);

    const after = await expectedPnl(h().sandbox, h().admin);
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
    expect(await aliceLegs(h().sandbox, h().admin)).toBe(legsBefore);
    await h().shot(page, 'panel-after');
    await h().shot(popup, 'popup-after');
  });
});
