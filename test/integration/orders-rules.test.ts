import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ExchangeClient } from '../../lib/core/client/exchange-client';
import type { RunningSandbox } from '../../sandbox/index';
import { eventually } from '../wait';
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
const ETH = 'sandbox-eth-flip';
const C = 1_000_000n;

const fakBuy = (price: string, contracts: bigint) =>
  ({ orderType: 'FAK', side: 'BUY', price, contracts }) as const;
const gtc = (side: 'BUY' | 'SELL', price: string, contracts: bigint) =>
  ({ orderType: 'GTC', side, price, contracts }) as const;

describe('POST /orders validation rules', () => {
  let sandbox: RunningSandbox;
  let alice: ExchangeClient;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    alice = await clientFor(sandbox, 'alice');
  });
  afterAll(() => sandbox.close());
  beforeEach(() => sandbox.core.reset());

  const aliceOrder = (spec: Parameters<typeof buildOrder>[2]) => buildOrder(sandbox, 'alice', spec);

  it('accepts a well-formed signed order', async () => {
    const built = await aliceOrder({ market: BTC, amounts: gtc('BUY', '0.5', 10n * C) });
    const res = await alice.placeOrder(built.json);
    expect(res.execution.settlementStatus).toBe('UNMATCHED');
    expect(res.order.ownerId).toBe((await account(sandbox, 'alice')).profileId);
  });

  it('rule 1: signature without signatureType is a validation error', async () => {
    const built = await aliceOrder({ market: BTC, amounts: gtc('BUY', '0.5', 10n * C) });
    const info = await rejectionOf(
      alice.placeOrder(tampered(built, (b) => delete b.order.signatureType)),
    );
    expect(info.kind === 'validation' && info.issues[0]?.field).toBe('order.signature');
  });

  it("rule 1: an unsigned order of one's own profile is refused", async () => {
    const built = await aliceOrder({ market: BTC, amounts: gtc('BUY', '0.5', 10n * C) });
    const body = tampered(built, (b) => {
      delete b.order.signature;
      delete b.order.signatureType;
    });
    const info = await rejectionOf(alice.placeOrder(body));
    expect(info.kind).toBe('validation');
  });

  it('rule 2: nonce must be 0', async () => {
    const built = await aliceOrder({ market: BTC, amounts: gtc('BUY', '0.5', 10n * C) });
    const info = await rejectionOf(alice.placeOrder(tampered(built, (b) => (b.order.nonce = 1))));
    expect(info.kind === 'validation' && info.issues.map((i) => i.field)).toContain('order.nonce');
  });

  it('rule 3: makerAmount below 100 raw units is refused', async () => {
    const built = await aliceOrder({ market: BTC, amounts: gtc('BUY', '0.5', 10n * C) });
    const body = tampered(built, (b) => {
      b.order.makerAmount = 99;
      b.order.takerAmount = 198;
    });
    const info = await rejectionOf(alice.placeOrder(body));
    expect(info.kind === 'validation' && info.issues.map((i) => i.field)).toContain(
      'order.makerAmount',
    );
  });

  it('rule 4: a GTC without a price, or off the 0.001 grid, or outside 0.01–0.99 is refused', async () => {
    const built = await aliceOrder({ market: BTC, amounts: gtc('BUY', '0.5', 10n * C) });
    for (const change of [
      (b: { order: Record<string, unknown> }) => delete b.order.price,
      (b: { order: Record<string, unknown> }) => (b.order.price = 0.5005),
      (b: { order: Record<string, unknown> }) => (b.order.price = 0.995),
    ]) {
      const info = await rejectionOf(alice.placeOrder(tampered(built, change)));
      expect(info.kind === 'validation' && info.issues.map((i) => i.field)).toContain(
        'order.price',
      );
    }
  });

  it('rule 4: price × contracts must be an exact raw amount', async () => {
    const built = await aliceOrder({ market: BTC, amounts: gtc('BUY', '0.333', 3n * C) });
    const body = tampered(built, (b) => {
      b.order.takerAmount = 3_000_001;
    });
    const info = await rejectionOf(alice.placeOrder(body));
    expect(info.kind === 'validation' && info.issues[0]?.field).toBe('order.makerAmount');
  });

  it('rule 5: a FOK must not carry a price', async () => {
    const built = await aliceOrder({
      market: BTC,
      amounts: { orderType: 'FOK', side: 'BUY', spend: 5n * C },
    });
    const info = await rejectionOf(alice.placeOrder(tampered(built, (b) => (b.order.price = 0.5))));
    expect(info.kind === 'validation' && info.issues.map((i) => i.field)).toContain('order.price');
  });

  it('rule 6: postOnly is for GTC only', async () => {
    const built = await aliceOrder({ market: BTC, amounts: fakBuy('0.5', 10n * C) });
    const info = await rejectionOf(alice.placeOrder(tampered(built, (b) => (b.postOnly = true))));
    expect(info.kind === 'validation' && info.issues.map((i) => i.field)).toContain('postOnly');
  });

  it('rule 7: a FOK has takerAmount 1', async () => {
    const built = await aliceOrder({
      market: BTC,
      amounts: { orderType: 'FOK', side: 'SELL', contracts: 5n * C },
    });
    const info = await rejectionOf(
      alice.placeOrder(tampered(built, (b) => (b.order.takerAmount = 2))),
    );
    expect(info.kind === 'validation' && info.issues.map((i) => i.field)).toContain(
      'order.takerAmount',
    );
  });

  it('rule 8: ownerId of another profile is refused with the spec message', async () => {
    const bob = await account(sandbox, 'bob');
    const built = await aliceOrder({ market: BTC, amounts: gtc('BUY', '0.5', 10n * C) });
    const info = await rejectionOf(
      alice.placeOrder(tampered(built, (b) => (b.ownerId = bob.profileId))),
    );
    expect(info).toMatchObject({
      kind: 'rejected',
      status: 400,
      message: 'Profile ID does not match the order owner',
    });
  });

  it('rule 8: an order signed by another key than the maker is refused', async () => {
    const bob = await account(sandbox, 'bob');
    const alc = await account(sandbox, 'alice');
    const built = await buildOrder(sandbox, 'bob', {
      market: BTC,
      amounts: gtc('BUY', '0.5', 10n * C),
      owner: { mode: 'own', profileId: bob.profileId, account: bob.account },
    });
    // Bob's signature, alice's maker and signer: the signature no longer recovers to them.
    const body = tampered(built, (b) => {
      b.order.maker = alc.account;
      b.order.signer = alc.account;
      b.ownerId = alc.profileId;
    });
    const info = await rejectionOf(alice.placeOrder(body));
    expect(info.kind === 'rejected' && info.message).toMatch(/signature/i);
  });

  it("rule 8: the maker must be the caller's own account", async () => {
    const bob = await account(sandbox, 'bob');
    const built = await buildOrder(sandbox, 'bob', {
      market: BTC,
      amounts: gtc('BUY', '0.5', 10n * C),
      owner: { mode: 'own', profileId: bob.profileId, account: bob.account },
    });
    const alc = await account(sandbox, 'alice');
    const info = await rejectionOf(
      alice.placeOrder(tampered(built, (b) => (b.ownerId = alc.profileId))),
    );
    expect(info.kind === 'rejected' && info.message).toMatch(/maker and signer/);
  });

  it('rule 8: a smart-wallet profile cannot place self-signed orders', async () => {
    const dana = await clientFor(sandbox, 'dana');
    const built = await buildOrder(sandbox, 'dana', {
      market: BTC,
      amounts: gtc('BUY', '0.5', 10n * C),
    });
    const info = await rejectionOf(dana.placeOrder(built.json));
    expect(info.kind === 'rejected' && info.message).toMatch(/Signer mismatch/);
  });

  it("rule 8: onBehalfOf a profile that is not the caller's sub-account is 403", async () => {
    const sub = await account(sandbox, 'sub-1');
    const built = await aliceOrder({ market: BTC, amounts: gtc('BUY', '0.5', 10n * C) });
    const body = tampered(built, (b) => {
      b.onBehalfOf = sub.profileId;
      b.ownerId = sub.profileId;
    });
    expect((await rejectionOf(alice.placeOrder(body))).kind).toBe('forbidden');
  });

  it('rule 9: an order older than its receive window is 425 (receive window)', async () => {
    const built = await aliceOrder({
      market: BTC,
      amounts: gtc('BUY', '0.5', 10n * C),
      recvWindow: 1000,
      timestamp: Date.now() - 5_000,
    });
    const info = await rejectionOf(alice.placeOrder(built.json));
    expect(info.kind).toBe('receive-window');
  });

  it('rule 9: within the window, or with a timestamp and no window, the order is accepted', async () => {
    const fresh = await aliceOrder({
      market: BTC,
      amounts: gtc('BUY', '0.5', 10n * C),
      recvWindow: 5000,
      timestamp: Date.now(),
    });
    expect((await alice.placeOrder(fresh.json)).order.id).toBeTruthy();
    const old = await aliceOrder({ market: BTC, amounts: gtc('BUY', '0.5', 10n * C) });
    const body = tampered(old, (b) => (b.timestamp = Date.now() - 60_000));
    expect((await alice.placeOrder(body)).order.id).toBeTruthy();
  });

  it('rule 10: cancel_maker cancels the own resting order and lists it', async () => {
    const resting = await alice.placeOrder(
      (await aliceOrder({ market: BTC, amounts: gtc('SELL', '0.625', 5n * C) })).json,
    );
    const res = await alice.placeOrder(
      (await aliceOrder({ market: BTC, amounts: gtc('BUY', '0.625', 5n * C) })).json,
    );
    expect(res.execution.stpMakerCancels).toEqual([resting.order.id]);
    expect(res.execution.settlementStatus).toBe('UNMATCHED');
    expect(res.execution.reason).toBeUndefined();
  });

  it('rule 10: cancel_taker rejects the incoming order and keeps the resting one', async () => {
    const resting = await alice.placeOrder(
      (await aliceOrder({ market: BTC, amounts: gtc('SELL', '0.625', 5n * C) })).json,
    );
    const res = await alice.placeOrder(
      (
        await aliceOrder({
          market: BTC,
          amounts: gtc('BUY', '0.625', 5n * C),
          stpPolicy: 'cancel_taker',
        })
      ).json,
    );
    expect(res.execution).toMatchObject({
      settlementStatus: 'CANCELED',
      reason: 'STP_TAKER_REJECTED',
    });
    const open = await alice.getUserOrders(BTC);
    expect(open.map((o) => o.id)).toEqual([resting.order.id]);
  });

  it('rule 10: cancel_both rejects the incoming order and cancels the resting one', async () => {
    const resting = await alice.placeOrder(
      (await aliceOrder({ market: BTC, amounts: gtc('SELL', '0.625', 5n * C) })).json,
    );
    const res = await alice.placeOrder(
      (
        await aliceOrder({
          market: BTC,
          amounts: gtc('BUY', '0.625', 5n * C),
          stpPolicy: 'cancel_both',
        })
      ).json,
    );
    expect(res.execution).toMatchObject({
      settlementStatus: 'CANCELED',
      reason: 'STP_TAKER_REJECTED',
      stpMakerCancels: [resting.order.id],
    });
    expect(await alice.getUserOrders(BTC)).toEqual([]);
  });

  it('rule 11: a FAK on a taker-delay market is held: DELAYED, zero totals, off the book', async () => {
    const before = await alice.getOrderbook(ETH);
    const res = await alice.placeOrder(
      (await aliceOrder({ market: ETH, amounts: fakBuy('0.6', 5n * C) })).json,
    );
    expect(res.execution).toMatchObject({ matched: false, settlementStatus: 'DELAYED' });
    expect(res.execution.eligibleAt).toBeDefined();
    expect(Object.values(res.execution.totalsRaw)).toEqual(['0', '0', '0', '0', '0', '0']);
    expect(await alice.getOrderbook(ETH)).toEqual(before);
    const [held] = await alice.getUserOrders(ETH);
    expect(held?.settlementStatus).toBe('DELAYED');
    // Released after the delay: it trades.
    const status = await eventually(async () => {
      const [s] = await alice.orderStatuses({ orderIds: [res.order.id] });
      return s?.status === 'FILLED' ? s : undefined;
    });
    expect(status).toBeDefined();
  });

  it('rule 11: a FOK is always delayed on a taker-delay market, fillable or not, BUY or SELL', async () => {
    const before = await alice.getOrderbook(ETH);
    const fillable = await alice.placeOrder(
      (
        await aliceOrder({
          market: ETH,
          amounts: { orderType: 'FOK', side: 'SELL', contracts: 2n * C },
        })
      ).json,
    );
    // More than the asks hold: on a market without delay this FOK would be refused (400).
    const unfillable = await alice.placeOrder(
      (
        await aliceOrder({
          market: ETH,
          amounts: { orderType: 'FOK', side: 'BUY', spend: 9_000n * C },
        })
      ).json,
    );
    for (const res of [fillable, unfillable]) {
      expect(res.execution).toMatchObject({ matched: false, settlementStatus: 'DELAYED' });
      expect(res.execution.eligibleAt).toBeDefined();
      expect(Object.values(res.execution.totalsRaw)).toEqual(['0', '0', '0', '0', '0', '0']);
    }
    expect(await alice.getOrderbook(ETH)).toEqual(before);
    // Released after the delay: the engine decides, all or nothing.
    const statuses = await eventually(async () => {
      const found = await alice.orderStatuses({
        orderIds: [fillable.order.id, unfillable.order.id],
      });
      return found.every((s) => s.status !== 'DELAYED') ? found : undefined;
    });
    expect(statuses.map((s) => s.status)).toEqual(['FILLED', 'CANCELED']);
    expect(statuses[1]?.filledSize).toBe('0');
  });

  it('rule 11: a GTC that would not cross and a postOnly GTC are not delayed', async () => {
    const passive = await alice.placeOrder(
      (await aliceOrder({ market: ETH, amounts: gtc('BUY', '0.3', 5n * C) })).json,
    );
    expect(passive.execution.settlementStatus).toBe('UNMATCHED');
    const postOnly = await alice.placeOrder(
      (await aliceOrder({ market: ETH, amounts: gtc('SELL', '0.7', 5n * C), postOnly: true })).json,
    );
    expect(postOnly.execution.settlementStatus).toBe('UNMATCHED');
    const crossing = await alice.placeOrder(
      (await aliceOrder({ market: ETH, amounts: gtc('BUY', '0.6', 5n * C) })).json,
    );
    expect(crossing.execution.settlementStatus).toBe('DELAYED');
  });

  it('rule 12: post_only mode accepts only postOnly orders', async () => {
    await admin(sandbox, 'POST', 'trading-mode', { mode: 'post_only', resumeAt: null });
    const info = await rejectionOf(
      alice.placeOrder(
        (await aliceOrder({ market: BTC, amounts: gtc('BUY', '0.5', 5n * C) })).json,
      ),
    );
    expect(info).toMatchObject({
      kind: 'trading-mode',
      code: 'trading_post_only',
      mode: 'post_only',
    });
    const ok = await alice.placeOrder(
      (await aliceOrder({ market: BTC, amounts: gtc('BUY', '0.5', 5n * C), postOnly: true })).json,
    );
    expect(ok.execution.settlementStatus).toBe('UNMATCHED');
  });

  it('rule 12: cancel_only and disabled refuse new orders with their codes', async () => {
    const resumeAt = new Date(Date.now() + 3_600_000).toISOString();
    for (const [mode, code] of [
      ['cancel_only', 'trading_cancel_only'],
      ['disabled', 'trading_disabled'],
    ] as const) {
      await admin(sandbox, 'POST', 'trading-mode', { mode, resumeAt });
      const info = await rejectionOf(
        alice.placeOrder(
          (await aliceOrder({ market: BTC, amounts: gtc('BUY', '0.5', 5n * C) })).json,
        ),
      );
      expect(info).toMatchObject({ kind: 'trading-mode', code, mode, resumeAt });
    }
  });
});

