import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OrderPlacementResponse } from '../../lib/core/api/orders';
import { buildOrderRequest } from '../../lib/core/orders/build';
import type { FillEvent } from '../../sandbox/core/events';
import type { RunningSandbox } from '../../sandbox/index';
import { SandboxOrders } from '../support/sandbox-orders';
import {
  account,
  admin,
  buildOrder,
  clientFor,
  freshClientOrderId,
  rejectionOf,
  startTestSandbox,
  tampered,
} from './helpers';

const BTC = 'sandbox-btc-100k';
const C = 1_000_000n;

describe('partner: delegated signing and onBehalfOf', () => {
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.close());
  beforeEach(() => sandbox.core.reset());

  const delegatedOrder = async (clientOrderId = freshClientOrderId(), price = '0.05') => {
    const sub = await account(sandbox, 'sub-1');
    return buildOrder(sandbox, 'partner', {
      market: BTC,
      amounts: { orderType: 'GTC', side: 'BUY', price, contracts: 5n * C },
      clientOrderId,
      owner: { mode: 'delegated', subAccountId: sub.profileId, wallet: sub.account },
    });
  };

  it("the server signs a delegated order with the sub-account's server wallet", async () => {
    const partner = await clientFor(sandbox, 'partner');
    const sub = await account(sandbox, 'sub-1');
    const res = await partner.placeOrder((await delegatedOrder()).json);
    expect(res.order).toMatchObject({
      ownerId: sub.profileId,
      maker: sub.account,
      signer: sub.account,
    });
    expect(res.order.signature).toMatch(/^0x[0-9a-f]+$/);
    const orders = SandboxOrders.parse(await admin(sandbox, 'GET', 'orders'));
    expect(orders.find((o) => o.id === res.order.id)).toMatchObject({
      delegated: true,
      signatureValid: true,
      callerProfileId: (await account(sandbox, 'partner')).profileId,
    });
  });

  it('delegated signing needs the delegated_signing scope', async () => {
    const partner = await account(sandbox, 'partner');
    const built = await delegatedOrder();
    const result = await sandbox.core.placeOrder({
      callerProfileId: partner.profileId,
      scopes: ['trading'],
      body: JSON.parse(built.json),
    });
    expect(result.status).toBe(403);
  });

  it("a partner-signed order whose signature is not the sub-account's is refused", async () => {
    const partner = await clientFor(sandbox, 'partner');
    const sub = await account(sandbox, 'sub-1');
    const alice = await account(sandbox, 'alice');
    const built = await buildOrder(sandbox, 'partner', {
      market: BTC,
      amounts: { orderType: 'GTC', side: 'BUY', price: '0.05', contracts: 5n * C },
      owner: { mode: 'partner-signed', subAccountId: sub.profileId, wallet: alice.account },
      signerKey: alice.privateKey as `0x${string}`,
    });
    const info = await rejectionOf(partner.placeOrder(built.json));
    expect(info.kind === 'rejected' && info.message).toMatch(/maker and signer/);
    const mismatch = tampered(built, (b) => (b.ownerId = 999));
    expect(await rejectionOf(partner.placeOrder(mismatch))).toMatchObject({
      message: 'Profile ID does not match the order owner',
    });
  });

  it("the partner cancels, lists and cancels-all a sub-account's orders with onBehalfOf", async () => {
    const partner = await clientFor(sandbox, 'partner');
    const sub = await account(sandbox, 'sub-1');
    const clientOrderId = freshClientOrderId();
    await partner.placeOrder((await delegatedOrder(clientOrderId)).json);
    const second = await partner.placeOrder((await delegatedOrder()).json);
    const listed = await partner.getUserOrders(BTC, { onBehalfOf: sub.profileId });
    expect(listed).toHaveLength(2);
    expect(
      (await partner.cancelOrder({ clientOrderId }, { onBehalfOf: sub.profileId })).message,
    ).toBe('Order canceled successfully');
    // Without onBehalfOf the sub-account's order belongs to another profile.
    expect((await rejectionOf(partner.cancelOrder({ orderId: second.order.id }))).kind).toBe(
      'unauthenticated',
    );
    const all = await partner.cancelAllOnMarket(BTC, { onBehalfOf: sub.profileId });
    expect(all.canceled).toEqual([second.order.id]);
  });
});

