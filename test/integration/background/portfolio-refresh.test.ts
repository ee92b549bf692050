import { Fetch, NodeWebSocket } from 'socket.io-client';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BackgroundApp } from '../../../lib/background/app';
import { createHandlers } from '../../../lib/background/handlers/index';
import { clobEntries } from '../../../lib/core/api/clob-entries';
import { buildOrderRequest } from '../../../lib/core/orders/build';
import { DEFAULT_SETTINGS } from '../../../lib/core/settings/defaults';
import { mergeSettings } from '../../../lib/core/settings/merge';
import type { Settings } from '../../../lib/core/settings/schema';
import { PROTOCOL } from '../../../lib/protocol/messages';
import { createRouter } from '../../../lib/protocol/router';
import type { RunningSandbox } from '../../../sandbox/index';
import { fakePlatform } from '../../lib/background/fake-platform';
import { account, startTestSandbox } from '../helpers';

const BTC = 'sandbox-btc-100k';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => {
  fakeBrowser.reset();
  sandbox.core.reset();
});

/** Holds the answers to GET /portfolio/positions (already given by the server) until released. */
function heldPositions() {
  let hold = false;
  let answered: () => void = () => undefined;
  const waiting: (() => void)[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (hold && String(input).includes('/portfolio/positions')) {
      answered();
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    return response;
  };
  return {
    fetchImpl,
    /** Resolves once the next positions request has its (held) answer. */
    arm(): Promise<void> {
      hold = true;
      return new Promise((resolve) => {
        answered = resolve;
      });
    },
    release() {
      hold = false;
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

it('a refresh asked for while one is in flight reflects what changed after that one was answered', async () => {
  const held = heldPositions();
  const settings: Settings = {
    ...DEFAULT_SETTINGS,
    exchange: sandbox.exchange,
  };
  let current = settings;
  const platform = fakePlatform();
  const app = new BackgroundApp({
    platform,
    settings: {
      get: () => current,
      update: async (change) => {
        current = mergeSettings(change(current));
      },
      watch: () => undefined,
    },
    vaultIterations: 1_000,
    transport: { fetch: held.fetchImpl },
    live: { transports: [Fetch, NodeWebSocket], reconnect: { baseMs: 20, maxMs: 200 } },
  });
  await app.start();
  try {
    const route = createRouter(createHandlers(app), () => app.senderPolicy());
    const alice = await account(sandbox, 'alice');
    const saved = await route(
      {
        protocol: PROTOCOL,
        name: 'setup.save',
        payload: {
          exchange: settings.exchange,
          credentials: { tokenId: alice.tokenId, secret: alice.secret },
          signing: { kind: 'eoa', privateKey: alice.privateKey },
          passphrase: 'correct horse battery staple',
        },
      },
      {
        id: platform.extensionId,
        url: `${platform.extensionOrigin}/popup.html`,
        origin: platform.extensionOrigin,
      },
    );
    expect(saved.ok).toBe(true);
    await app.refreshPortfolio();

    // A refresh whose answer left the server before the order existed…
    const answered = held.arm();
    const first = app.refreshPortfolio();
    await answered;
    const market = sandbox.core.markets.bySlug(BTC);
    if (!market?.tokens || !market.venue || !alice.privateKey) throw new Error('fixture');
    const built = await buildOrderRequest(
      {
        amounts: { orderType: 'GTC', side: 'BUY', price: '0.05', contracts: 5_000_000n },
        outcome: 'YES',
        clientOrderId: 'refresh-race',
      },
      {
        exchangeName: sandbox.core.exchangeName,
        market: { slug: BTC, tokens: market.tokens, venue: market.venue },
        feeRateBps: alice.feeRateBps ?? 0,
        owner: { mode: 'own', profileId: alice.profileId, account: alice.account },
        signer: privateKeyToAccount(alice.privateKey as `0x${string}`),
      },
    );
    const placed = await sandbox.core.placeOrder({
      callerProfileId: alice.profileId,
      scopes: ['trading'],
      body: JSON.parse(built.json),
    });
    expect(placed.status).toBe(200);
    // …and one asked for after the order was placed.
    const second = app.refreshPortfolio();
    held.release();
    await first;
    await second;

    const positions = app.portfolio.view.positions;
    if (!positions) throw new Error('no positions');
    const orders = clobEntries(positions).flatMap((p) => p.orders);
    expect(orders.map((o) => o.clientOrderId)).toContain('refresh-race');
  } finally {
    app.live.stop();
  }
});
