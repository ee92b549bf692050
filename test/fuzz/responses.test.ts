/**
 * Every server response schema fed mutated versions of realistic bodies: through the real
 * `ExchangeClient` / `HttpTransport` with an injected fetch, and through the socket's
 * event parsing (`LiveConnection`'s dispatch). Each answer is a parsed value or a typed
 * `ExchangeError`; nothing else escapes, and no number in a parsed value differs from the
 * body it came from (no silently wrong number).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClientErrorInfo } from '../../lib/core/client/error-info';
import { ExchangeError } from '../../lib/core/client/errors';
import { ExchangeClient } from '../../lib/core/client/exchange-client';
import { RequestSigner } from '../../lib/core/client/hmac';
import { LiveConnection } from '../../lib/live/connection';
import * as ex from '../lib/core/api/examples';
import { mutatedText } from './mutate';

const RUNS = 10_000;
const SECRET = 'c2FuZGJveC1kZW1vLXNlY3JldC0wMDAx';

interface Endpoint {
  name: string;
  body: () => unknown;
  call: (client: ExchangeClient) => Promise<unknown>;
}

const ENDPOINTS: Endpoint[] = [
  { name: 'GET /feed/trading', body: ex.feedResponse, call: (c) => c.getFeed({ audience: 'all' }) },
  { name: 'POST /orders', body: ex.placementResponse, call: (c) => c.placeOrder('{}') },
  {
    name: 'POST /orders/cancel',
    body: ex.cancelResponse,
    call: (c) => c.cancelOrder({ orderId: ex.ORDER_ID }),
  },
  {
    name: 'POST /orders/cancel-batch',
    body: ex.cancelBatchResponse,
    call: (c) => c.cancelBatch([ex.ORDER_ID]),
  },
  {
    name: 'DELETE /orders/all/:slug',
    body: ex.cancelAllResponse,
    call: (c) => c.cancelAllOnMarket('some-market'),
  },
  {
    name: 'POST /orders/status/batch',
    body: ex.orderStatuses,
    call: (c) => c.orderStatuses({ clientOrderIds: ['c-1'] }),
  },
  { name: 'GET /portfolio/positions', body: ex.positions, call: (c) => c.getPositions() },
  { name: 'GET /portfolio/trades', body: ex.trades, call: (c) => c.getTrades() },
  { name: 'GET /portfolio/pnl-chart', body: ex.pnlChart, call: (c) => c.getPnlChart('1w') },
  { name: 'GET /portfolio/history', body: ex.history, call: (c) => c.getHistory() },
  {
    name: 'POST /portfolio/withdraw',
    body: ex.withdrawResult,
    call: (c) => c.withdraw({ amount: '1000000' }),
  },
  {
    name: 'GET /portfolio/withdrawal-addresses',
    body: ex.withdrawalAddresses,
    call: (c) => c.getWithdrawalAddresses(),
  },
  {
    name: 'GET /maintenance/status',
    body: ex.maintenanceStatus,
    call: (c) => c.getMaintenanceStatus(),
  },
  { name: 'GET /markets/active', body: ex.activeMarkets, call: (c) => c.getActiveMarkets() },
  { name: 'GET /markets/:slug', body: ex.marketRecord, call: (c) => c.getMarket('some-market') },
  { name: 'GET /markets/:slug (AMM)', body: ex.ammMarketRecord, call: (c) => c.getMarket('amm') },
  { name: 'GET /markets/:slug/orderbook', body: ex.orderbook, call: (c) => c.getOrderbook('m') },
  {
    name: 'GET /markets/:slug/historical-price',
    body: ex.historicalPrice,
    call: (c) => c.getHistoricalPrice('m'),
  },
  {
    name: 'GET /markets/:slug/user-orders',
    body: () => [ex.userOrder()],
    call: (c) => c.getUserOrders('m'),
  },
  { name: 'GET /profiles/me', body: ex.profile, call: (c) => c.getMyProfile() },
  { name: 'GET /profiles/:address', body: ex.publicProfile, call: (c) => c.getProfile(ex.ACCOUNT) },
  {
    name: 'GET /profiles/partner-accounts',
    body: ex.partnerAccounts,
    call: (c) => c.getPartnerAccounts(),
  },
];

const ERROR_BODIES: { status: number; body: () => unknown }[] = [
  { status: 400, body: ex.errorBodies.validation },
  { status: 400, body: () => ex.errorBodies.general() },
  { status: 404, body: () => ex.errorBodies.messageOnly() },
  { status: 425, body: ex.errorBodies.tradingMode },
  { status: 425, body: ex.errorBodies.receiveWindow },
  { status: 503, body: () => ex.errorBodies.feed('TRADING_FEED_STALE', 503) },
  { status: 429, body: () => ({ message: 'slow down' }) },
  { status: 500, body: () => ex.errorBodies.general('boom', 500, 'Internal Server Error') },
];

type Leaf = string | number | boolean | bigint | null;
const isLeaf = (v: unknown): v is Leaf =>
  v === null || ['string', 'number', 'boolean', 'bigint'].includes(typeof v);
const numeric = (v: unknown) => typeof v === 'number' || typeof v === 'bigint';

/**
 * Numbers (and bigints) in the parsed value that differ from the body at the same path:
 * a parse may drop, default to null or keep as text, never invent or change a number.
 */
