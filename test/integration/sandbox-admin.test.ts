import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxAccounts } from '../../lib/core/api/sandbox';
import { type RunningSandbox, startSandbox } from '../../sandbox/index';
import { SandboxOrders } from '../support/sandbox-orders';
import { admin, buildOrder, clientFor, publicClient, startTestSandbox } from './helpers';

describe('sandbox-only endpoints and the placeholder site', () => {
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.close());

  it('accounts parse with the shared schema and keep their labels', async () => {
    const accounts = SandboxAccounts.parse(await admin(sandbox, 'GET', 'accounts'));
    expect(accounts.map((a) => a.label)).toEqual([
      'alice',
      'bob',
      'readonly',
      'dana',
      'partner',
      'partner-trading',
      'sub-1',
      'sub-2',
      'bot-maker-1',
      'bot-maker-2',
      'bot-taker-1',
      'bot-taker-2',
      'bot-taker-3',
    ]);
    const alice = accounts.find((a) => a.label === 'alice');
    expect(alice?.secret).toBe('c2FuZGJveC1kZW1vLXNlY3JldC0wMDAx');
    // Server wallets' keys stay on the server.
    expect(accounts.find((a) => a.label === 'sub-1')?.privateKey).toBeNull();
  });

  it('reset over HTTP forgets orders and the clock offset', async () => {
    const alice = await clientFor(sandbox, 'alice');
    await alice.placeOrder(
      (
        await buildOrder(sandbox, 'alice', {
          market: 'sandbox-btc-100k',
          amounts: { orderType: 'GTC', side: 'BUY', price: '0.05', contracts: 1_000_000n },
        })
      ).json,
    );
    await admin(sandbox, 'POST', 'clock', { offsetMs: 5_000 });
    expect(SandboxOrders.parse(await admin(sandbox, 'GET', 'orders')).length).toBeGreaterThan(0);
    await admin(sandbox, 'POST', 'reset');
    expect(
      SandboxOrders.parse(await admin(sandbox, 'GET', 'orders')).every(
        (o) => o.reason === 'seeded starting quote',
      ),
    ).toBe(true);
    expect(sandbox.core.clock.offsetMs).toBe(0);
  });

  it('stores the feed state for the feed', async () => {
    expect(await admin(sandbox, 'POST', 'feed-state', { state: 'stale' })).toEqual({
      state: 'stale',
    });
    expect(sandbox.core.feedState).toBe('stale');
  });

  it('resolves a market on request', async () => {
    await admin(sandbox, 'POST', 'markets/sandbox-fed-hike/resolve', { winningOutcomeIndex: 1 });
    const market = await publicClient(sandbox).getMarket('sandbox-fed-hike');
    expect(market).toMatchObject({ status: 'RESOLVED', prices: [0, 1] });
    await admin(sandbox, 'POST', 'reset');
  });

  it('a house quote moves the best bid or ask of a book; one that would cross is refused', async () => {
    const api = publicClient(sandbox);
    const before = await api.getOrderbook('sandbox-btc-100k');
    const bid = before.bids[0]?.price ?? 0;
    const ask = before.asks[0]?.price ?? 1;
    const improved = (Math.round(bid * 1000) + 1) / 1000;
    expect(improved).toBeLessThan(ask);
    await admin(sandbox, 'POST', 'markets/sandbox-btc-100k/quote', {
      side: 'BUY',
      price: improved.toFixed(3),
      contracts: 5,
    });
    expect((await api.getOrderbook('sandbox-btc-100k')).bids[0]?.price).toBe(improved);
    await expect(
      admin(sandbox, 'POST', 'markets/sandbox-btc-100k/quote', {
        side: 'BUY',
        price: ask.toFixed(3),
        contracts: 5,
      }),
    ).rejects.toThrow('must not cross the book');
    await admin(sandbox, 'POST', 'reset');
  });

  it('the placeholder site lists the markets and shows a market page', async () => {
    const home = await (await fetch(sandbox.siteUrl)).text();
    expect(home).toContain('href="/markets/sandbox-btc-100k"');
    const page = await fetch(`${sandbox.siteUrl}/markets/sandbox-btc-100k`);
    expect(await page.text()).toContain('Will BTC close above $100k?');
    expect((await fetch(`${sandbox.siteUrl}/markets/nope`)).status).toBe(404);
  });

  it('starts and stops with bots on (they do nothing yet) and takes plugins', async () => {
    const other = await startSandbox({
      port: 0,
      sitePort: 0,
      bots: true,
      plugins: [
        (app) => {
          app.get('/plugin-ping', async () => ({ pong: true }));
        },
      ],
    });
    expect(await (await fetch(`${other.apiUrl}/plugin-ping`)).json()).toEqual({ pong: true });
    await other.close();
  });
});
