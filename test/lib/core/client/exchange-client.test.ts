import { describe, expect, it } from 'vitest';
import { ServerClock } from '../../../../lib/core/client/clock';
import { ExchangeError } from '../../../../lib/core/client/errors';
import { ExchangeClient } from '../../../../lib/core/client/exchange-client';
import { RequestSigner } from '../../../../lib/core/client/hmac';
import * as ex from '../api/examples';
import { fakeFetch, type Reply, type Script } from './fake-fetch';

const SECRET = 'c2FuZGJveC1kZW1vLXNlY3JldC0wMDAx';
const BASE = 'http://127.0.0.1:8787';

async function client(script: Script, withToken = true) {
  const { fetch, requests } = fakeFetch(script);
  const signer = withToken ? await RequestSigner.create('tok-1', SECRET) : undefined;
  const exchange = new ExchangeClient({
    baseUrl: BASE,
    fetch,
    clock: new ServerClock(() => Date.parse('2026-11-22T08:15:30.250Z')),
    sleep: async () => {},
    ...(signer ? { signer } : {}),
  });
  return { exchange, requests };
}

async function failure(promise: Promise<unknown>): Promise<ExchangeError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ExchangeError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const ok = (json: unknown): Reply => ({ status: 200, json });

type Call = (c: ExchangeClient) => Promise<unknown>;
interface Endpoint {
  name: string;
  call: Call;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  signed: boolean;
  reply: unknown;
  body?: unknown;
}