function changedNumbers(parsed: unknown, body: unknown, at = ''): string[] {
  if (isLeaf(parsed)) {
    if (!numeric(parsed)) return [];
    if (!isLeaf(body) || String(parsed) !== String(body)) {
      return [`${at || 'body'}: ${String(parsed)} from ${JSON.stringify(body) ?? 'nothing'}`];
    }
    return [];
  }
  if (parsed instanceof Date) return [];
  if (Array.isArray(parsed)) {
    return parsed.flatMap((v, i) =>
      changedNumbers(v, Array.isArray(body) ? body[i] : undefined, `${at}[${i}]`),
    );
  }
  if (parsed && typeof parsed === 'object') {
    return Object.entries(parsed).flatMap(([k, v]) =>
      changedNumbers(
        v,
        body && typeof body === 'object' ? (body as Record<string, unknown>)[k] : undefined,
        `${at}.${k}`,
      ),
    );
  }
  return [];
}

const tryJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

describe('mutated server responses through HttpTransport', () => {
  it(`${RUNS.toLocaleString('en-US')} mutated bodies: a parsed value or a typed error, never a changed number`, async () => {
    const signer = await RequestSigner.create('fuzz-token', SECRET);
    const tally = { parsed: 0, typed: new Map<string, number>() };
    const problems: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.nat(ENDPOINTS.length - 1),
        fc.nat(ERROR_BODIES.length * 4 - 1),
        fc.nat(),
        async (which, errorPick, seed) => {
          const endpoint = ENDPOINTS[which] as Endpoint;
          // One answer in four is an error status with a mutated error body.
          const failing = errorPick < ERROR_BODIES.length ? ERROR_BODIES[errorPick] : undefined;
          const status = failing?.status ?? 200;
          const text = mutatedText(failing ? failing.body() : endpoint.body(), seed);
          const client = new ExchangeClient({
            baseUrl: 'http://127.0.0.1:9',
            signer,
            retry: { maxAttempts: 1 },
            fetch: async () =>
              new Response(text, {
                status,
                headers: { 'content-type': 'application/json', date: new Date().toUTCString() },
              }),
          });
          try {
            const value = await endpoint.call(client);
            tally.parsed++;
            if (status !== 200) problems.push(`${endpoint.name}: HTTP ${status} parsed as a value`);
            for (const p of changedNumbers(value, tryJson(text)))
              problems.push(`${endpoint.name}: ${p}`);
          } catch (error) {
            if (!(error instanceof ExchangeError)) {
              problems.push(`${endpoint.name}: ${String(error)} escaped (seed ${seed})`);
              return;
            }
            if (!ClientErrorInfo.safeParse(error.info).success) {
              problems.push(`${endpoint.name}: untyped error info ${JSON.stringify(error.info)}`);
            }
            tally.typed.set(error.kind, (tally.typed.get(error.kind) ?? 0) + 1);
          }
        },
      ),
      { numRuns: RUNS, seed: 20261122 },
    );
    console.log(
      `responses: ${tally.parsed} parsed, typed errors ${JSON.stringify(Object.fromEntries(tally.typed))}`,
    );
    expect(problems.slice(0, 20)).toEqual([]);
  }, 180_000);
});

