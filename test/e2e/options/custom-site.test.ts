/**
 * A custom deployment whose market site is on its own HTTPS origin: the options page asks
 * the browser for exactly that origin, records it, the background registers the page
 * panel there, and a first order goes out from the panel on that site. Then, after the
 * setup, a second site (a mirror) is added in the settings, gets its permission and the
 * panel, and gives both back when removed.
 *
 * Chromium's permission prompt is browser UI that Playwright cannot answer (headless, the
 * request just stays pending). The profile therefore starts with the origin granted once
 * before at runtime (`runtime_granted_permissions`): the extension still does not hold it,
 * and the options page's own `permissions.request` is what turns it on, without a prompt.
 */
import { rmSync } from 'node:fs';
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SandboxAccount } from '../../../lib/core/api/sandbox';
import { type RunningSandbox, startSandbox } from '../../../sandbox/index';
import { outputDir } from '../../../scripts/lib/build';
import { extensionArgs, findChromium } from '../../../scripts/lib/chromium';
import { eventually, TEST_PASSPHRASE } from '../fixtures';
import { SandboxAdmin } from '../harness/sandbox-admin';
import { REPO_ROOT, saveScreenshot, screenshotDirFor } from '../harness/screenshots';
import { PanelDriver } from '../panel/driver';
import {
  CUSTOM_HOST,
  type CustomSite,
  MIRROR_HOST,
  profileWithRuntimeGrant,
  startCustomSite,
} from './custom-site';

const PATTERN = `https://${CUSTOM_HOST}/*`;
const MIRROR_PATTERN = `https://${MIRROR_HOST}/*`;
const BTC = 'sandbox-btc-100k';
const shots = screenshotDirFor(import.meta.url);

let sandbox: RunningSandbox;
let site: CustomSite;
let mirror: CustomSite;
let context: BrowserContext;
let worker: Worker;
let userDataDir: string;
let extensionId: string;
let alice: SandboxAccount;

const inWorker = <R>(fn: () => R | Promise<R>): Promise<R> => worker.evaluate(fn) as Promise<R>;
const hasPermission = (pattern = PATTERN) =>
  worker.evaluate(
    (p) =>
      (
        globalThis as unknown as { chrome: typeof import('wxt/browser').browser }
      ).chrome.permissions.contains({ origins: [p] }),
    pattern,
  );
const registeredMatches = async (): Promise<string[]> => {
  const scripts = await worker.evaluate(() =>
    (
      globalThis as unknown as { chrome: typeof import('wxt/browser').browser }
    ).chrome.scripting.getRegisteredContentScripts(),
  );
  return scripts.flatMap((s) => s.matches ?? []);
};
const storedSettings = () =>
  inWorker(() => {
    const app = (globalThis as { __marketCompanion?: { settings: unknown } }).__marketCompanion;
    return app?.settings as { extraSiteOrigins: string[]; exchange: { name: string } };
  });

beforeAll(async () => {
  // A deployment with its own name: orders are signed for "Acme CTF Exchange".
  sandbox = await startSandbox({
    port: 0,
    sitePort: 0,
    bots: false,
    settleMs: 50,
    exchangeName: 'Acme',
  });
  site = await startCustomSite(sandbox.siteUrl);
  mirror = await startCustomSite(sandbox.siteUrl, MIRROR_HOST);
  alice = await new SandboxAdmin(sandbox.apiUrl).account('alice');
  // The global setup's copy of the build (a concurrent `wxt build` cannot touch it).
  const extensionDir = inject('extensionDir') ?? outputDir(REPO_ROOT, 'chrome', 'e2e');
  userDataDir = profileWithRuntimeGrant(extensionDir, [PATTERN, MIRROR_PATTERN]);
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: findChromium(),
    headless: true,
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [
      ...extensionArgs(extensionDir, true),
      `--host-resolver-rules=MAP ${CUSTOM_HOST} 127.0.0.1, MAP ${MIRROR_HOST} 127.0.0.1`,
      '--ignore-certificate-errors',
    ],
    viewport: { width: 1280, height: 800 },
  });
  worker =
    context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ??
    (await context.waitForEvent('serviceworker'));
  extensionId = new URL(worker.url()).host;
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await site?.close();
  await mirror?.close();
  await sandbox?.close();
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
});

async function fill(page: Page, label: string, value: string) {
  await page.getByLabel(label, { exact: true }).fill(value);
}

