/**
 * The `toggle-panel` shortcut in real Firefox (issue 32, item 1: "a shortcut toggles it"),
 * with the trading shortcuts off: pressed on a market page, it folds the page panel to its
 * bar, whose prices are the sandbox's book, and opens it again. BiDi's key actions go to
 * the page alone; a browser shortcut is matched in the browser window's chrome, so the
 * press is made there, with the `nsITextInputProcessor` that Firefox's own tests type with:
 * its events go through the window's event handling as a keyboard's do, to the focused tab
 * first and then, unhandled, to the window's key sets, where the add-on's commands are.
 */
import type { Page } from 'puppeteer-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TOGGLE_PANEL_COMMAND } from '../../lib/protocol/keyboard-commands';
import { eventually } from '../e2e/fixtures';
import { expectBarShowsBook } from '../e2e/panel/bar-prices';
import type { PanelDriver } from '../e2e/panel/driver';
import { useFirefox } from './fixtures';
import { onboardThroughOptions } from './harness/onboarding';

const h = useFirefox(import.meta.url);
const BTC = 'sandbox-btc-100k';

const KEYS: Record<string, { key: string; code: string; keyCode: number }> = {
  Alt: { key: 'Alt', code: 'AltLeft', keyCode: 18 },
  Shift: { key: 'Shift', code: 'ShiftLeft', keyCode: 16 },
};

/** Presses `shortcut` (modifiers, then one letter) in the browser window that has the tab. */
async function pressShortcut(shortcut: string): Promise<void> {
  const parts = shortcut.split('+');
  const letter = parts.pop() ?? '';
  const keys = [
    ...parts.map((name) => {
      const k = KEYS[name];
      if (!k) throw new Error(`no key data for the modifier ${name}`);
      return k;
    }),
    { key: letter, code: `Key${letter}`, keyCode: letter.charCodeAt(0) },
  ];
  await h().firefox.chrome(`(() => {
    const keys = ${JSON.stringify(keys)};
    const tip = Cc['@mozilla.org/text-input-processor;1'].createInstance(Ci.nsITextInputProcessor);
    if (!tip.beginInputTransactionForTests(window)) throw new Error('no input transaction');
    for (const k of keys) tip.keydown(new KeyboardEvent('', k));
    for (const k of [...keys].reverse()) tip.keyup(new KeyboardEvent('', k));
    return JSON.stringify(true);
  })()`);
}

let page: Page;
let panel: PanelDriver<Page>;

describe.sequential('the fold shortcut (Firefox)', () => {
  beforeAll(async () => {
    await onboardThroughOptions(h(), /^Alice \(alice\)/);
    page = await h().openMarketPage(BTC);
    panel = h().panel(page);
    await panel.waitFor(
      'section.mc-panel:not(.collapsed) [data-key="BUY:YES:0"]',
      () => true,
      20_000,
    );
  });

  it('is bound to its suggested key', async () => {
    const options = await h().openExtensionPage('options.html');
    const bound = await options.evaluate(
      async (name) =>
        (await browser.commands.getAll()).find((c: { name?: string }) => c.name === name)
          ?.shortcut ?? null,
      TOGGLE_PANEL_COMMAND.name,
    );
    await options.close();
    expect(bound).toBe(TOGGLE_PANEL_COMMAND.suggestedKey);
  });

  it('pressed on a market page, folds the open panel and opens it again', async () => {
    await page.bringToFront();
    await pressShortcut(TOGGLE_PANEL_COMMAND.suggestedKey);
    await panel.waitFor('section.mc-panel.collapsed [data-bar-prices]');
    expect(await panel.one('[data-key="BUY:YES:0"]')).toBeNull();
    // The bar drawn in the page shows the book the sandbox serves, as in Chromium.
    await expectBarShowsBook(panel, h().sandbox, BTC);
    await pressShortcut(TOGGLE_PANEL_COMMAND.suggestedKey);
    await eventually(
      async () =>
        (await panel.one('section.mc-panel:not(.collapsed) [data-key="BUY:YES:0"]')) !== null,
      { what: 'the panel open again' },
    );
    expect(await panel.one('[data-bar-prices]')).toBeNull();
  });
});
