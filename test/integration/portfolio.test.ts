import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ExchangeClient } from '../../lib/core/client/exchange-client';
import type { RunningSandbox } from '../../sandbox/index';
import { eventually } from '../wait';
import {
  account,
  admin,
  buildOrder,
  clientFor,
  publicClient,
  rejectionOf,
  startTestSandbox,
} from './helpers';

const BTC = 'sandbox-btc-100k';
const C = 1_000_000n;

describe('markets and maintenance (public)', () => {
  let sandbox: RunningSandbox;
  let client: ExchangeClient;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    client = publicClient(sandbox);
  });
  afterAll(() => sandbox.close());

  it('lists the active markets (not the resolved or expired ones)', async () => {
    const { data, totalMarketsCount } = await client.getActiveMarkets();
    const slugs = data.map((m) => m.slug);
    expect(slugs).toContain(BTC);
    expect(slugs).toContain('sandbox-rain-amm');
    expect(slugs).not.toContain('sandbox-election-resolved');
    expect(slugs).not.toContain('sandbox-expired');
    expect(totalMarketsCount).toBe(data.length);
  });

  it('finds markets by text', async () => {
    const { data } = await client.searchMarkets('fed');
    expect(data.map((m) => m.slug).sort()).toEqual([
      'sandbox-fed-cut',
      'sandbox-fed-hike',
      'sandbox-fed-hold',
    ]);
  });

  it('a CLOB market has tokens, venue and settings; NegRisk children name their group', async () => {
    const btc = await client.getMarket(BTC);
    expect(btc).toMatchObject({ tradeType: 'clob', negRisk: false, group: null });
    expect(btc.tokens?.yes).toMatch(/^\d+$/);
    expect(btc.venue?.exchange).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const eth = await client.getMarket('sandbox-eth-flip');
    expect(eth.settings.takerDelayMs).toBe(150);
    const cut = await client.getMarket('sandbox-fed-cut');
    expect(cut).toMatchObject({ negRisk: true, group: { slug: 'sandbox-fed-december' } });
  });

  it('the AMM market has no tokens, no venue and no honest price', async () => {
    expect(await client.getMarket('sandbox-rain-amm')).toMatchObject({
      tradeType: 'amm',
      tokens: null,
      venue: null,
      prices: null,
    });
  });

  it('the resolved market shows its result; the expired one is funded but past its deadline', async () => {
    expect(await client.getMarket('sandbox-election-resolved')).toMatchObject({
      status: 'RESOLVED',
      winningOutcomeIndex: 0,
      prices: [1, 0],
    });
    const expired = await client.getMarket('sandbox-expired');
    expect(expired.status).toBe('FUNDED');
    expect(Date.parse(expired.deadline ?? '')).toBeLessThan(Date.now());
  });

  it('404 for an unknown slug', async () => {
    expect((await rejectionOf(client.getMarket('nope'))).kind).toBe('not-found');
    expect((await rejectionOf(client.getOrderbook('nope'))).kind).toBe('not-found');
    expect((await rejectionOf(client.getOrderbook('sandbox-rain-amm'))).kind).toBe('not-found');
  });

  it('every CLOB market starts with a two-sided book in YES terms', async () => {
    for (const slug of [
      'sandbox-btc-100k',
      'sandbox-eth-flip',
      'sandbox-fed-cut',
      'sandbox-fed-hold',
      'sandbox-fed-hike',
    ]) {
      const book = await client.getOrderbook(slug);
      expect(book.bids.length).toBeGreaterThan(0);
      expect(book.asks.length).toBeGreaterThan(0);
      expect(book.bids[0]?.price ?? 1).toBeLessThan(book.asks[0]?.price ?? 0);
      expect(book.adjustedMidpoint).not.toBeNull();
    }
  });

  it('serves a price history and market images', async () => {
    const history = await client.getHistoricalPrice(BTC, '1h');
    expect(history.prices.length).toBeGreaterThan(10);
    const market = await client.getMarket(BTC);
    const img = await fetch(market.imageUrl ?? '');
    expect(img.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('maintenance status follows the trading mode', async () => {
    expect(await client.getMaintenanceStatus()).toEqual({
      mode: 'normal',
      resumeAt: null,
      restrictions: [],
    });
    const resumeAt = new Date(Date.now() + 600_000).toISOString();
    await admin(sandbox, 'POST', 'trading-mode', { mode: 'cancel_only', resumeAt });
    expect(await client.getMaintenanceStatus()).toMatchObject({ mode: 'cancel_only', resumeAt });
    await admin(sandbox, 'POST', 'reset');
    expect((await client.getMaintenanceStatus()).mode).toBe('normal');
  });
});

describe('portfolio', () => {
  let sandbox: RunningSandbox;
  let alice: ExchangeClient;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    alice = await clientFor(sandbox, 'alice');
  });
  afterAll(() => sandbox.close());
  beforeEach(() => sandbox.core.reset());

  it('seeded holdings show as positions with a 0.50 cost basis', async () => {
    const positions = await alice.getPositions();
    const btc = positions.clob.find((p) => p.market.slug === BTC);
    expect(btc?.tokensBalance).toEqual({ yes: '500000000', no: '500000000' });
    expect(btc?.positions.yes).toMatchObject({
      cost: '250000000',
      fillPrice: '500000',
      realisedPnl: '0',
    });
    // Valued at the midpoint 0.62: 310 − 250.
    expect(btc?.positions.yes).toMatchObject({
      marketValue: '310000000',
      unrealizedPnl: '60000000',
    });
  });

  it('NegRisk children go under group, AMM positions under amm', async () => {
    const positions = await alice.getPositions();
    expect(positions.clob.map((p) => p.market.slug)).not.toContain('sandbox-fed-cut');
    const fed = positions.group.find((g) => g.group.slug === 'sandbox-fed-december');
    expect(fed?.positions.map((p) => p.market.slug).sort()).toEqual([
      'sandbox-fed-cut',
      'sandbox-fed-hike',
      'sandbox-fed-hold',
    ]);
    expect(positions.amm[0]?.market.slug).toBe('sandbox-rain-amm');
    const bob = await clientFor(sandbox, 'bob');
    expect((await bob.getPositions()).amm).toEqual([]);
  });

  it('a fill moves the position: average cost on buys, realised P&L on sells', async () => {
    await alice.placeOrder(
      (
        await buildOrder(sandbox, 'alice', {
          market: BTC,
          amounts: { orderType: 'FAK', side: 'BUY', price: '0.63', contracts: 100n * C },
        })
      ).json,
    );
    let btc = (await alice.getPositions()).clob.find((p) => p.market.slug === BTC);
    expect(btc?.tokensBalance.yes).toBe('600000000');
    // 250 + 63 = 313 for 600 contracts.
    expect(btc?.positions.yes.cost).toBe('313000000');
    expect(btc?.positions.yes.fillPrice).toBe('521666');
    await alice.placeOrder(
      (
        await buildOrder(sandbox, 'alice', {
          market: BTC,
          amounts: { orderType: 'FAK', side: 'SELL', price: '0.61', contracts: 60n * C },
        })
      ).json,
    );
    btc = (await alice.getPositions()).clob.find((p) => p.market.slug === BTC);
    // Sold 60 at 0.61 = 36.6 against an average of 0.521666…: cost removed 31.3.
    expect(btc?.positions.yes.realisedPnl).toBe('5300000');
    expect(btc?.latestTrade?.latestYesPrice).toBe(0.61);
  });

  it("open orders show in the market's positions entry and in user-orders", async () => {
    const placed = await alice.placeOrder(
      (
        await buildOrder(sandbox, 'alice', {
          market: BTC,
          amounts: { orderType: 'GTC', side: 'BUY', price: '0.05', contracts: 10n * C },
        })
      ).json,
    );
    const btc = (await alice.getPositions()).clob.find((p) => p.market.slug === BTC);
    expect(btc?.orders.map((o) => o.id)).toEqual([placed.order.id]);
    expect(btc?.rewards?.isEarning).toBe(true);
    const [open] = await alice.getUserOrders(BTC);
    expect(open).toMatchObject({
      side: 'BUY',
      price: 0.05,
      originalSize: '10000000',
      postOnly: false,
    });
  });

  it('trades, pnl chart and history come from the same ledger', async () => {
    await alice.placeOrder(
      (
        await buildOrder(sandbox, 'alice', {
          market: BTC,
          amounts: { orderType: 'FAK', side: 'SELL', price: '0.61', contracts: 10n * C },
        })
      ).json,
    );
    const trades = await alice.getTrades();
    expect(trades.data[0]).toMatchObject({
      marketSlug: BTC,
      side: 'SELL',
      role: 'TAKER',
      price: 0.61,
    });
    const chart = await alice.getPnlChart('1d');
    expect(chart.data.some((p) => p.value === '1100000')).toBe(true);
    const history = await alice.getHistory();
    expect(history.data.map((h) => h.type)).toEqual(['TRADE_SELL', 'DEPOSIT']);
    await eventually(async () => (await alice.getTrades()).data[0]?.txHash);
  });

  it("a partner reads a sub-account's portfolio with onBehalfOf", async () => {
    const partner = await clientFor(sandbox, 'partner');
    const sub = await account(sandbox, 'sub-1');
    const positions = await partner.getPositions({ onBehalfOf: sub.profileId });
    expect(positions.clob.find((p) => p.market.slug === BTC)?.tokensBalance.yes).toBe('500000000');
    expect((await partner.getPositions()).clob).toEqual([]);
  });
});

