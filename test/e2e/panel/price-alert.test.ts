/**
 * A price alert set from the page panel in Chromium: the user's presses and typing set
 * one on the page's market; a submit the page's own script dispatches sets nothing.
 */
import { afterAll, expect, it } from 'vitest';
import { eventually, useHarness } from '../fixtures';
import type { PanelDriver } from './driver';
import { openPanel } from './helpers';

const h = useHarness(import.meta.url);
const BTC = 'sandbox-btc-100k';

let panel: PanelDriver | null = null;

afterAll(async () => {
  await panel?.detach();
});

it("sets an alert on the page's market from the user's typing and press, not from the page's script", async () => {
  await h().onboard('alice');
  const opened = await openPanel(h(), BTC);
  panel = opened.panel;
  await panel.click('[data-action="price-alert"]');
  await panel.click('input[aria-label="Price in cents"]');
  await opened.page.keyboard.type('95.5');

  // The page's script submits the form itself first: nothing may come of it.
  const scripted = await panel.onRoot((root) => {
    const form = root.querySelector('form.alert-form') as HTMLFormElement | null;
    form?.requestSubmit();
    return form !== null;
  }, null);
  expect(scripted).toBe(true);

  await h().shot(opened.page, 'panel-alert-form');
  await panel.click('form.alert-form button[type="submit"]');
  const said = await panel.waitForText('[data-alert-said]', /Alert set/);
  expect(said.text).toBe('Alert set: YES best bid ≥ 95.5¢.');
  const alerts = await eventually(async () => {
    const list = await h().ask('priceAlerts.list', {});
    return list.length > 0 ? list : null;
  });
  // Submits go the same road in order: a scripted one that went through would be here too.
  expect(alerts).toEqual([
    expect.objectContaining({
      marketSlug: BTC,
      outcome: 'YES',
      field: 'bid',
      comparator: '>=',
      priceMillis: 955,
      firedAt: null,
    }),
  ]);
});