describe('POST /orders business rules', () => {
  let sandbox: RunningSandbox;
  let alice: ExchangeClient;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    alice = await clientFor(sandbox, 'alice');
  });
  afterAll(() => sandbox.close());
  beforeEach(() => sandbox.core.reset());

  const aliceOrder = (spec: Parameters<typeof buildOrder>[2]) => buildOrder(sandbox, 'alice', spec);

  it('409 on a reused clientOrderId, without replaying the earlier response', async () => {
    const clientOrderId = freshClientOrderId();
    await alice.placeOrder(
      (await aliceOrder({ market: BTC, amounts: gtc('BUY', '0.5', 5n * C), clientOrderId })).json,
    );
    const again = await aliceOrder({
      market: BTC,
      amounts: gtc('BUY', '0.4', 5n * C),
      clientOrderId,
    });
    expect((await rejectionOf(alice.placeOrder(again.json))).kind).toBe('conflict');
  });

  it('409 when the same signed order is sent again under another clientOrderId', async () => {
    const built = await aliceOrder({ market: BTC, amounts: gtc('BUY', '0.5', 5n * C) });
    await alice.placeOrder(built.json);
    const resend = tampered(built, (b) => (b.clientOrderId = freshClientOrderId()));
    expect((await rejectionOf(alice.placeOrder(resend))).kind).toBe('conflict');
  });

  it('a refused order does not consume its clientOrderId', async () => {
    const clientOrderId = freshClientOrderId();
    const refused = await aliceOrder({
      market: BTC,
      amounts: fakBuy('0.1', 5n * C),
      clientOrderId,
    });
    expect((await rejectionOf(alice.placeOrder(refused.json))).kind).toBe('rejected');
    const retry = await aliceOrder({
      market: BTC,
      amounts: gtc('BUY', '0.5', 5n * C),
      clientOrderId,
    });
    expect((await alice.placeOrder(retry.json)).execution.clientOrderId).toBe(clientOrderId);
  });

  it('clientOrderId is owner-scoped: another profile may use the same one', async () => {
    const clientOrderId = freshClientOrderId();
    await alice.placeOrder(
      (await aliceOrder({ market: BTC, amounts: gtc('BUY', '0.5', 5n * C), clientOrderId })).json,
    );
    const bob = await clientFor(sandbox, 'bob');
    const bobs = await buildOrder(sandbox, 'bob', {
      market: BTC,
      amounts: gtc('BUY', '0.5', 5n * C),
      clientOrderId,
    });
    expect((await bob.placeOrder(bobs.json)).execution.clientOrderId).toBe(clientOrderId);
  });

  it('feeRateBps must be the rank fee; 0 is accepted only on zero-fee markets', async () => {
    const zeroOnFree = await aliceOrder({
      market: BTC,
      amounts: gtc('BUY', '0.5', 5n * C),
      feeRateBps: 0,
    });
    expect((await alice.placeOrder(zeroOnFree.json)).order.feeRateBps).toBe(0);
    const zeroOnFee = await aliceOrder({
      market: 'sandbox-fed-cut',
      amounts: gtc('BUY', '0.1', 5n * C),
      feeRateBps: 0,
    });
    const info = await rejectionOf(alice.placeOrder(zeroOnFee.json));
    expect(info.kind === 'rejected' && info.message).toMatch(/feeRateBps must be 100/);
    const wrong = await aliceOrder({
      market: BTC,
      amounts: gtc('BUY', '0.5', 5n * C),
      feeRateBps: 50,
    });
    expect((await rejectionOf(alice.placeOrder(wrong.json))).kind).toBe('rejected');
  });

  it("tokenId must be one of the market's tokens", async () => {
    const other = await aliceOrder({ market: ETH, amounts: gtc('BUY', '0.3', 5n * C) });
    const body = tampered(other, (b) => (b.marketSlug = BTC));
    const info = await rejectionOf(alice.placeOrder(body));
    expect(info.kind === 'rejected' && info.message).toMatch(/not a token of market/);
  });

  it('unknown, AMM, resolved and expired markets are 400', async () => {
    const built = await aliceOrder({ market: BTC, amounts: gtc('BUY', '0.5', 5n * C) });
    const cases: [string, RegExp][] = [
      ['no-such-market', /not found/],
      ['sandbox-rain-amm', /AMM/],
    ];
    for (const [slug, message] of cases) {
      const info = await rejectionOf(
        alice.placeOrder(tampered(built, (b) => (b.marketSlug = slug))),
      );
      expect(info).toMatchObject({ kind: 'rejected', status: 400 });
      expect(info.kind === 'rejected' && info.message).toMatch(message);
    }
    for (const [slug, message] of [
      ['sandbox-election-resolved', /resolved/],
      ['sandbox-expired', /expired/],
    ] as const) {
      const order = await aliceOrder({ market: slug, amounts: gtc('BUY', '0.5', 5n * C) });
      const info = await rejectionOf(alice.placeOrder(order.json));
      expect(info.kind === 'rejected' && info.message).toMatch(message);
    }
  });

  it('insufficient collateral or tokens is 400, and resting orders reserve funds', async () => {
    const tooMuch = await aliceOrder({
      market: BTC,
      amounts: { orderType: 'FOK', side: 'BUY', spend: 20_000n * C },
    });
    const info = await rejectionOf(alice.placeOrder(tooMuch.json));
    expect(info.kind === 'rejected' && info.message).toMatch(/Insufficient collateral/);
    // 500 YES held: a resting sale of 400 leaves 100 to sell.
    await alice.placeOrder(
      (await aliceOrder({ market: BTC, amounts: gtc('SELL', '0.9', 400n * C) })).json,
    );
    const more = await aliceOrder({ market: BTC, amounts: gtc('SELL', '0.9', 200n * C) });
    const tokens = await rejectionOf(alice.placeOrder(more.json));
    expect(tokens.kind === 'rejected' && tokens.message).toMatch(/Insufficient token/);
  });

  it('missing approvals are 400; a NegRisk SELL also needs the adapter', async () => {
    const a = await account(sandbox, 'alice');
    const market = sandbox.core.markets.bySlug('sandbox-fed-hold');
    if (!market?.venue) throw new Error('no venue');
    sandbox.core.ledger.setApproval(a.profileId, 'conditional', market.venue.adapter, false);
    const buy = await aliceOrder({
      market: 'sandbox-fed-hold',
      amounts: gtc('BUY', '0.2', 5n * C),
    });
    expect((await alice.placeOrder(buy.json)).order.id).toBeTruthy();
    const sell = await aliceOrder({
      market: 'sandbox-fed-hold',
      amounts: gtc('SELL', '0.9', 5n * C),
    });
    const info = await rejectionOf(alice.placeOrder(sell.json));
    expect(info.kind === 'rejected' && info.message).toMatch(/venue\.adapter/);
    sandbox.core.ledger.setApproval(a.profileId, 'collateral', market.venue.exchange, false);
    const buy2 = await aliceOrder({
      market: 'sandbox-fed-hold',
      amounts: gtc('BUY', '0.2', 5n * C),
    });
    const info2 = await rejectionOf(alice.placeOrder(buy2.json));
    expect(info2.kind === 'rejected' && info2.message).toMatch(/collateral token/);
  });

  it('a FAK that finds no liquidity and a FOK the book cannot fill are 400', async () => {
    const fak = await aliceOrder({ market: BTC, amounts: fakBuy('0.1', 5n * C) });
    const info = await rejectionOf(alice.placeOrder(fak.json));
    expect(info.kind === 'rejected' && info.message).toMatch(/no liquidity/);
    const fok = await aliceOrder({
      market: BTC,
      amounts: { orderType: 'FOK', side: 'BUY', spend: 9_000n * C },
    });
    const info2 = await rejectionOf(alice.placeOrder(fok.json));
    expect(info2.kind === 'rejected' && info2.message).toMatch(/could not be filled in full/);
  });

  it('a postOnly order that would match is 400', async () => {
    const built = await aliceOrder({
      market: BTC,
      amounts: gtc('BUY', '0.65', 5n * C),
      postOnly: true,
    });
    const info = await rejectionOf(alice.placeOrder(built.json));
    expect(info.kind === 'rejected' && info.message).toMatch(/Post-only/);
  });

  it('a FOK BUY spends its collateral and reports the fill', async () => {
    const built = await aliceOrder({
      market: BTC,
      amounts: { orderType: 'FOK', side: 'BUY', spend: (63n * C) / 10n },
    });
    const res = await alice.placeOrder(built.json);
    expect(res.execution).toMatchObject({ matched: true, settlementStatus: 'MATCHED' });
    expect(res.execution.totalsRaw.usdGross).toBe('6300000');
    // 6.3 / 0.63 is exactly 10 contracts: the seller at 0.63 gets its price, not a raw unit less.
    expect(res.execution.totalsRaw.contractsGross).toBe('10000000');
    expect(res.makerMatches[0]).toMatchObject({ fillPrice: '0.63', fillCost: '6300000' });
  });

  it('a taker on a fee-bearing market pays its rate: BUY in contracts, SELL in collateral', async () => {
    const buy = await alice.placeOrder(
      (await aliceOrder({ market: 'sandbox-fed-cut', amounts: fakBuy('0.35', 10n * C) })).json,
    );
    expect(buy.execution.effectiveFeeBps).toBe(100);
    expect(buy.execution.totalsRaw).toMatchObject({
      contractsGross: '10000000',
      contractsFee: '100000',
      contractsNet: '9900000',
      usdFee: '0',
    });
    const sell = await alice.placeOrder(
      (
        await aliceOrder({
          market: 'sandbox-fed-cut',
          amounts: { orderType: 'FAK', side: 'SELL', price: '0.25', contracts: 10n * C },
        })
      ).json,
    );
    expect(sell.execution.totalsRaw).toMatchObject({
      contractsFee: '0',
      usdGross: '2900000',
      usdFee: '29000',
      usdNet: '2871000',
    });
  });

  it('a partial GTC fill rests the remainder and reports what matched', async () => {
    const res = await alice.placeOrder(
      (await aliceOrder({ market: BTC, amounts: gtc('BUY', '0.63', 500n * C) })).json,
    );
    expect(res.execution.matched).toBe(true);
    const [open] = await alice.getUserOrders(BTC);
    expect(BigInt(open?.remainingSize ?? '0')).toBe(
      500n * C - BigInt(res.execution.totalsRaw.contractsGross),
    );
  });

  it('buying NO meets the YES bids (NO price = 1 − YES)', async () => {
    const res = await alice.placeOrder(
      (
        await aliceOrder({
          market: BTC,
          outcome: 'NO',
          amounts: fakBuy('0.39', 10n * C),
        })
      ).json,
    );
    // Best YES bid 0.61 → NO at 0.39.
    expect(res.makerMatches[0]?.fillPrice).toBe('0.39');
  });

  it('every received order is listed by GET /__sandbox/orders with its signature check', async () => {
    const built = await aliceOrder({ market: BTC, amounts: gtc('BUY', '0.5', 5n * C) });
    const res = await alice.placeOrder(built.json);
    const orders = (await admin(sandbox, 'GET', 'orders')) as {
      id: string;
      signatureValid: boolean;
    }[];
    expect(orders.find((o) => o.id === res.order.id)?.signatureValid).toBe(true);
  });
});