describe('a partner token with trading but not delegated_signing', () => {
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.close());
  beforeEach(() => sandbox.core.reset());

  /** An order for sub-1 that the partner signs with the sub-account's own key. */
  const partnerSigned = async (label: string, clientOrderId = freshClientOrderId()) => {
    const sub = await account(sandbox, 'sub-1');
    return buildOrder(sandbox, label, {
      market: BTC,
      amounts: { orderType: 'GTC', side: 'BUY', price: '0.05', contracts: 5n * C },
      clientOrderId,
      owner: { mode: 'partner-signed', subAccountId: sub.profileId, wallet: sub.account },
      // In-process only: the sub-account's wallet key is never served over HTTP.
      signerKey: sandbox.core.accounts.byLabel('sub-1').privateKey,
    });
  };

  it('is served as its own demo account of the partner profile, with trading only', async () => {
    const lite = await account(sandbox, 'partner-trading');
    const partner = await account(sandbox, 'partner');
    expect(lite).toMatchObject({
      role: 'partner_trading',
      profileId: partner.profileId,
      scopes: ['trading'],
    });
    expect(lite.tokenId).not.toBe(partner.tokenId);
  });

  it('places an order it signed for its sub-account with onBehalfOf (rule 8)', async () => {
    const lite = await clientFor(sandbox, 'partner-trading');
    const sub = await account(sandbox, 'sub-1');
    const res = await lite.placeOrder((await partnerSigned('partner-trading')).json);
    expect(res.order).toMatchObject({
      ownerId: sub.profileId,
      maker: sub.account,
      signer: sub.account,
    });
    const orders = SandboxOrders.parse(await admin(sandbox, 'GET', 'orders'));
    expect(orders.find((o) => o.id === res.order.id)).toMatchObject({
      delegated: false,
      signatureValid: true,
    });
  });

  it('is refused (403) an unsigned, delegated order for the same sub-account', async () => {
    const lite = await clientFor(sandbox, 'partner-trading');
    const sub = await account(sandbox, 'sub-1');
    const built = await buildOrder(sandbox, 'partner-trading', {
      market: BTC,
      amounts: { orderType: 'GTC', side: 'BUY', price: '0.05', contracts: 5n * C },
      owner: { mode: 'delegated', subAccountId: sub.profileId, wallet: sub.account },
    });
    expect((await rejectionOf(lite.placeOrder(built.json))).kind).toBe('forbidden');
  });

  it('may not cancel, batch cancel or cancel all for the sub-account (403); the full token may', async () => {
    const lite = await clientFor(sandbox, 'partner-trading');
    const full = await clientFor(sandbox, 'partner');
    const sub = await account(sandbox, 'sub-1');
    const actAs = { onBehalfOf: sub.profileId };
    const clientOrderId = freshClientOrderId();
    const first = await lite.placeOrder(
      (await partnerSigned('partner-trading', clientOrderId)).json,
    );
    const second = await lite.placeOrder((await partnerSigned('partner-trading')).json);

    expect((await rejectionOf(lite.cancelOrder({ clientOrderId }, actAs))).kind).toBe('forbidden');
    expect((await rejectionOf(lite.cancelOrder({ orderId: first.order.id }, actAs))).kind).toBe(
      'forbidden',
    );
    expect((await rejectionOf(lite.cancelBatch([first.order.id], actAs))).kind).toBe('forbidden');
    expect((await rejectionOf(lite.cancelAllOnMarket(BTC, actAs))).kind).toBe('forbidden');
    // Nothing was cancelled by the refusals.
    expect(await full.getUserOrders(BTC, actAs)).toHaveLength(2);

    const batch = await full.cancelBatch([first.order.id], actAs);
    expect(batch).toMatchObject({ canceled: [first.order.id], failed: [] });
    expect((await full.cancelAllOnMarket(BTC, actAs)).canceled).toEqual([second.order.id]);
  });
});

