/**
 * Chromium: the page panel's menu opens the real side panel (the click's gesture carried
 * through the panel frame's message to the background's listener), and the options' "side
 * panel alone" takes the page panel off market pages.
 */
import { describe, expect, it } from 'vitest';
import { eventually, useHarness } from '../fixtures';
import { PanelDriver } from '../panel/driver';
import { sidePanelOpen } from './driver';

const h = useHarness(import.meta.url);

const BTC = 'sandbox-btc-100k';

describe.sequential('opening the side panel from the page panel (Chromium)', () => {
  it("the panel's menu button opens it by a trusted click", async () => {
    await h().onboard('alice');
    const market = await h().openMarketPage(BTC);
    const panel = await PanelDriver.attach(market);
    expect(await sidePanelOpen(h())).toBe(false);
    await panel.click('[data-action="open-side-panel"]');
    await eventually(() => sidePanelOpen(h()), { what: 'the side panel open' });
  });

  it('the options page chooses the side panel alone: the page panel leaves, and comes back', async () => {
    const market = await h().openMarketPage(BTC);
    const panel = await PanelDriver.attach(market);
    await panel.waitFor('[data-key="BUY:YES:0"]');
    const options = await h().openOptions();
    await options.getByRole('tab', { name: 'Settings' }).click();
    const choice = options.getByLabel('Trade market pages from');
    await choice.selectOption('side');
    await options.getByRole('button', { name: 'Save settings' }).click();
    await options.getByText('Saved.').waitFor();
    await eventually(async () => (await h().snapshot()).settings.panel.marketPages === 'side', {
      what: 'the side panel alone in the app state',
    });
    await eventually(async () => !(await panel.present()), { what: 'the page panel to go away' });

    await choice.selectOption('both');
    await options.getByRole('button', { name: 'Save settings' }).click();
    await panel.waitFor('[data-key="BUY:YES:0"]');
    await panel.detach();
  });
});
