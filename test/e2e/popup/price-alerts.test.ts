/**
 * Price alerts in Chromium with the built extension, against the sandbox: one set from a
 * position card in the popup fires one desktop notification when the sandbox's book moves
 * through it (the admin quote), and shows as fired in the Alerts tab; one whose condition
 * came true while the worker was stopped fires once when the worker wakes, and not again.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually, type Harness, useHarness } from '../fixtures';

const h = useHarness(import.meta.url);

const BTC = 'sandbox-btc-100k';
const BTC_TITLE = 'Will BTC close above $100k?';

/** The ids of the notifications the running worker created since `watchNotifications`. */
const created = async (harness: Harness) => (await harness.createdNotifications()).map((n) => n.id);

/** The price-alert notifications Chromium holds (they outlive the worker that raised them). */
const shownAlerts = async (harness: Harness) =>
  (await harness.shownNotifications()).filter((id) => id.includes(':price-alert:'));

/** The sandbox's best YES bid now, in thousandths. */
function bestBidMillis(harness: Harness): number {
  const bid = harness.sandbox.core.orderbook(BTC)?.bids[0]?.price ?? 0;
  return Math.round(bid * 1000);
}

const moveBidTo = (harness: Harness, millis: number) =>
  harness.admin.quote(BTC, { side: 'BUY', price: (millis / 1000).toFixed(3), contracts: 5 });

const cents = (millis: number) =>
  `${Math.trunc(millis / 10)}${millis % 10 ? `.${millis % 10}` : ''}`;

async function openPopup(harness: Harness): Promise<Page> {
  const page = await harness.context.newPage();
  await page.setViewportSize({ width: 380, height: 600 });
  await page.goto(harness.url('popup.html'));
  return page;
}

/** Sets "YES best bid ≥ price" from the BTC position card, as a user does. */
async function addAlertFromCard(popup: Page, millis: number, shot?: string): Promise<void> {
  await popup.getByRole('tab', { name: /^Positions/ }).click();
  const card = popup.getByRole('article', { name: BTC_TITLE, exact: true }).first();
  await card.getByRole('button', { name: `Set a price alert on ${BTC_TITLE}` }).click();
  await card.getByLabel('Price in cents').fill(cents(millis));
  if (shot) await h().shot(popup, shot);
  await card.getByRole('button', { name: 'Add alert' }).click();
  await card
    .getByRole('status')
    .filter({ hasText: `Alert set: YES best bid ≥ ${cents(millis)}¢.` })
    .waitFor();
}

describe.sequential('price alerts', () => {
  let popup: Page;

  it('set from a position in the popup, fires one notification when the sandbox moves the book, and shows as fired', async () => {
    await h().onboard('alice');
    await h().waitForLive();
    await h().watchNotifications();
    popup = await openPopup(h());
    await popup
      .getByRole('article', { name: BTC_TITLE, exact: true })
      .first()
      .waitFor({ timeout: 20_000 });
    const target = bestBidMillis(h()) + 3;
    await addAlertFromCard(popup, target, 'alert-form-on-card');
    await popup.getByRole('tab', { name: 'Alerts (1)' }).click();
    await popup.getByText('Armed').waitFor();
    await h().shot(popup, 'alerts-armed');

    await moveBidTo(h(), target - 1);
    await moveBidTo(h(), target);
    await moveBidTo(h(), target + 1);
    const ids = await eventually(async () => {
      const list = await created(h());
      return list.length > 0 ? list : null;
    });
    expect(ids).toEqual([expect.stringContaining(':price-alert:')]);
    expect(
      await eventually(async () => ((await shownAlerts(h())).length > 0 ? shownAlerts(h()) : null)),
    ).toEqual(ids);

    await popup.getByText(/^Fired /).waitFor();
    expect(await popup.getByText('Armed').count()).toBe(0);
    await popup.getByRole('tab', { name: 'Alerts', exact: true }).waitFor();
    await h().shot(popup, 'alerts-fired');
    expect(await created(h())).toEqual(ids);
  });

  it('fires once on wake when its condition came true while the worker was stopped, and not again', async () => {
    const target = bestBidMillis(h()) + 3;
    await addAlertFromCard(popup, target);
    await popup.close();
    const before = await shownAlerts(h());
    expect(before).toHaveLength(1);

    await h().stopWorker();
    await moveBidTo(h(), target);
    // The next event wakes a new instance: it re-subscribes the alert's market and the
    // first book it is sent holds the condition.
    await h().send('vault.status', {});
    expect(await h().workerRestarted()).toBe(true);
    const after = await eventually(
      async () => {
        const list = await shownAlerts(h());
        return list.length > before.length ? list : null;
      },
      { what: 'the alert fired on wake' },
    );
    expect(after).toHaveLength(2);
    const alerts = await h().ask('priceAlerts.list', {});
    expect(alerts.map((a) => a.firedAt !== null)).toEqual([true, true]);

    await h().stopWorker();
    await h().send('vault.status', {});
    expect(await h().workerRestarted()).toBe(true);
    await h().watchNotifications();
    await h().waitForLive();
    await moveBidTo(h(), target + 1);
    // The book update has reached the worker once its panel state shows it.
    await eventually(
      async () => {
        const state = await h().ask('panel.state', { marketSlug: BTC });
        return state.book?.bestBid === (target + 1) / 1000;
      },
      { what: 'the moved book in the worker' },
    );
    expect(await created(h())).toEqual([]);
    expect(await shownAlerts(h())).toEqual(after);
  });

  it('takes what a trader types: "0.7" asks "did you mean 70¢?", a condition already true is refused', async () => {
    const before = await created(h());
    popup = await openPopup(h());
    const card = popup.getByRole('article', { name: BTC_TITLE, exact: true }).first();
    await card.waitFor({ timeout: 20_000 });
    await popup.getByRole('tab', { name: /^Positions/ }).click();
    await card.getByRole('button', { name: `Set a price alert on ${BTC_TITLE}` }).click();
    const price = card.getByLabel('Price in cents');
    await price.fill('0.7');
    await card.getByRole('button', { name: 'Add alert' }).click();
    await card
      .getByRole('alert')
      .filter({
        hasText: 'Alert prices are in cents: did you mean 70¢ (for 0.7 of a cent, type 0.7¢)?',
      })
      .waitFor();
    const below = bestBidMillis(h()) - 5;
    await price.fill(cents(below));
    await card.getByRole('button', { name: 'Add alert' }).click();
    await card
      .getByRole('alert')
      .filter({ hasText: `≥ ${cents(below)}¢: choose a price it has not reached yet.` })
      .waitFor();
    await h().shot(popup, 'alert-already-true');
    expect((await card.getByRole('alert').textContent()) ?? '').toMatch(
      /^YES best bid is already /,
    );
    // Refused by the background (its answer is the barrier): nothing stored, nothing shown.
    const armed = (await h().ask('priceAlerts.list', {})).filter((a) => a.firedAt === null);
    expect(armed).toEqual([]);
    expect(await created(h())).toEqual(before);
    await card.getByRole('button', { name: 'Cancel' }).click();
  });
});