describe('the in-process core (for bots and the feed)', () => {
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.close());
  beforeEach(() => sandbox.core.reset());

  /** A bot's FAK; `signedBy` signs it as that other bot and then names `label` as maker. */
  const botOrder = async (
    label: string,
    side: 'BUY' | 'SELL',
    price: string,
    signedBy?: string,
  ) => {
    const named = sandbox.core.accounts.byLabel(label);
    const bot = signedBy ? sandbox.core.accounts.byLabel(signedBy) : named;
    const market = sandbox.core.markets.bySlug(BTC);
    if (!market?.tokens || !market.venue) throw new Error('no market');
    const built = await buildOrderRequest(
      {
        amounts: { orderType: 'FAK', side, price, contracts: 10n * C },
        outcome: 'YES',
        clientOrderId: freshClientOrderId(),
      },
      {
        exchangeName: sandbox.core.exchangeName,
        market: { slug: market.slug, tokens: market.tokens, venue: market.venue },
        feeRateBps: bot.feeRateBps,
        owner: { mode: 'own', profileId: bot.profileId, account: bot.account },
        signer: privateKeyToAccount(bot.privateKey),
      },
    );
    const body = JSON.parse(built.json);
    body.order.maker = named.account;
    body.order.signer = named.account;
    body.ownerId = named.profileId;
    return sandbox.core.placeOrder({ callerProfileId: named.profileId, scopes: ['trading'], body });
  };

  it('placeOrder goes through the same validation and engine as POST /orders', async () => {
    const result = await botOrder('bot-taker-1', 'BUY', '0.65');
    expect(result.status).toBe(200);
    expect(OrderPlacementResponse.parse(result.body).execution.matched).toBe(true);
  });

  it('placeOrder refuses an order signed with another key', async () => {
    const result = await botOrder('bot-taker-1', 'BUY', '0.65', 'bot-taker-2');
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ message: expect.stringMatching(/signature/) });
  });

  it("emits a fill per match, with the seller's entry price and realised P&L", async () => {
    const fills: FillEvent[] = [];
    sandbox.core.events.on('fill', (f) => fills.push(f));
    const alice = await clientFor(sandbox, 'alice');
    await alice.placeOrder(
      (
        await buildOrder(sandbox, 'alice', {
          market: BTC,
          amounts: { orderType: 'FAK', side: 'SELL', price: '0.61', contracts: 10n * C },
        })
      ).json,
    );
    expect(fills).toHaveLength(1);
    const [fill] = fills;
    expect(fill?.taker).toMatchObject({ side: 'SELL', outcome: 'YES', contracts: 10n * C });
    expect(fill?.taker.close).toEqual({
      averageEntryPriceRaw: 500_000n,
      costBasis: 5_000_000n,
      realisedPnl: 1_100_000n,
    });
    expect(fill?.maker.close).toBeNull();
  });

  it('resolving a market cancels its orders and emits marketResolved', async () => {
    const resolved: string[] = [];
    sandbox.core.events.on('marketResolved', (e) => resolved.push(e.marketSlug));
    expect(sandbox.core.resolveMarket('sandbox-fed-hike', 1)).toBe(true);
    expect(resolved).toEqual(['sandbox-fed-hike']);
    expect(sandbox.core.orderbook('sandbox-fed-hike')?.bids).toEqual([]);
    expect(sandbox.core.markets.bySlug('sandbox-fed-hike')?.status).toBe('RESOLVED');
  });

  it('reset goes back to the seeded state', async () => {
    await botOrder('bot-taker-1', 'BUY', '0.65');
    const before = JSON.stringify(sandbox.core.orderbook(BTC));
    sandbox.core.reset();
    const fresh = JSON.stringify(sandbox.core.orderbook(BTC));
    expect(fresh).not.toBe(before);
    sandbox.core.reset();
    expect(JSON.stringify(sandbox.core.orderbook(BTC))).toBe(fresh);
  });
});
