/**
 * The AMM market kind (issue 31, item 1), Chromium: what alice holds on the sandbox's AMM
 * market, read independently from the exchange's positions with her own token, is what the
 * panel's Held, the popup's AMM card and the home page's badge show, to the digit they show.
 * No surface puts a P&L on it while the exchange gives the pool no latest price. The sandbox
 * has no AMM trading (its AMM position is seeded), so no AMM trade and no notification here.
 */
import { describe, expect, it } from 'vitest';
import { formatContracts } from '../../../lib/core/format/money';
import { eventually, useHarness } from '../fixtures';
import { PanelDriver } from './driver';
import { openPanel } from './helpers';

const h = useHarness(import.meta.url);
const AMM = 'sandbox-rain-amm';

/** Alice's AMM holding as the exchange lists it: `YES 48` and whether it has a price. */
async function exchangeHolding() {
  const { amm } = await (await h().admin.clientOf('alice')).getPositions();
  const entry = amm.find((p) => p.market.slug === AMM);
  if (!entry) throw new Error(`alice holds nothing on ${AMM} at the exchange`);
  return {
    title: entry.market.title,
    outcome: entry.outcomeIndex === 0 ? 'YES' : 'NO',
    contracts: formatContracts(entry.outcomeTokenAmount),
    priced: entry.latestTrade?.outcomeTokenPrice != null,
  };
}

describe('the AMM market kind, every surface against the exchange', () => {
  it("the panel's Held, the popup's AMM card and the badge say what the exchange holds", async () => {
    await h().onboard('alice');
    const held = await exchangeHolding();
    expect(held.priced).toBe(false);

    const { page, panel } = await openPanel(h(), AMM, '[data-block="amm"]');
    const row = `tr[data-outcome="${held.outcome}"]`;
    await panel.waitForText(`${row} [data-cell="held"]`, new RegExp(`^${held.contracts}$`), 20_000);
    expect((await panel.one(`${row} [data-cell="pnl"]`))?.text).toBe('—');
    await panel.detach();
    await page.close();

    const popup = await h().context.newPage();
    await popup.goto(h().url('popup.html'));
    const card = popup.getByRole('article', { name: held.title, exact: true }).first();
    await card.waitFor({ timeout: 20_000 });
    const line = card.locator('.side-line').first();
    expect((await line.locator('.chip').textContent())?.trim()).toBe(held.outcome);
    const figures = (await line.locator('.side-row').first().textContent()) ?? '';
    expect(figures).toContain(held.contracts);
    expect(figures).toContain('no price yet');
    await popup.close();

    const home = await h().context.newPage();
    await home.goto(`${h().sandbox.siteUrl}/`);
    const overlay = await PanelDriver.attach(home, 'badges');
    const badge = await eventually(
      async () =>
        ((await overlay.onRoot(
          (root, slug) =>
            [...root.querySelectorAll(`.b[data-market="${slug}"]`)].map((b) =>
              [...b.querySelectorAll('[data-t]')].map((t) => t.getAttribute('data-t')).join(' '),
            ),
          AMM,
        )) ?? [])[0] ?? null,
      { what: `the badge beside ${AMM}` },
    );
    // Side and contracts, and no P&L: the exchange gives the pool no price.
    expect(badge).toBe(`${held.outcome} ${held.contracts}`);
    await overlay.detach();
    await home.close();
  });
});