describe('a custom exchange site', () => {
  it('gets its host permission from the options page and the page panel there', async () => {
    expect(await hasPermission()).toBe(false);
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    await options.getByRole('heading', { name: 'Step 1 of 5: Exchange' }).waitFor();

    await options.getByLabel(/Custom deployment/).check();
    await fill(options, 'Exchange name', 'Acme');
    await fill(options, 'API URL', sandbox.apiUrl);
    await fill(options, 'WebSocket URL', sandbox.wsUrl);
    await fill(options, 'Market page URL pattern', `${site.origin}/markets/:slug`);
    await saveScreenshot(shots, options, '1-custom-exchange');
    await options.getByRole('button', { name: 'Next' }).click();

    // Asked for by the page and granted: recorded for the background.
    await options.getByRole('heading', { name: 'Step 2 of 5: API token' }).waitFor();
    expect(await hasPermission()).toBe(true);
    // No demo accounts away from the sandbox: the token is typed in.
    expect(await options.getByRole('button', { name: 'Use a sandbox demo account' }).count()).toBe(
      0,
    );
    await fill(options, 'Token id', alice.tokenId ?? '');
    await fill(options, 'Token secret (base64)', alice.secret ?? '');
    await options.getByRole('button', { name: 'Check token' }).click();
    await options.getByRole('region', { name: 'Profile of this token' }).waitFor();
    await saveScreenshot(shots, options, '2-custom-token');
    await options.getByRole('button', { name: 'Next' }).click();

    await options.getByRole('heading', { name: 'Step 3 of 5: Signing' }).waitFor();
    const bob = await new SandboxAdmin(sandbox.apiUrl).account('bob');
    await fill(options, 'Private key of your account', bob.privateKey ?? '');
    await options.getByRole('button', { name: 'Next' }).click();
    const mismatch = options.locator('#private-key-error');
    await mismatch.waitFor();
    expect(await mismatch.textContent()).toContain(`trades as ${alice.account}`);
    await saveScreenshot(shots, options, '3-custom-key-mismatch');
    await fill(options, 'Private key of your account', alice.privateKey ?? '');
    await options.getByRole('button', { name: 'Next' }).click();

    await fill(options, 'Passphrase', TEST_PASSPHRASE);
    await fill(options, 'Passphrase again', TEST_PASSPHRASE);
    await options.getByRole('button', { name: 'Save and encrypt' }).click();
    await options.getByRole('heading', { name: 'Step 5 of 5: Token approvals' }).waitFor();
    await options.getByRole('button', { name: 'Finish' }).click();

    const settings = await storedSettings();
    expect(settings.exchange.name).toBe('Acme');
    expect(settings.extraSiteOrigins).toEqual([site.origin]);
    const registered = await eventually(
      async () => {
        const scripts = await worker.evaluate(() =>
          (
            globalThis as unknown as { chrome: typeof import('wxt/browser').browser }
          ).chrome.scripting.getRegisteredContentScripts(),
        );
        return scripts.find((s) => s.matches?.includes(PATTERN)) ?? null;
      },
      { what: 'the panel registered on the custom site' },
    );
    expect(registered.js).toEqual(['content-scripts/market.js']);

    // The panel on the custom site, and an order from it signed for "Acme CTF Exchange".
    const market = await context.newPage();
    await market.goto(`${site.origin}/markets/${BTC}`);
    const panel = await PanelDriver.attach(market);
    await panel.openIfFolded();
    await panel.waitFor('[data-key="BUY:YES:0"]', () => true, 20_000);
    await saveScreenshot(shots, market, '4-custom-site-panel');
    await panel.click('[data-key="BUY:YES:0"]');
    const result = await panel.waitForText('[data-result="YES"]', /filled/i, 15_000);
    expect(result.text).toMatch(/filled/i);
    const orders = await new SandboxAdmin(sandbox.apiUrl).orders();
    expect(orders[orders.length - 1]).toMatchObject({
      ownerId: alice.profileId,
      marketSlug: BTC,
      signatureValid: true,
    });
    await saveScreenshot(shots, market, '5-custom-site-order');
    await panel.detach();
  });
  it('takes another site added in the settings after the setup, and gives it back when removed', async () => {
    expect(await hasPermission(MIRROR_PATTERN)).toBe(false);
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html#settings`);
    await options.getByRole('tab', { name: 'Settings' }).click();
    const field = options.getByLabel('Add a site', { exact: true });

    // A bad address is refused in place, and nothing is asked of the browser.
    await field.fill(`${mirror.origin}/markets/${BTC}`);
    await options.getByRole('button', { name: 'Add site' }).click();
    await options.locator('#extra-site-error').waitFor();
    expect(await options.locator('#extra-site-error').textContent()).toMatch(/without a path/);
    expect(await hasPermission(MIRROR_PATTERN)).toBe(false);
    await saveScreenshot(shots, options, '6-add-site-refused');

    await field.fill(mirror.origin);
    await options.getByRole('button', { name: 'Add site' }).click();
    await options.getByText(`Added ${mirror.origin}`).waitFor();
    expect(await hasPermission(MIRROR_PATTERN)).toBe(true);
    expect((await storedSettings()).extraSiteOrigins).toEqual([site.origin, mirror.origin]);
    await eventually(async () => (await registeredMatches()).includes(MIRROR_PATTERN), {
      what: 'the panel registered on the added site',
    });
    await options.getByRole('list', { name: 'Added sites' }).waitFor();
    await saveScreenshot(shots, options, '7-site-added');

    // The panel on the added site, trading for the same account.
    const market = await context.newPage();
    await market.goto(`${mirror.origin}/markets/${BTC}`);
    const panel = await PanelDriver.attach(market);
    await panel.openIfFolded();
    await panel.waitFor('[data-key="BUY:YES:0"]', (b) => !b.disabled, 20_000);
    await saveScreenshot(shots, market, '8-added-site-panel');
    const since = (await new SandboxAdmin(sandbox.apiUrl).orders()).length;
    await panel.click('[data-key="BUY:YES:0"]');
    await panel.waitForText('[data-result="YES"]', /filled/i, 15_000);
    const placed = (await new SandboxAdmin(sandbox.apiUrl).orders()).slice(since);
    expect(placed).toMatchObject([{ ownerId: alice.profileId, marketSlug: BTC }]);
    await panel.detach();
    await market.close();

    // Removed: the permission goes back and the panel is no longer registered there.
    await options.getByRole('button', { name: `Remove ${mirror.origin}` }).click();
    await options.getByText(`Removed ${mirror.origin} and gave its access back.`).waitFor();
    expect(await hasPermission(MIRROR_PATTERN)).toBe(false);
    // The exchange's own site keeps its access.
    expect(await hasPermission(PATTERN)).toBe(true);
    expect((await storedSettings()).extraSiteOrigins).toEqual([site.origin]);
    await eventually(async () => !(await registeredMatches()).includes(MIRROR_PATTERN), {
      what: 'the panel unregistered from the removed site',
    });
    await saveScreenshot(shots, options, '9-site-removed');
    await options.close();
  });
});