const ENDPOINTS: Endpoint[] = [
  {
    name: 'getFeed',
    call: (c) => c.getFeed({ audience: 'featured', limit: 10, cursor: 'abc' }),
    method: 'GET',
    path: '/feed/trading?audience=featured&limit=10&cursor=abc',
    signed: false,
    reply: ex.feedResponse(),
  },
  {
    name: 'placeOrder',
    call: (c) => c.placeOrder('{"order":{},"ownerId":7}'),
    method: 'POST',
    path: '/orders',
    signed: true,
    reply: ex.placementResponse(),
    body: '{"order":{},"ownerId":7}',
  },
  {
    name: 'cancelOrder by client id',
    call: (c) => c.cancelOrder({ clientOrderId: 'c-1' }),
    method: 'POST',
    path: '/orders/cancel',
    signed: true,
    reply: ex.cancelResponse(),
    body: '{"clientOrderId":"c-1"}',
  },
  {
    name: 'deleteOrder',
    call: (c) => c.deleteOrder(ex.ORDER_ID),
    method: 'DELETE',
    path: `/orders/${ex.ORDER_ID}`,
    signed: true,
    reply: ex.cancelResponse(),
  },
  {
    name: 'cancelBatch',
    call: (c) => c.cancelBatch([ex.ORDER_ID]),
    method: 'POST',
    path: '/orders/cancel-batch',
    signed: true,
    reply: ex.cancelBatchResponse(),
    body: `{"orderIds":["${ex.ORDER_ID}"]}`,
  },
  {
    name: 'cancelAllOnMarket',
    call: (c) => c.cancelAllOnMarket('will-it-rain', { onBehalfOf: 42 }),
    method: 'DELETE',
    path: '/orders/all/will-it-rain?onBehalfOf=42',
    signed: true,
    reply: ex.cancelAllResponse(),
  },
  {
    name: 'orderStatuses',
    call: (c) => c.orderStatuses({ clientOrderIds: ['c-1'] }),
    method: 'POST',
    path: '/orders/status/batch',
    signed: true,
    reply: ex.orderStatuses(),
    body: '{"clientOrderIds":["c-1"]}',
  },
  {
    name: 'getPositions',
    call: (c) => c.getPositions({ onBehalfOf: 42 }),
    method: 'GET',
    path: '/portfolio/positions?onBehalfOf=42',
    signed: true,
    reply: ex.positions(),
  },
  {
    name: 'getTrades',
    call: (c) => c.getTrades({ limit: 20, page: 2 }),
    method: 'GET',
    path: '/portfolio/trades?limit=20&page=2',
    signed: true,
    reply: ex.trades(),
  },
  {
    name: 'getPnlChart',
    call: (c) => c.getPnlChart('1m'),
    method: 'GET',
    path: '/portfolio/pnl-chart?timeframe=1m',
    signed: true,
    reply: ex.pnlChart(),
  },
  {
    name: 'getHistory',
    call: (c) => c.getHistory(),
    method: 'GET',
    path: '/portfolio/history',
    signed: true,
    reply: ex.history(),
  },
  {
    name: 'withdraw',
    call: (c) => c.withdraw({ amount: '5000000', onBehalfOf: 42 }),
    method: 'POST',
    path: '/portfolio/withdraw',
    signed: true,
    reply: ex.withdrawResult(),
    body: '{"amount":"5000000","onBehalfOf":42}',
  },
  {
    name: 'getWithdrawalAddresses',
    call: (c) => c.getWithdrawalAddresses(),
    method: 'GET',
    path: '/portfolio/withdrawal-addresses',
    signed: true,
    reply: ex.withdrawalAddresses(),
  },
  {
    name: 'getMaintenanceStatus',
    call: (c) => c.getMaintenanceStatus(),
    method: 'GET',
    path: '/maintenance/status',
    signed: false,
    reply: ex.maintenanceStatus(),
  },
  {
    name: 'getActiveMarkets',
    call: (c) => c.getActiveMarkets({ page: 1, limit: 25 }),
    method: 'GET',
    path: '/markets/active?page=1&limit=25',
    signed: false,
    reply: ex.activeMarkets(),
  },
  {
    name: 'searchMarkets',
    call: (c) => c.searchMarkets('rain & sun'),
    method: 'GET',
    path: '/markets/search?query=rain+%26+sun',
    signed: false,
    reply: ex.activeMarkets(),
  },
  {
    name: 'getMarket',
    call: (c) => c.getMarket('will-it-rain'),
    method: 'GET',
    path: '/markets/will-it-rain',
    signed: false,
    reply: ex.marketRecord(),
  },
  {
    name: 'getOrderbook',
    call: (c) => c.getOrderbook('will-it-rain'),
    method: 'GET',
    path: '/markets/will-it-rain/orderbook',
    signed: false,
    reply: ex.orderbook(),
  },
  {
    name: 'getHistoricalPrice',
    call: (c) => c.getHistoricalPrice('will-it-rain', '1d'),
    method: 'GET',
    path: '/markets/will-it-rain/historical-price?interval=1d',
    signed: false,
    reply: ex.historicalPrice(),
  },
  {
    name: 'getUserOrders',
    call: (c) => c.getUserOrders('will-it-rain'),
    method: 'GET',
    path: '/markets/will-it-rain/user-orders',
    signed: true,
    reply: [ex.userOrder()],
  },
  {
    name: 'getMyProfile',
    call: (c) => c.getMyProfile(),
    method: 'GET',
    path: '/profiles/me',
    signed: true,
    reply: ex.profile(),
  },
  {
    name: 'getProfile',
    call: (c) => c.getProfile(ex.ACCOUNT),
    method: 'GET',
    path: `/profiles/${ex.ACCOUNT}`,
    signed: false,
    reply: ex.publicProfile(),
  },
  {
    name: 'getPartnerAccounts',
    call: (c) => c.getPartnerAccounts(),
    method: 'GET',
    path: '/profiles/partner-accounts',
    signed: true,
    reply: ex.partnerAccounts(),
  },
  {
    name: 'createPartnerAccount',
    call: (c) => c.createPartnerAccount('Desk 2'),
    method: 'POST',
    path: '/profiles/partner-accounts',
    signed: true,
    reply: ex.partnerAccounts()[0],
    body: '{"displayName":"Desk 2"}',
  },
];

describe('ExchangeClient: one method per endpoint', () => {
  it.each(ENDPOINTS.map((e) => [e.name, e] as const))('%s', async (_, endpoint) => {
    const { exchange, requests } = await client([ok(endpoint.reply)]);
    await expect(endpoint.call(exchange)).resolves.toBeDefined();
    expect(requests).toHaveLength(1);
    const [sent] = requests;
    expect(sent?.method).toBe(endpoint.method);
    expect(sent?.path).toBe(endpoint.path);
    expect('svc-signature' in (sent?.headers ?? {})).toBe(endpoint.signed);
    expect(sent?.body).toBe(endpoint.body);
  });

  it.each(ENDPOINTS.map((e) => [e.name, e] as const))(
    '%s parses its answer: a wrong shape is refused',
    async (_, endpoint) => {
      const { exchange } = await client([ok({ unexpected: true })]);
      expect((await failure(endpoint.call(exchange))).kind).toBe('invalid-response');
    },
  );
});

