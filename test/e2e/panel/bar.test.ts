/**
 * The folded bar (issue 32, item 1: "a slim bar (title, best prices, one click to open)",
 * "a shortcut toggles it"), in real Chromium: the bar's prices are the book the sandbox
 * serves; at the sandbox's longest market title the title gives way, not the prices or the
 * buttons; and the `toggle-panel` shortcut, pressed for real, folds the panel and opens it.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PANEL_WIDTH } from '../../../components/panel/model/placement';
import { DEFAULT_DOCK } from '../../../lib/core/settings/page-defaults';
import { placedOn, placementOn } from '../../../lib/core/settings/site-placements';
import { TOGGLE_PANEL_COMMAND } from '../../../lib/protocol/keyboard-commands';
import { type ChromeApi, eventually, useHarness } from '../fixtures';
import { pressShortcut } from '../harness/press-shortcut';
import { expectBarShowsBook } from './bar-prices';
import { PanelDriver } from './driver';

const h = useHarness(import.meta.url);
const BTC = 'sandbox-btc-100k';

let page: Page | null = null;
let panel: PanelDriver | null = null;

beforeAll(async () => {
  await h().onboard('alice');
});

afterEach(async () => {
  await panel?.detach();
  await page?.close();
  panel = null;
  page = null;
});

/** The trader's own placement on the sandbox's site: the default corner, folded or not. */
const fold = (collapsed: boolean) =>
  h().updateSettings((s) => ({
    ...s,
    panel: {
      ...s.panel,
      placements: placedOn(s.panel.placements, new URL(h().sandbox.siteUrl).origin, {
        ...DEFAULT_DOCK,
        collapsed,
      }),
    },
  }));

async function openFolded(slug: string): Promise<PanelDriver> {
  await fold(true);
  page = await h().openMarketPage(slug);
  panel = await PanelDriver.attach(page);
  await panel.waitFor('section.mc-panel.collapsed [data-bar-prices]', () => true, 15_000);
  return panel;
}

/** How the bar is laid out: what is cut, and whether every button is inside it. */
const barLayout = (driver: PanelDriver) =>
  driver.onRoot((root) => {
    const section = root.querySelector('section.mc-panel') as HTMLElement;
    const title = root.querySelector('.mc-title') as HTMLElement;
    const prices = root.querySelector('[data-bar-prices]') as HTMLElement;
    const box = section.getBoundingClientRect();
    const buttonsInside = [...root.querySelectorAll('.mc-head button')].every((b) => {
      const r = b.getBoundingClientRect();
      return r.width > 0 && r.left >= box.left && r.right <= box.right;
    });
    return {
      width: box.width,
      titleCut: title.scrollWidth > title.clientWidth,
      pricesCut: prices.scrollWidth > prices.clientWidth,
      pricesWidth: prices.getBoundingClientRect().width,
      buttonsInside,
    };
  }, null);

/** The stored `collapsed` of the sandbox site's placement, as the options page reads the settings. */
const storedFold = async () =>
  placementOn((await h().snapshot()).settings.panel.placements, new URL(h().sandbox.siteUrl).origin)
    ?.collapsed;

describe.sequential('the folded bar (Chromium)', () => {
  it('shows the price to buy each outcome, the book the sandbox serves', async () => {
    const driver = await openFolded(BTC);
    const shown = await expectBarShowsBook(driver, h().sandbox, BTC);
    expect(shown.YES).not.toBe('—');
    expect(shown.NO).not.toBe('—');
    const layout = await barLayout(driver);
    expect(layout?.width).toBe(PANEL_WIDTH.collapsed);
    expect(layout?.pricesCut).toBe(false);
    expect(layout?.buttonsInside).toBe(true);
  });

  it('at the sandbox’s longest market title, the title gives way, not the prices or the buttons', async () => {
    const longest = [...h().sandbox.core.markets.list()].sort(
      (a, b) => b.title.length - a.title.length,
    )[0];
    if (!longest) throw new Error('the sandbox has no markets');
    const driver = await openFolded(longest.slug);
    await driver.waitFor('.mc-title', (el) => el.text === longest.title);
    const layout = await barLayout(driver);
    expect(layout?.width).toBe(PANEL_WIDTH.collapsed);
    expect(layout?.titleCut).toBe(true);
    expect(layout?.pricesCut).toBe(false);
    expect(layout?.pricesWidth).toBeGreaterThan(0);
    expect(layout?.buttonsInside).toBe(true);
  });
});

describe.sequential('the fold shortcut (Chromium)', () => {
  it('is bound to its suggested key in the built extension', async () => {
    const shortcut = await h().withApp(async (_app, name) => {
      const { chrome } = globalThis as unknown as { chrome: ChromeApi };
      return (await chrome.commands.getAll()).find((c) => c.name === name)?.shortcut ?? null;
    }, TOGGLE_PANEL_COMMAND.name);
    expect(shortcut).toBe(TOGGLE_PANEL_COMMAND.suggestedKey);
  });

  it('pressed on a market page, folds the open panel to its bar and opens it again, with the trading shortcuts off', async () => {
    const settings = await fold(false);
    expect(settings.shortcuts.enabled).toBe(false);
    page = await h().openMarketPage(BTC);
    panel = await PanelDriver.attach(page);
    await panel.waitFor(
      'section.mc-panel:not(.collapsed) [data-key="BUY:YES:0"]',
      () => true,
      15_000,
    );
    await page.bringToFront();

    await pressShortcut(page, TOGGLE_PANEL_COMMAND.suggestedKey);
    await panel.waitFor('section.mc-panel.collapsed [data-bar-prices]');
    expect(await panel.one('[data-key="BUY:YES:0"]')).toBeNull();
    await eventually(async () => (await storedFold()) === true, {
      what: 'the fold saved as the trader’s placement',
    });

    await pressShortcut(page, TOGGLE_PANEL_COMMAND.suggestedKey);
    await panel.waitFor('section.mc-panel:not(.collapsed) [data-key="BUY:YES:0"]');
    expect(await panel.one('[data-bar-prices]')).toBeNull();
    await eventually(async () => (await storedFold()) === false, {
      what: 'the opening saved as the trader’s placement',
    });
  });
});
