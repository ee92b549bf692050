import type { Page } from 'puppeteer-core';
import { eventually, TEST_PASSPHRASE } from '../../e2e/fixtures';
import type { FirefoxHarness } from '../fixtures';
import { clickButton, fill, waitForText } from './page-actions';

/**
 * Sets up a sandbox demo account the way a user does in Firefox, through the options page:
 * the store build has no other way in. `shot` sees each step's screen.
 */
export async function onboardThroughOptions(
  h: FirefoxHarness,
  demoAccount: RegExp,
  shot: (page: Page, name: string) => Promise<unknown> = async () => undefined,
  { placePanel = true }: { placePanel?: boolean } = {},
): Promise<void> {
  const page = await h.openExtensionPage('options.html');
  await waitForText(page, /Step 1 of 5: Exchange/);
  await shot(page, '1-exchange');
  await fill(page, 'API URL', h.exchange.apiUrl);
  await fill(page, 'WebSocket URL', h.exchange.wsUrl);
  await fill(page, 'Market page URL pattern', h.exchange.siteMarketPattern);
  await clickButton(page, /^Next$/);

  await waitForText(page, /Step 2 of 5: API token/);
  await clickButton(page, /^Use a sandbox demo account$/);
  await clickButton(page, demoAccount);
  await waitForText(page, /trading: works/);
  await shot(page, '2-token');
  await clickButton(page, /^Next$/);

  await waitForText(page, /Step 3 of 5: Signing/);
  await clickButton(page, /^Next$/);

  await waitForText(page, /Step 4 of 5: Passphrase/);
  await fill(page, 'Passphrase', TEST_PASSPHRASE);
  await fill(page, 'Passphrase again', TEST_PASSPHRASE);
  await shot(page, '4-passphrase');
  await clickButton(page, /^Save and encrypt$/);

  await waitForText(page, /Step 5 of 5: Token approvals/, 30_000);
  await shot(page, '5-approvals');
  await clickButton(page, /^Finish$/);
  await waitForText(page, /Token id/);
  await shot(page, '6-account');
  await page.close();
  if (placePanel) await placePanelAsUser(h);
}

/**
 * The trader places the page panel with its own control: on the sandbox's page at
 * 1280 x 800 it finds no room for the open panel and arrives folded to its bar; one click
 * opens it there (bottom-left), and from then on the user's placement holds on every page
 * of the sandbox's site (its entry in panel.placements), open, where the trading suites
 * find its buttons.
 */
export async function placePanelAsUser(h: FirefoxHarness): Promise<void> {
  const page = await h.openMarketPage('sandbox-btc-100k');
  const panel = h.panel(page);
  const section = await panel.waitFor('section.mc-panel', () => true, 20_000);
  if (section.attributes.class?.includes('collapsed')) {
    await panel.click('[data-action="collapse"]');
  }
  // Saved: a fresh page shows it open.
  await eventually(
    async () => {
      await page.reload();
      const again = await h.panel(page).waitFor('section.mc-panel', () => true, 20_000);
      return !again.attributes.class?.includes('collapsed');
    },
    { what: 'the panel placed by the user, open', timeoutMs: 30_000 },
  );
  await page.close();
}