describe('ExchangeClient: bodies are checked before they leave', () => {
  it('cancelOrder needs exactly one identifier', async () => {
    const { exchange, requests } = await client([]);
    const bad = JSON.parse(
      '{"orderId":"7f1c2a9e-3b4d-4e5f-8a6b-0c1d2e3f4a5b","clientOrderId":"c"}',
    );
    const error = await failure(exchange.cancelOrder(bad));
    expect(error.info).toMatchObject({ kind: 'validation', source: 'client' });
    await failure(exchange.cancelOrder({ orderId: 'not-a-uuid' }));
    expect(requests).toHaveLength(0);
  });

  it('cancelBatch refuses an empty list', async () => {
    const { exchange, requests } = await client([]);
    const error = await failure(exchange.cancelBatch([]));
    expect(error.info).toEqual({
      kind: 'validation',
      source: 'client',
      issues: [{ field: 'orderIds', message: 'orderIds must not be empty' }],
    });
    expect(requests).toHaveLength(0);
  });

  it('orderStatuses and withdraw refuse what the server would', async () => {
    const { exchange, requests } = await client([]);
    await failure(exchange.orderStatuses({}));
    await failure(exchange.withdraw({ amount: '1.5' }));
    expect(requests).toHaveLength(0);
  });
});

describe('ExchangeClient: query values are checked before they leave', () => {
  const refusedQuery = async (call: Call) => {
    const { exchange, requests } = await client([]);
    const error = await failure(call(exchange));
    expect(requests).toHaveLength(0);
    expect(error.info).toMatchObject({ kind: 'validation', source: 'client' });
    return error.info.kind === 'validation' ? error.info.issues : [];
  };

  it('onBehalfOf must be an integer of at least 1, on every call that takes it', async () => {
    const bad = { onBehalfOf: 0 };
    for (const call of [
      (c) => c.cancelOrder({ clientOrderId: 'c-1' }, bad),
      (c) => c.cancelBatch([ex.ORDER_ID], bad),
      (c) => c.cancelAllOnMarket('will-it-rain', bad),
      (c) => c.getPositions(bad),
      (c) => c.getUserOrders('will-it-rain', { onBehalfOf: 4.5 }),
      (c) => c.getWithdrawalAddresses(bad),
    ] satisfies Call[]) {
      expect((await refusedQuery(call))[0]?.field).toBe('onBehalfOf');
    }
  });

  it('paging: limit 1 to 100 and page from 1', async () => {
    expect(await refusedQuery((c) => c.getActiveMarkets({ limit: 101 }))).toEqual([
      { field: 'limit', message: 'limit must be between 1 and 100' },
    ]);
    expect((await refusedQuery((c) => c.getTrades({ page: 0 })))[0]?.field).toBe('page');
    expect((await refusedQuery((c) => c.getHistory({ limit: 2.5 })))[0]?.field).toBe('limit');
  });

  it('historical price interval and pnl timeframe must be ones the exchange knows', async () => {
    const interval = JSON.parse('"2h"');
    expect(
      (await refusedQuery((c) => c.getHistoricalPrice('will-it-rain', interval)))[0],
    ).toMatchObject({ field: 'interval' });
    const timeframe = JSON.parse('"1y"');
    expect((await refusedQuery((c) => c.getPnlChart(timeframe)))[0]?.field).toBe('timeframe');
  });

  it('sends only what the caller gave (the defaults stay the exchange’s)', async () => {
    const { exchange, requests } = await client([ok(ex.activeMarkets())]);
    await exchange.getActiveMarkets();
    expect(requests[0]?.path).toBe('/markets/active');
  });
});

