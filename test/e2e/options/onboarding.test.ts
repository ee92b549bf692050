/**
 * A fresh profile, from the options page that opens on install to a first order: the
 * exchange pointed at the sandbox's free ports, a demo account's token filled and checked,
 * its key, a passphrase, the approvals table, and a FOK buy from the page panel on a
 * market page. Every step is clicked through the real page and saved as a screenshot.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually, TEST_PASSPHRASE, useHarness } from '../fixtures';
import { PanelDriver } from '../panel/driver';

// The extension keeps its default exchange (ports 4010/4011): the user points it at the
// sandbox's real ports in the first step, as someone with a custom setup would.
const h = useHarness(import.meta.url, { pointAtSandbox: false });

const BTC = 'sandbox-btc-100k';

async function fill(page: Page, label: string, value: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.fill(value);
}

describe('onboarding from a fresh install', () => {
  it('opens the options page on install', () => {
    expect(h().optionsOpenedOnInstall).toBe(true);
  });

  it('walks through every step with a sandbox demo account and trades from the page panel', async () => {
    const page = await h().openOptions();
    await page.getByRole('heading', { name: 'Step 1 of 5: Exchange' }).waitFor();
    expect(await page.locator('[data-vault-status]').textContent()).toBe('Not set up');
    await h().shot(page, '1-exchange-default');

    // Step 1: the sandbox, on the ports this test's sandbox really uses.
    const { exchange } = h();
    await fill(page, 'API URL', exchange.apiUrl);
    await fill(page, 'WebSocket URL', exchange.wsUrl);
    await fill(page, 'Market page URL pattern', 'not a pattern');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect
      .poll(() => page.locator('#exchange-site-pattern-error').textContent())
      .toMatch(/must be a full URL, like https:\/\/site/);
    await h().shot(page, '1-exchange-invalid');
    await fill(page, 'Market page URL pattern', exchange.siteMarketPattern);
    await h().shot(page, '1-exchange-filled');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: a demo account's token, checked against the sandbox at once.
    await page.getByRole('heading', { name: 'Step 2 of 5: API token' }).waitFor();
    await h().shot(page, '2-token-empty');
    await page.getByRole('button', { name: 'Use a sandbox demo account' }).click();
    await page.getByRole('button', { name: /^Alice \(alice\)/ }).click();
    const card = page.getByRole('region', { name: 'Profile of this token' });
    await card.waitFor();
    const cardText = (await card.textContent()) ?? '';
    const alice = await h().admin.account('alice');
    expect(cardText).toContain('Alice');
    expect(cardText).toContain(alice.account);
    expect(cardText).toContain('1.00% (100 bps)');
    expect(cardText).toContain('trading: works');
    expect(cardText).toContain('withdrawal: works');
    await h().shot(page, '2-token-checked');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: the demo key is prefilled; its address is the profile's account.
    await page.getByRole('heading', { name: 'Step 3 of 5: Signing' }).waitFor();
    await h().shot(page, '3-signing');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 4: a mismatched passphrase first, then the real one.
    await page.getByRole('heading', { name: 'Step 4 of 5: Passphrase' }).waitFor();
    await fill(page, 'Passphrase', TEST_PASSPHRASE);
    await fill(page, 'Passphrase again', `${TEST_PASSPHRASE}!`);
    await page.getByRole('button', { name: 'Save and encrypt' }).click();
    await page.getByText('The two passphrases differ.').waitFor();
    await h().shot(page, '4-passphrase-mismatch');
    await fill(page, 'Passphrase again', TEST_PASSPHRASE);
    await h().shot(page, '4-passphrase');
    await page.getByRole('button', { name: 'Save and encrypt' }).click();

    // Step 5: saved; the approvals table for this account and the sandbox's venues.
    await page.getByRole('heading', { name: 'Step 5 of 5: Token approvals' }).waitFor();
    await page.locator('.approvals-table caption code').first().waitFor();
    const approvals = (await page.locator('.approvals').textContent()) ?? '';
    expect(approvals).toContain(alice.account);
    expect(approvals).toContain('Collateral token');
    expect(approvals).toContain('venue.exchange');
    expect(await page.locator('[data-vault-status]').textContent()).toBe('Unlocked');
    await h().shot(page, '5-approvals');
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.getByRole('tab', { name: 'Account', selected: true }).waitFor();
    expect(await page.getByTestId('token-id').textContent()).toBe('sandbox-token-alice');
    // The secret and the key are not on the page any more, in any form.
    const html = await page.content();
    expect(html).not.toContain(alice.secret ?? 'no secret');
    expect(html).not.toContain((alice.privateKey ?? '0xnone').slice(2));
    await h().shot(page, '6-account');

    // The background now trades on this sandbox.
    // The page saved it; the background hears the store a moment later.
    await eventually(
      async () => (await h().snapshot()).settings.exchange.apiUrl === exchange.apiUrl,
      {
        what: 'the chosen exchange in the app state',
      },
    );
    expect((await h().snapshot()).settings.exchange).toEqual(exchange);
    await h().waitForLive();

    // A first order from the page panel, with a real (trusted) click.
    const market = await h().openMarketPage(BTC);
    const panel = await PanelDriver.attach(market);
    // A fresh install has no placement of the trader's: on a page with no room it is a bar.
    await panel.openIfFolded();
    await panel.waitFor('[data-key="BUY:YES:0"]');
    await h().shot(market, '7-market-page');
    const before = (await h().admin.orders()).length;
    await panel.click('[data-key="BUY:YES:0"]');
    const result = await panel.waitForText('[data-result="YES"]', /filled/i, 15_000);
    expect(result.text).toMatch(/filled/i);
    await h().shot(market, '8-first-order');
    const orders = await eventually(async () => {
      const all = await h().admin.orders();
      return all.length > before ? all : null;
    });
    const first = orders[orders.length - 1];
    expect(first).toMatchObject({
      marketSlug: BTC,
      ownerId: alice.profileId,
      side: 'BUY',
      orderType: 'FOK',
      signatureValid: true,
      status: 'FILLED',
    });
    await panel.detach();
  });
});