describe('withdrawal', () => {
  let sandbox: RunningSandbox;
  let alice: ExchangeClient;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    alice = await clientFor(sandbox, 'alice');
  });
  afterAll(() => sandbox.close());
  beforeEach(() => sandbox.core.reset());

  it('lists the allowlist read-only', async () => {
    const list = await alice.getWithdrawalAddresses();
    expect(list.map((a) => [a.label, a.active])).toEqual([
      ['alice-cold-wallet', true],
      ['alice-old-wallet', false],
    ]);
  });

  it('withdraws to the own account by default', async () => {
    const a = await account(sandbox, 'alice');
    const res = await alice.withdraw({ amount: '1000000' });
    expect(res).toMatchObject({
      destination: a.account,
      walletAddress: a.account,
      amount: '1000000',
    });
    const history = await alice.getHistory();
    expect(history.data[0]).toMatchObject({ type: 'WITHDRAWAL', amount: '-1000000' });
  });

  it('a smart-wallet profile withdraws to its smart wallet by default', async () => {
    const dana = await clientFor(sandbox, 'dana');
    const me = await dana.getMyProfile();
    expect((await dana.withdraw({ amount: '1000000' })).destination).toBe(me.smartWallet);
  });

  it('accepts an active allowlisted destination', async () => {
    const [active] = await alice.getWithdrawalAddresses();
    const res = await alice.withdraw({ amount: '1000000', destination: active?.address });
    expect(res.destination).toBe(active?.address);
  });

  it('403 for an inactive allowlisted or a third-party destination', async () => {
    const [, inactive] = await alice.getWithdrawalAddresses();
    const info = await rejectionOf(
      alice.withdraw({ amount: '1000000', destination: inactive?.address }),
    );
    expect(info.kind === 'forbidden' && info.message).toMatch(/not active/);
    const bob = await account(sandbox, 'bob');
    const third = await rejectionOf(
      alice.withdraw({ amount: '1000000', destination: bob.account }),
    );
    expect(third.kind === 'forbidden' && third.message).toMatch(/not allowed/);
  });

  it("for onBehalfOf the partner's allowlist applies, not the sub-account's", async () => {
    const partner = await clientFor(sandbox, 'partner');
    const sub = await account(sandbox, 'sub-1');
    const [treasury] = await partner.getWithdrawalAddresses();
    const res = await partner.withdraw({
      amount: '1000000',
      onBehalfOf: sub.profileId,
      destination: treasury?.address,
    });
    expect(res).toMatchObject({ walletAddress: sub.account, destination: treasury?.address });
    const [aliceCold] = await alice.getWithdrawalAddresses();
    const info = await rejectionOf(
      partner.withdraw({
        amount: '1000000',
        onBehalfOf: sub.profileId,
        destination: aliceCold?.address,
      }),
    );
    expect(info.kind).toBe('forbidden');
    const bob = await account(sandbox, 'bob');
    expect(
      (await rejectionOf(partner.withdraw({ amount: '1', onBehalfOf: bob.profileId }))).kind,
    ).toBe('forbidden');
  });

  it('400 beyond the available balance; 403 without the withdrawal scope', async () => {
    const info = await rejectionOf(alice.withdraw({ amount: '99999999999999' }));
    expect(info.kind === 'rejected' && info.message).toMatch(/Insufficient balance/);
    const carol = await clientFor(sandbox, 'readonly');
    expect((await rejectionOf(carol.withdraw({ amount: '1' }))).kind).toBe('forbidden');
  });
});
