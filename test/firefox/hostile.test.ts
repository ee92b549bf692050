/**
 * A hostile page in Firefox, which has no IntersectionObserver v2: the panel's guards
 * must hold there too. Page scripts cannot press its buttons; a cover painted over the
 * page stays under the panel (the panel is in the top layer); a top-layer element of the
 * page's own, or the panel taken out of the top layer, makes the next press refused and
 * lifts the panel back on top; a faded page refuses presses; the host cannot be restyled.
 */
import type { Page } from 'puppeteer-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ILLEGIBLE_REFUSAL } from '../../components/panel/model/aim';
import { eventually } from '../e2e/fixtures';
import { restyleHostAway } from '../e2e/harness/hostile-page';
import type { PanelDriver } from '../e2e/panel/driver';
import { pastAimWindow } from '../wait';
import { useFirefox } from './fixtures';
import { onboardThroughOptions } from './harness/onboarding';

const h = useFirefox(import.meta.url);
const BTC = 'sandbox-btc-100k';
const BUY = '[data-key="BUY:YES:0"]';
const REFUSED = /covers, hides or distorts this panel/;
const exactly = (sentence: string) =>
  new RegExp(`^${sentence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

let page: Page;
let panel: PanelDriver<Page>;

const orderCount = async () => (await h().admin.orders()).length;

/** A real press that must place exactly one order (and no refused press may have placed one). */
async function pressPlacesOne(since: number): Promise<void> {
  await panel.click(BUY);
  const fresh = await eventually(
    async () => {
      const orders = (await h().admin.orders()).slice(since);
      return orders.length > 0 ? orders : null;
    },
    { what: 'the order of the real press' },
  ).catch(async (error: Error) => {
    // What the panel said instead, for the report.
    const notice = await panel.one('[data-notice="obscured"]');
    throw new Error(`${error.message}; the panel says: ${notice?.text ?? 'nothing'}`);
  });
  expect(fresh).toHaveLength(1);
  await panel.waitForText('[data-result="YES"]', /filled/, 15_000);
}

/** A real press that is refused in words, with nothing sent. */
async function pressIsRefused(refusal = REFUSED): Promise<void> {
  const since = await orderCount();
  await panel.click(BUY);
  await panel.waitForText('[data-notice="obscured"]', refusal);
  expect(await orderCount()).toBe(since);
}

const inTopLayer = () =>
  page.evaluate(() =>
    (document.querySelector('[data-market-companion="panel"]') as HTMLElement).matches(
      ':popover-open',
    ),
  );

beforeAll(async () => {
  await onboardThroughOptions(h(), /^Alice \(alice\)/);
  page = await h().openMarketPage(BTC);
  panel = h().panel(page);
  await panel.waitFor(BUY, (b) => !b.disabled, 20_000);
});

describe.sequential('Firefox: a hostile page', () => {
  it('cannot press the buttons from a script: click(), dispatched events', async () => {
    const since = await orderCount();
    expect(await panel.scriptClick(BUY)).toBe(true);
    await pressPlacesOne(since);
  });

  it('cannot paint over the panel: a see-through cover stays under it', async () => {
    await page.evaluate(() => {
      const cover = document.createElement('div');
      cover.id = 'decoy';
      cover.style.cssText =
        'position:fixed;inset:0;z-index:2147483647;pointer-events:none;background:rgba(255,255,255,0.9)';
      cover.textContent = 'Click the buttons to win a prize';
      document.body.append(cover);
    });
    expect(await inTopLayer()).toBe(true);
    await h().shot(page, 'cover-under-the-panel');
    // The user sees the panel, so a press on it is theirs.
    await pressPlacesOne(await orderCount());
    await page.evaluate(() => document.getElementById('decoy')?.remove());
  });

  it("refuses a press while the page's own top-layer cover is over it, then lifts the panel back", async () => {
    await page.evaluate(() => {
      const cover = document.createElement('div');
      cover.id = 'top-decoy';
      cover.setAttribute('popover', 'manual');
      cover.style.cssText =
        'position:fixed;inset:0;width:auto;height:auto;margin:0;border:0;pointer-events:none;background:rgba(255,255,255,0.9)';
      cover.textContent = 'Click the buttons to win a prize';
      document.body.append(cover);
      cover.showPopover();
    });
    await h().shot(page, 'top-layer-cover');
    await pressIsRefused();
    await h().shot(page, 'top-layer-cover-refused');
    // The refusal lifted the panel above the cover: what the user sees now is the panel.
    await pastAimWindow();
    await pressPlacesOne(await orderCount());
    await page.evaluate(() => document.getElementById('top-decoy')?.remove());
  });

  it('refuses a press after the page takes the panel out of the top layer', async () => {
    await page.evaluate(() => {
      const host = document.querySelector('[data-market-companion="panel"]') as HTMLElement;
      host.hidePopover();
      host.removeAttribute('popover');
    });
    expect(await inTopLayer()).toBe(false);
    await pressIsRefused();
    expect(await inTopLayer()).toBe(true);
    await pastAimWindow();
    await pressPlacesOne(await orderCount());
  });

  it('refuses a press on a page faded nearly to nothing', async () => {
    await page.evaluate(() => {
      document.documentElement.style.opacity = '0.05';
    });
    await pressIsRefused(exactly(ILLEGIBLE_REFUSAL.faded));
    await page.evaluate(() => {
      document.documentElement.style.opacity = '';
    });
    await pastAimWindow();
    await pressPlacesOne(await orderCount());
  });

  // The page's `zoom` reaches the panel in the top layer: its buy button drawn at 5×6 px;
  // a scale on `<html>` is refused by the same rule, whatever of it reaches the top layer.
  for (const [name, style] of [
    ['zoom', 'zoom: 0.1'],
    ['transform: scale(0.1)', 'transform: scale(0.1)'],
  ] as const) {
    it(`refuses a press on a panel the page shrinks with ${name}`, async () => {
      await page.evaluate((css) => {
        document.documentElement.style.cssText = css;
      }, style);
      await h().shot(page, `shrunk-${name.replace(/\W+/g, '-')}`);
      await pressIsRefused(exactly(ILLEGIBLE_REFUSAL.small));
      await page.evaluate(() => {
        document.documentElement.style.cssText = '';
      });
      await pastAimWindow();
      await pressPlacesOne(await orderCount());
    });
  }

  it('cannot restyle the panel host away', async () => {
    const style = await page.evaluate(restyleHostAway);
    expect(style.display).not.toBe('none');
    expect(style.opacity).toBe('1');
    expect((await panel.one(BUY))?.rect.width).toBeGreaterThan(0);
  });

  it('left nothing in the console: no error, no CSP report', async () => {
    const problems = await h().addon.problems();
    expect(problems, JSON.stringify(problems, null, 1)).toEqual([]);
  });
});
