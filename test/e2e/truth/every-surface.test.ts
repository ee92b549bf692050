/**
 * Every surface against the exchange, one market of each kind the sandbox can trade (issue
 * 31, item 1), Chromium: a trusted click on the page panel's first YES preset buys; then the
 * exchange's trades of that order and alice's position, read over HTTP with her own token
 * (not through the extension), are what the panel's result line, the fill notification, the
 * popup's order and position lines and the listing page's badge show, net of fee, to the
 * digit each shows. The expected words come from the product's formatters fed with the
 * exchange's figures. The AMM kind has its own file (panel/amm-surfaces.test.ts): the
 * sandbox cannot trade its AMM market.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeClient } from '../../../lib/core/client/exchange-client';
import { formatContracts, formatUsd } from '../../../lib/core/format/money';
import { formatRawCents } from '../../../lib/core/format/raw-price';
import { RAW_PER_UNIT } from '../../../lib/core/orders/units';
import type { IntentView } from '../../../lib/protocol/intent';
import { fillWords } from '../../../lib/protocol/intent-fill';
import { MARKET_SEEDS } from '../../../sandbox/core/markets';
import { orderTrades } from '../../support/order-trades';
import { eventually, useHarness } from '../fixtures';
import { PanelDriver } from '../panel/driver';
import { openPanel, waitForNewOrders } from '../panel/helpers';

const h = useHarness(import.meta.url);

/** The sandbox's order-book markets of each kind, from its seeds. */
const clob = MARKET_SEEDS.filter((m) => (m.tradeType ?? 'clob') === 'clob' && !m.resolved);
const KINDS = [
  ['zero fee', clob.find((m) => !m.feesEnabled && !m.takerDelayMs)],
  ['1 % fee', clob.find((m) => m.feesEnabled && !m.takerDelayMs)],
  ['taker-delayed', clob.find((m) => (m.takerDelayMs ?? 0) > 0)],
] as const;

const aliceClient = (): Promise<ExchangeClient> => h().admin.clientOf('alice');

/** Alice's YES on `slug` as the exchange holds it: raw contracts and average price. */
async function heldYes(slug: string): Promise<{ contracts: bigint; average: bigint }> {
  // A group's markets are listed under their group, the others alone.
  const { clob, group } = await (await aliceClient()).getPositions();
  const entry = [...clob, ...group.flatMap((g) => g.positions)].find((p) => p.market.slug === slug);
  return {
    contracts: BigInt(entry?.tokensBalance.yes ?? '0'),
    average: BigInt(entry?.positions.yes.fillPrice ?? '0'),
  };
}

/** The exchange's trades of one order, summed: net contracts, collateral and fee. */
const tradedBy = async (orderId: string) => orderTrades(await aliceClient(), orderId);

/** What each surface must say about one market, from the exchange's figures alone. */
interface Expected {
  slug: string;
  title: string;
  fill: { text: string; exact: string };
  /** The popup's position figure: `12.34 @ 56.7¢`. */
  position: string;
  /** The badge's held words: `YES 12.34`. */
  badge: string;
}

const expected: Expected[] = [];

beforeAll(async () => {
  await h().onboard('alice');
  await h().watchNotifications();
});