describe('mutated socket events through the live connection', () => {
  const EVENTS: { name: string; body: () => unknown }[] = [
    {
      name: 'orderbookUpdate',
      body: () => ({
        marketSlug: 'm',
        orderbook: ex.orderbook(),
        timestamp: '2026-11-22T08:15:31.000Z',
      }),
    },
    {
      name: 'positions',
      body: () => ({
        account: ex.ACCOUNT,
        marketSlug: 'm',
        positions: ex.clobPosition().positions,
        tokensBalance: ex.clobPosition().tokensBalance,
        timestamp: '2026-11-22T08:15:31.000Z',
      }),
    },
    {
      name: 'orderEvent',
      body: () => ({
        source: 'OME',
        type: 'EXECUTION',
        status: 'PARTIALLY_FILLED',
        eventId: 'ev-1',
        orderId: ex.ORDER_ID,
        clientOrderId: 'c-1',
        marketSlug: 'm',
        tokenId: ex.YES_TOKEN,
        side: 'BUY',
        price: 0.55,
        remainingSize: '4000000',
        reason: null,
        occurredAt: '2026-11-22T08:15:31.000Z',
      }),
    },
    {
      name: 'orderEvent',
      body: () => ({
        source: 'SETTLEMENT',
        type: 'MATCHED',
        isEstimate: true,
        eventId: 'ev-2',
        tradeEventId: 'te-77',
        takerOrderId: ex.ORDER_ID,
        clientOrderId: 'c-1',
        marketSlug: 'm',
        makerMatches: [{ orderId: ex.ORDER_ID, matchedSize: '6000000', price: 0.55 }],
        txHash: null,
        occurredAt: '2026-11-22T08:15:31.100Z',
      }),
    },
    {
      name: 'tx',
      body: () => ({
        txHash: '0xabc',
        status: 'CONFIRMED',
        marketSlug: 'm',
        tokenId: ex.YES_TOKEN,
        side: 'BUY',
        price: 0.55,
        amountContracts: '1000000',
        amountCollateral: '550000',
        orderId: ex.ORDER_ID,
        clientOrderId: 'c-1',
        tradeEventId: 'te-1',
        timestamp: '2026-11-22T08:15:31.000Z',
      }),
    },
    { name: 'exception', body: () => ({ message: 'Authentication failed' }) },
  ];

  it(`${RUNS.toLocaleString('en-US')} mutated events: each is handed on parsed or counted as invalid, nothing throws`, async () => {
    const live = new LiveConnection({ wsUrl: 'http://127.0.0.1:9', authHeaders: async () => null });
    const handed: { name: string; event: unknown }[] = [];
    for (const name of new Set(EVENTS.map((e) => e.name))) {
      live.on(name as 'orderEvent', (event) => {
        handed.push({ name, event });
      });
    }
    // The connection's own entry for every event from the socket (after transport decoding).
    const dispatch = (
      live as unknown as { dispatch(name: string, payload: unknown): void }
    ).dispatch.bind(live);
    const problems: string[] = [];
    let sent = 0;
    fc.assert(
      fc.property(fc.nat(EVENTS.length - 1), fc.nat(), (which, seed) => {
        const kind = EVENTS[which] as (typeof EVENTS)[number];
        const text = mutatedText(kind.body(), seed);
        const payload = tryJson(text) ?? text;
        // Unique keys per run (eventId; a tx's hash), so de-duplication does not hide a case.
        const keyed = payload as { eventId?: unknown; txHash?: unknown } | null;
        if (keyed && typeof keyed === 'object') {
          if (typeof keyed.eventId === 'string') keyed.eventId = `${keyed.eventId}-${sent}`;
          if (typeof keyed.txHash === 'string') keyed.txHash = `${keyed.txHash}-${sent}`;
        }
        const before = handed.length;
        sent++;
        try {
          dispatch(kind.name, payload);
        } catch (error) {
          problems.push(`${kind.name}: ${String(error)} escaped (seed ${seed})`);
          return;
        }
        for (const h of handed.slice(before)) {
          for (const p of changedNumbers(h.event, payload)) problems.push(`${kind.name}: ${p}`);
        }
      }),
      { numRuns: RUNS, seed: 20261122 },
    );
    const invalid = (live as unknown as { invalidEvents: number }).invalidEvents;
    console.log(
      `socket events: ${sent} sent, ${handed.length} handed on parsed, ${invalid} refused as invalid`,
    );
    expect(handed.length + invalid).toBe(sent);
    expect(problems.slice(0, 20)).toEqual([]);
  }, 180_000);
});
