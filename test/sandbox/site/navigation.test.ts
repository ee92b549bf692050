import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../sandbox/index';
import { buildOrder, clientFor } from '../../integration/helpers';

const CHROMIUM = '/usr/bin/chromium';

declare global {
  interface Window {
    sameDocument?: boolean;
  }
}

describe.skipIf(!existsSync(CHROMIUM))('market site in a real browser', () => {
  let sandbox: RunningSandbox;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, sitePort: 0, bots: false, settleMs: 40 });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.setDefaultTimeout(8_000);
  });
  afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
  });

  const slugShown = () =>
    page.evaluate(() => document.querySelector('main')?.getAttribute('data-market-slug') ?? null);

  it('navigates between markets with pushState, and back/forward, without reloading', async () => {
    await page.goto(sandbox.siteUrl);
    await page.evaluate(() => {
      window.sameDocument = true;
    });
    await page.click('a[href="/markets/sandbox-btc-100k"]');
    await page.waitForSelector('main[data-market-slug="sandbox-btc-100k"] .book-row.ask');
    expect(page.url()).toBe(`${sandbox.siteUrl}/markets/sandbox-btc-100k`);
    expect(await page.title()).toContain('Will BTC close above $100k?');

    await page.click('.crumbs a[href="/"]');
    await page.waitForSelector('main[data-page="home"]');
    await page.click('a[href="/markets/sandbox-fed-cut"]');
    await page.waitForSelector('main[data-market-slug="sandbox-fed-cut"]');

    await page.goBack();
    await page.waitForSelector('main[data-page="home"]');
    await page.goBack();
    await page.waitForSelector('main[data-market-slug="sandbox-btc-100k"]');
    expect(await slugShown()).toBe('sandbox-btc-100k');
    await page.goForward();
    await page.waitForSelector('main[data-page="home"]');
    expect(page.url()).toBe(`${sandbox.siteUrl}/`);
    expect(await page.evaluate(() => window.sameDocument)).toBe(true);
  });

  it('an unknown slug reached by a link shows the not-found page', async () => {
    await page.goto(sandbox.siteUrl);
    await page.evaluate(() => {
      window.sameDocument = true;
      document.body.insertAdjacentHTML('beforeend', '<a id="lost" href="/markets/nope">lost</a>');
    });
    await page.click('#lost');
    await page.waitForSelector('main[data-page="not-found"]');
    expect(page.url()).toBe(`${sandbox.siteUrl}/markets/nope`);
    expect(await page.evaluate(() => window.sameDocument)).toBe(true);
  });

  it('the order book and the price follow the exchange live, in YES terms with a NO view', async () => {
    await page.goto(`${sandbox.siteUrl}/markets/sandbox-btc-100k`);
    await page.waitForSelector('[data-live-status].on');
    // A bid inside the spread (0.61 / 0.63) shows up without a reload.
    const alice = await clientFor(sandbox, 'alice');
    const built = await buildOrder(sandbox, 'alice', {
      market: 'sandbox-btc-100k',
      amounts: { orderType: 'GTC', side: 'BUY', price: '0.625', contracts: 100_000_000n },
    });
    await alice.placeOrder(built.json);
    await page.waitForSelector('.book-row.bid[data-price="625"]');
    await page.waitForFunction(
      () => document.querySelector('[data-live-value]')?.textContent === '62.7%',
    );
    // The NO view: a YES bid at 0.625 is a NO ask at 0.375.
    await page.click('[data-book-tab="NO"]');
    await page.waitForSelector('.book-row.ask[data-price="375"]');
  });

  it('the trade form estimates a buy and says it is a demo instead of failing', async () => {
    await page.goto(`${sandbox.siteUrl}/markets/sandbox-btc-100k`);
    await page.click('[data-trade-outcome="NO"]');
    await page.fill('input[name="amount"]', '25');
    await page.waitForFunction(
      () => document.querySelector('[data-estimate="shares"]')?.textContent !== '—',
    );
    await page.click('[data-trade-submit]');
    const message = await page.textContent('[data-trade-message]');
    expect(message).toContain('Demo page: no order was sent');
    expect(message).toContain('No for $25.00');
  });
});