describe('every surface says what the exchange holds, net of fee', () => {
  for (const [kind, seed] of KINDS) {
    it(`${kind}: the panel's result line and the one fill notification`, async () => {
      if (!seed) throw new Error(`the sandbox seeds no ${kind} market`);
      const before = await heldYes(seed.slug);
      const { page, panel } = await openPanel(h(), seed.slug);
      const since = (await h().admin.orders()).length;
      await panel.click('[data-key="BUY:YES:0"]', (b) => !b.disabled);
      const [order] = await waitForNewOrders(h(), since);
      if (!order) throw new Error('no order at the sandbox');
      // Settled at the sandbox: every event about the order has been sent.
      await eventually(
        async () =>
          (await h().admin.orders()).some(
            (o) => o.id === order.id && o.settlementStatus === 'MINED',
          ),
        { what: 'the order settled at the sandbox', timeoutMs: 30_000 },
      );

      const traded = await tradedBy(order.id);
      const after = await heldYes(seed.slug);
      // The trades' contracts are what the position grew by: net of the fee.
      expect(traded.contracts > 0n).toBe(true);
      expect(after.contracts - before.contracts).toBe(traded.contracts);
      expect(traded.fee > 0n).toBe(seed.feesEnabled === true);

      const view = (await h().snapshot()).intents.find(
        (i) => i.clientOrderId === order.clientOrderId,
      );
      if (!view) throw new Error('the order is not among the extension’s intents');
      // The product's words for a fill, fed with the exchange's figures (a BUY pays its
      // fee in contracts: the gross is the net plus the fee).
      const fromExchange: IntentView = {
        ...view,
        filledContractsRaw: String(traded.contracts + traded.fee),
        filledCollateralRaw: String(traded.collateral),
        filledFeeRaw: String(traded.fee),
      };
      const fill = fillWords(fromExchange);
      // The words lead with the net size, its average and the money, rendered here from
      // the exchange's figures alone: a gross size in fillWords cannot hide behind it.
      const average = (traded.collateral * RAW_PER_UNIT) / traded.contracts;
      expect(
        fill.text.startsWith(
          `${formatContracts(traded.contracts)} YES at ${formatRawCents(average)} for ${formatUsd(traded.collateral)}`,
        ),
      ).toBe(true);
      expected.push({
        slug: seed.slug,
        title: seed.title,
        fill,
        position: `${formatContracts(after.contracts)} @ ${formatRawCents(after.average)}`,
        badge: `YES ${formatContracts(after.contracts)}`,
      });

      await panel.waitFor(
        '[data-result="YES"]',
        (r) => r.attributes['data-status'] === 'filled',
        20_000,
      );
      expect((await panel.one('[data-result="YES"]'))?.text).toContain(`filled ${fill.text}`);
      // The worker has handled whatever the order's events were going to cause.
      await h().send('panel.state', { marketSlug: seed.slug });
      const told = (await h().createdNotifications()).filter((n) =>
        n.id.includes(view.clientOrderId),
      );
      expect(told).toEqual([
        {
          id: expect.any(String),
          title: 'Order filled',
          message: `Bought ${fill.text} on ${seed.title}`,
        },
      ]);
      await panel.detach();
      await page.close();
    });
  }

  describe('after the three buys', () => {
    let popup: Page | null = null;
    afterAll(async () => {
      await popup?.close();
    });

    it("the popup's position and order lines", async () => {
      expect(expected).toHaveLength(KINDS.length);
      popup = await h().context.newPage();
      await popup.goto(h().url('popup.html'));
      const on = popup;
      for (const want of expected) {
        const card = on.getByRole('article', { name: want.title, exact: true }).first();
        const figure = card
          .locator('.side-line', { has: on.locator('.chip-yes') })
          .first()
          .locator('.side-row .figure')
          .first();
        await eventually(
          async () => ((await figure.textContent()) ?? '').trim() === want.position,
          {
            what: `the popup's YES line on ${want.slug} saying ${want.position}`,
            timeoutMs: 20_000,
          },
        );
      }
      await on.getByRole('tab', { name: /^Orders/ }).click();
      for (const want of expected) {
        const line = on.locator('.intent-line', {
          has: on.locator('.intent-title', { hasText: want.title }),
        });
        const detail = line.first().locator('.intent-detail');
        await detail.waitFor({ timeout: 20_000 });
        expect((await detail.textContent())?.trim()).toBe(want.fill.text);
        expect(await detail.getAttribute('title')).toBe(want.fill.exact);
      }
    });

    it("the badge beside each market's link on the listing page", async () => {
      const home = await h().context.newPage();
      await home.goto(`${h().sandbox.siteUrl}/`);
      const overlay = await PanelDriver.attach(home, 'badges');
      for (const want of expected) {
        const held = await eventually(
          async () => {
            const words =
              (await overlay.onRoot(
                (root, slug) =>
                  [...root.querySelectorAll(`.b[data-market="${slug}"] [data-t]`)].map(
                    (t) => t.getAttribute('data-t') ?? '',
                  ),
                want.slug,
              )) ?? [];
            return words.includes(want.badge) ? words : null;
          },
          { what: `the badge beside ${want.slug} saying ${want.badge}` },
        );
        expect(held).toContain(want.badge);
      }
      await overlay.detach();
      await home.close();
    });
  });
});