describe('ExchangeClient.getFeed', () => {
  it('asks for audience all and 30 entries by default, unsigned', async () => {
    const { exchange, requests } = await client([ok(ex.feedResponse())]);
    await exchange.getFeed();
    expect(requests[0]?.path).toBe('/feed/trading?audience=all&limit=30');
    expect(requests[0]?.headers).not.toHaveProperty('svc-signature');
  });

  it('revalidates with the exchange instead of taking a cached page (a 503 must not hide behind a cached 200)', async () => {
    const { exchange, requests } = await client([ok(ex.feedResponse())]);
    await exchange.getFeed({ audience: 'featured' });
    expect(requests[0]?.cache).toBe('no-cache');
  });

  it('following requires credentials, and is signed when they exist', async () => {
    const anonymous = await client([], false);
    const error = await failure(anonymous.exchange.getFeed({ audience: 'following' }));
    expect(error.kind).toBe('unavailable');
    expect(anonymous.requests).toHaveLength(0);

    const signed = await client([ok({ ...ex.feedResponse(), requestedAudience: 'following' })]);
    await signed.exchange.getFeed({ audience: 'following' });
    expect(signed.requests[0]?.headers).toHaveProperty('svc-signature');
  });

  it.each([0, 31, 2.5, -3])('refuses limit %s before sending', async (limit) => {
    const { exchange, requests } = await client([]);
    const error = await failure(exchange.getFeed({ limit }));
    expect(error.info).toMatchObject({
      kind: 'validation',
      source: 'client',
      issues: [{ field: 'limit' }],
    });
    expect(requests).toHaveLength(0);
  });

  it('accepts the ends of the limit range', async () => {
    const { exchange, requests } = await client([ok(ex.feedResponse()), ok(ex.feedResponse())]);
    await exchange.getFeed({ limit: 1 });
    await exchange.getFeed({ limit: 30 });
    expect(requests.map((r) => r.path)).toEqual([
      '/feed/trading?audience=all&limit=1',
      '/feed/trading?audience=all&limit=30',
    ]);
  });

  it('surfaces the feed error codes', async () => {
    const { exchange } = await client([
      { status: 400, json: ex.errorBodies.feed('TRADING_FEED_CURSOR_AUDIENCE_MISMATCH', 400) },
    ]);
    const error = await failure(exchange.getFeed({ cursor: 'x' }));
    expect(error.info).toMatchObject({
      kind: 'feed-cursor',
      code: 'TRADING_FEED_CURSOR_AUDIENCE_MISMATCH',
    });
  });
});

describe('ExchangeClient.getOrderMarket', () => {
  it('fetches the venue once for two calls (it is static)', async () => {
    const { exchange, requests } = await client([ok(ex.marketRecord())]);
    const first = await exchange.getOrderMarket('will-it-rain-in-lisbon-tomorrow');
    const second = await exchange.getOrderMarket('will-it-rain-in-lisbon-tomorrow');
    expect(requests).toHaveLength(1);
    expect(second).toEqual(first);
    expect(first).toEqual({
      slug: 'will-it-rain-in-lisbon-tomorrow',
      tokens: { yes: ex.YES_TOKEN, no: ex.NO_TOKEN },
      venue: { exchange: ex.EXCHANGE, adapter: ex.ADAPTER },
    });
  });

  it('shares one fetch between concurrent calls', async () => {
    const { exchange, requests } = await client([ok(ex.marketRecord())]);
    await Promise.all([exchange.getOrderMarket('m'), exchange.getOrderMarket('m')]);
    expect(requests).toHaveLength(1);
  });

  it('does not cache a failure', async () => {
    const { exchange, requests } = await client([
      { status: 404, json: ex.errorBodies.general('Market not found', 404, 'Not Found') },
      ok(ex.marketRecord()),
    ]);
    expect((await failure(exchange.getOrderMarket('m'))).kind).toBe('not-found');
    await expect(exchange.getOrderMarket('m')).resolves.toMatchObject({
      slug: ex.marketRecord().slug,
    });
    expect(requests).toHaveLength(2);
  });

  it('an AMM market (no tokens, no venue) gives a clear error', async () => {
    const { exchange } = await client([ok(ex.ammMarketRecord())]);
    const error = await failure(exchange.getOrderMarket('old-amm-market'));
    expect(error.info).toEqual({
      kind: 'unavailable',
      message: 'An old AMM market is not an order-book market: it takes no CLOB orders.',
    });
  });
});
