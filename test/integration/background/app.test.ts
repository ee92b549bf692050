import { Fetch, NodeWebSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BackgroundApp } from '../../../lib/background/app';
import type { TransportTweaks } from '../../../lib/background/trading/session';
import type { SandboxOrder } from '../../../lib/core/api/sandbox';
import { formatCents } from '../../../lib/core/format/price';
import { aboveCapReason } from '../../../lib/core/orders/cap';
import { DEFAULT_SETTINGS } from '../../../lib/core/settings/defaults';
import type { Settings } from '../../../lib/core/settings/schema';
import type { IntentView } from '../../../lib/protocol/intent';
import { fillWords, netFill } from '../../../lib/protocol/intent-fill';
import type { SenderInfo } from '../../../lib/protocol/sender';
import { AUTO_LOCK_ALARM } from '../../../lib/vault/auto-lock';
import { COLLATERAL } from '../../../sandbox/core/ledger';
import { isBid } from '../../../sandbox/engine/prices';
import type { RunningSandbox } from '../../../sandbox/index';
import { dumpArea, fakePlatform, type RecordingPlatform } from '../../lib/background/fake-platform';
import { orderTrades } from '../../support/order-trades';
import { memorySettings, sendersOn, sendThrough } from '../../support/routed-app';
import { SandboxOrders } from '../../support/sandbox-orders';
import { waitFor } from '../../wait';
import { account, admin, buildOrder, clientFor, startTestSandbox, subscribed } from '../helpers';

const BTC = 'sandbox-btc-100k';
const PASSPHRASE = 'correct horse battery staple';

describe('BackgroundApp against the sandbox (the worker in Node)', () => {
  let sandbox: RunningSandbox;
  let settings: Settings;
  const apps: BackgroundApp[] = [];

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    settings = {
      ...DEFAULT_SETTINGS,
      exchange: sandbox.exchange,
    };
  });
  afterAll(() => sandbox.close());
  beforeEach(() => {
    fakeBrowser.reset();
    sandbox.core.reset();
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) app.live.stop();
    await admin(sandbox, 'DELETE', 'faults');
  });

  /** A worker start: a new app over whatever the fake browser's storage holds. */
  async function boot(
    platform: RecordingPlatform = fakePlatform(),
    transport?: TransportTweaks,
    ordersRefreshMs?: number,
    marketLingerMs?: number,
  ) {
    const app = new BackgroundApp({
      ...(ordersRefreshMs ? { ordersRefreshMs } : {}),
      ...(marketLingerMs ? { marketLingerMs } : {}),
      platform,
      settings: memorySettings(settings),
      vaultIterations: 1_000,
      ...(transport ? { transport } : {}),
      live: { transports: [Fetch, NodeWebSocket], reconnect: { baseMs: 20, maxMs: 200 } },
    });
    apps.push(app);
    await app.start();
    const { page, content, panel } = sendersOn(platform, `${sandbox.siteUrl}/markets/${BTC}`);
    return { app, platform, send: sendThrough(app), page, content, panel };
  }

  async function setUp(booted: Awaited<ReturnType<typeof boot>>) {
    const alice = await account(sandbox, 'alice');
    const reply = await booted.send(booted.page, 'setup.save', {
      exchange: settings.exchange,
      credentials: { tokenId: alice.tokenId, secret: alice.secret },
      signing: { kind: 'eoa', privateKey: alice.privateKey },
      passphrase: PASSPHRASE,
    });
    expect(reply).toMatchObject({ ok: true, data: { status: 'unlocked', profileId: 101 } });
    return alice;
  }

  /**
   * Live, authenticated, and the sandbox has taken alice's order-event subscription: a
   * socket is live before the server registers what it asked for, and an order placed in
   * between would send its events to nobody.
   */
  const authenticatedLive = async (app: BackgroundApp) => {
    await waitFor(() =>
      expect(app.live.state).toMatchObject({ status: 'live', authenticated: true }),
    );
    await subscribed(sandbox, 101);
  };

  async function ordersOf(clientOrderId: string): Promise<SandboxOrder[]> {
    return SandboxOrders.parse(await admin(sandbox, 'GET', 'orders')).filter(
      (o) => o.clientOrderId === clientOrderId,
    );
  }

  const shown = (platform: RecordingPlatform, title: string) =>
    platform.notificationsShown.filter((n) => n.title === title);

  /**
   * A barrier for "nothing more came": one more order, whose fill notification comes
   * after whatever the events before it were going to cause.
   */
  async function oneMoreFill(
    booted: Awaited<ReturnType<typeof boot>>,
    pressId: string,
  ): Promise<void> {
    const before = shown(booted.platform, 'Order filled').length;
    const reply = await booted.send(booted.panel, 'panel.quickOrder', quickBuy(pressId));
    expect(reply.ok).toBe(true);
    await waitFor(() => expect(shown(booted.platform, 'Order filled')).toHaveLength(before + 1), {
      timeout: 10_000,
    });
  }

  const quickBuy = (pressId: string) => ({
    marketSlug: BTC,
    outcome: 'YES',
    side: 'BUY',
    orderType: 'FOK',
    amountRaw: '5000000',
    pressId,
  });

  it('set up from the options page: unlocked, authenticated socket, no secret at rest', async () => {
    const booted = await boot();
    const alice = await setUp(booted);
    await authenticatedLive(booted.app);
    const local = await dumpArea(fakeBrowser.storage.local);
    for (const secret of [alice.secret ?? '', (alice.privateKey ?? '').slice(2), PASSPHRASE]) {
      expect(local).not.toContain(secret);
    }
  });

  it('a quick order from the market page: one order on the exchange, one notification', async () => {
    const booted = await boot();
    await setUp(booted);
    await authenticatedLive(booted.app);
    const reply = await booted.send(booted.panel, 'panel.quickOrder', quickBuy('press-00000001'));
    expect(reply.ok).toBe(true);
    const view = (reply as { data: IntentView }).data;
    expect(view.state).toBe('filled');
    const orders = await ordersOf(view.clientOrderId);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ signatureValid: true, status: 'FILLED' });

    // Settlement events, a dropped socket and its replay: still one notification.
    await waitFor(() =>
      expect(sandbox.core.ledger.allTrades().some((t) => t.status === 'MINED')).toBe(true),
    );
    await admin(sandbox, 'POST', 'faults', { kind: 'disconnect-sockets' });
    await authenticatedLive(booted.app);
    await oneMoreFill(booted, 'press-00000099');
    const fills = booted.platform.notificationsShown.filter((n) => n.title.startsWith('Order'));
    // The first order's once (its replayed events notify nothing), then the barrier's.
    expect(fills).toEqual([
      expect.objectContaining({
        title: 'Order filled',
        message: expect.stringMatching(/^Bought [\d.]+ YES at [\d.]+¢ for \$[\d.]+ on /),
      }),
      expect.objectContaining({ title: 'Order filled' }),
    ]);
  });

  it('a quick order on a market whose book is not live is priced from a book read for it, never an old copy', async () => {
    const booted = await boot();
    await setUp(booted);
    await authenticatedLive(booted.app);
    // A panel opens on it: its REST read of the book may land after the live snapshot.
    expect((await booted.send(booted.panel, 'panel.state', { marketSlug: BTC })).ok).toBe(true);
    // Alice holds BTC (every demo trader holds every CLOB market), so its book is live...
    await waitFor(() => expect(booted.app.books.isLive(BTC)).toBe(true));
    // ...until the connection goes: what is left is a copy nothing keeps current.
    booted.app.live.stop();
    await waitFor(() => expect(booted.app.books.isLive(BTC)).toBe(false));
    expect(booted.app.books.get(BTC)).not.toBeNull();
    // Every YES ask leaves the book: a FOK buy has nothing to fill it now.
    const book = sandbox.core.book(BTC);
    for (const order of book?.orders() ?? [])
      if (!isBid(order.side, order.outcome)) book?.remove(order.id);
    const before = SandboxOrders.parse(await admin(sandbox, 'GET', 'orders')).length;

    const second = await booted.send(booted.panel, 'panel.quickOrder', quickBuy('press-00000032'));
    expect(second).toMatchObject({ ok: false });
    expect(JSON.stringify(second)).toMatch(/no one is selling YES right now/);
    // Refused by the pricing, so nothing reached the exchange.
    expect(SandboxOrders.parse(await admin(sandbox, 'GET', 'orders'))).toHaveLength(before);
  });

  it('a panel on a market has its preset buys signed ahead; a press sends one the exchange accepts', async () => {
    const booted = await boot();
    await setUp(booted);
    await authenticatedLive(booted.app);
    const stock = async () => {
      const session = booted.app.session;
      if (!session) throw new Error('locked');
      return (await session.orderContext(BTC)).signatures;
    };
    expect((await stock())?.size).toBe(0);
    const state = await booted.send(booted.panel, 'panel.state', { marketSlug: BTC });
    expect(state.ok).toBe(true);
    // Four presets, both outcomes.
    await waitFor(async () => expect((await stock())?.size).toBe(8));
    const reply = await booted.send(booted.panel, 'panel.quickOrder', quickBuy('press-00000020'));
    expect(reply).toMatchObject({ ok: true, data: { state: 'filled' } });
    const [order] = await ordersOf((reply as { data: IntentView }).data.clientOrderId);
    expect(order).toMatchObject({ signatureValid: true, status: 'FILLED' });
    // The one taken is signed again for the next press.
    await waitFor(async () => expect((await stock())?.size).toBe(8));
  });

  it('a pointer-down primes an order that places nothing; its click sends that order, once', async () => {
    const booted = await boot();
    await setUp(booted);
    await authenticatedLive(booted.app);
    const primed = await booted.send(booted.panel, 'panel.primeOrder', quickBuy('press-prime-01'));
    expect(primed).toEqual({ ok: true, data: {} });
    const journaled = async () =>
      Object.values(await fakeBrowser.storage.session.get(null)).filter(
        (v): v is { primed?: boolean; view: IntentView } =>
          typeof v === 'object' && v !== null && 'view' in v && 'primed' in v,
      );
    await waitFor(async () => expect(await journaled()).toHaveLength(1));
    const [record] = await journaled();
    const cid = record?.view.clientOrderId ?? '';
    expect(record?.primed).toBe(true);
    expect(await ordersOf(cid)).toHaveLength(0);
    expect(booted.app.desk.views()).toEqual([]);

    const reply = await booted.send(booted.panel, 'panel.quickOrder', quickBuy('press-prime-01'));
    expect(reply).toMatchObject({ ok: true, data: { state: 'filled', clientOrderId: cid } });
    const orders = await ordersOf(cid);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ signatureValid: true, status: 'FILLED' });
    expect((await journaled()).map((r) => r.primed)).toEqual([false]);
  });

  it('a double press is one order; a press from another site is refused', async () => {
    const booted = await boot();
    await setUp(booted);
    const [a, b] = await Promise.all([
      booted.send(booted.panel, 'panel.quickOrder', quickBuy('press-00000002')),
      booted.send(booted.panel, 'panel.quickOrder', quickBuy('press-00000002')),
    ]);
    const id = (a as { data: IntentView }).data.clientOrderId;
    expect((b as { data: IntentView }).data.clientOrderId).toBe(id);
    expect(await ordersOf(id)).toHaveLength(1);

    const evil = {
      ...booted.panel,
      url: 'https://evil.example/markets/x',
      origin: 'https://evil.example',
    };
    expect(await booted.send(evil, 'panel.quickOrder', quickBuy('press-00000003'))).toMatchObject({
      ok: false,
      error: { kind: 'forbidden' },
    });
  });

  it('the panel may only trade the market of its own page', async () => {
    const booted = await boot();
    await setUp(booted);
    const reply = await booted.send(booted.panel, 'panel.quickOrder', {
      ...quickBuy('press-00000004'),
      marketSlug: 'sandbox-fed-cut',
    });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
  });

  describe('only the panel trades, and the background knows the second press', () => {
    const large = (pressId: string) => ({ ...quickBuy(pressId), amountRaw: '150000000' });
    const ordersCount = async () =>
      SandboxOrders.parse(await admin(sandbox, 'GET', 'orders')).length;

    it('refuses the content script each trade, cancel, preset and alert message; nothing changes', async () => {
      const booted = await boot();
      await setUp(booted);
      const before = await ordersCount();
      const presets = booted.app.settings.quickTrade.presets;
      const tries: [string, unknown][] = [
        ['panel.quickOrder', { ...large('press-content-01'), confirmed: true }],
        [
          'panel.limitOrder',
          {
            marketSlug: BTC,
            outcome: 'YES',
            side: 'BUY',
            price: '0.3',
            amountRaw: '150000000',
            pressId: 'press-content-02',
            confirmed: true,
          },
        ],
        ['panel.cancelAll', { marketSlug: BTC }],
        ['panel.saveQuickTrade', { presets: ['900000000'] }],
        [
          'panel.addPriceAlert',
          { marketSlug: BTC, outcome: 'YES', field: 'bid', comparator: '>=', priceMillis: 700 },
        ],
      ];
      for (const [name, payload] of tries) {
        expect(await booted.send(booted.content, name, payload)).toEqual({
          ok: false,
          error: { kind: 'forbidden', message: `"${name}" may not be sent from a web page` },
        });
      }
      expect(await ordersCount()).toBe(before);
      expect(booted.app.settings.quickTrade.presets).toEqual(presets);
      expect(booted.app.priceWatch.list()).toEqual([]);
    });

    it('a single message above the threshold saying confirmed: true is refused, and places nothing', async () => {
      const booted = await boot();
      await setUp(booted);
      const before = await ordersCount();
      const reply = await booted.send(booted.panel, 'panel.quickOrder', {
        ...large('press-alone-01'),
        confirmed: true,
      });
      expect(reply).toMatchObject({
        ok: false,
        error: { kind: 'validation', issues: [{ field: 'confirmed' }] },
      });
      expect(await ordersCount()).toBe(before);
    });

    it('a buy above the per-order cap is refused naming the cap, first press or not, whatever the book', async () => {
      const booted = await boot();
      await setUp(booted);
      const before = await ordersCount();
      const capRaw = BigInt(booted.app.settings.caps.maxOrderNotionalRaw);
      const aboveCap = { ...quickBuy('press-cap-01'), amountRaw: ((capRaw * 3n) / 2n).toString() };
      for (const payload of [
        aboveCap,
        { ...aboveCap, pressId: 'press-cap-02', firstPress: true },
      ]) {
        expect(await booted.send(booted.panel, 'panel.quickOrder', payload)).toEqual({
          ok: false,
          error: { kind: 'unavailable', message: aboveCapReason(capRaw) },
        });
      }
      expect(await ordersCount()).toBe(before);
    });

    it('two presses of the same order from the same tab place it once; its retry is that order', async () => {
      const booted = await boot();
      await setUp(booted);
      const first = await booted.send(booted.panel, 'panel.quickOrder', large('press-pair-01'));
      expect(first).toMatchObject({ ok: false, error: { issues: [{ field: 'confirmed' }] } });
      const second = await booted.send(booted.panel, 'panel.quickOrder', large('press-pair-02'));
      expect(second).toMatchObject({
        ok: true,
        data: { state: 'filled', requestedRaw: '150000000' },
      });
      const id = (second as { data: IntentView }).data.clientOrderId;
      expect(await ordersOf(id)).toHaveLength(1);
      // The record is used up: the retry of the confirming press is answered with its order,
      // and a third press starts over.
      const retry = await booted.send(booted.panel, 'panel.quickOrder', large('press-pair-02'));
      expect(retry).toMatchObject({ ok: true, data: { clientOrderId: id } });
      const third = await booted.send(booted.panel, 'panel.quickOrder', large('press-pair-03'));
      expect(third).toMatchObject({ ok: false, error: { issues: [{ field: 'confirmed' }] } });
      expect(await ordersOf(id)).toHaveLength(1);
    });

    it('a press the panel marks as a first one is only armed, even right after another', async () => {
      const booted = await boot();
      await setUp(booted);
      const before = await ordersCount();
      const refused = { ok: false, error: { issues: [{ field: 'confirmed' }] } };
      for (const pressId of ['press-first-01', 'press-first-02']) {
        const reply = await booted.send(booted.panel, 'panel.quickOrder', {
          ...large(pressId),
          firstPress: true,
        });
        expect(reply).toMatchObject(refused);
      }
      expect(await ordersCount()).toBe(before);
      const second = await booted.send(booted.panel, 'panel.quickOrder', large('press-first-03'));
      expect(second).toMatchObject({ ok: true, data: { state: 'filled' } });
    });

    it('a first press and its second, sent together, place the order once', async () => {
      const booted = await boot();
      await setUp(booted);
      const before = await ordersCount();
      // The second leaves before the first is answered: the first is armed as it arrives.
      const [first, second] = await Promise.all([
        booted.send(booted.panel, 'panel.quickOrder', {
          ...large('press-both-01'),
          firstPress: true,
        }),
        booted.send(booted.panel, 'panel.quickOrder', large('press-both-02')),
      ]);
      expect(first).toMatchObject({ ok: false, error: { issues: [{ field: 'confirmed' }] } });
      expect(second).toMatchObject({ ok: true, data: { state: 'filled' } });
      expect(await ordersCount()).toBe(before + 1);
    });

    it('a first press confirms nothing from another tab, of another amount, or after another press', async () => {
      const booted = await boot();
      await setUp(booted);
      const before = await ordersCount();
      const otherTab = { ...booted.panel, tab: { id: 9, url: booted.panel.tab?.url ?? '' } };
      const refused = { ok: false, error: { issues: [{ field: 'confirmed' }] } };
      expect(
        await booted.send(booted.panel, 'panel.quickOrder', large('press-x-01')),
      ).toMatchObject(refused);
      expect(await booted.send(otherTab, 'panel.quickOrder', large('press-x-02'))).toMatchObject(
        refused,
      );
      expect(
        await booted.send(booted.panel, 'panel.quickOrder', {
          ...large('press-x-03'),
          amountRaw: '160000000',
        }),
      ).toMatchObject(refused);
      expect(
        await booted.send(booted.panel, 'panel.quickOrder', quickBuy('press-x-04')),
      ).toMatchObject({ ok: true });
      expect(
        await booted.send(booted.panel, 'panel.quickOrder', {
          ...large('press-x-05'),
          amountRaw: '160000000',
        }),
      ).toMatchObject(refused);
      expect(await ordersCount()).toBe(before + 1);
    });
  });

  it('a worker restart keeps the unlock, the intents and the connection, and notifies nothing again', async () => {
    const first = await boot();
    await setUp(first);
    const reply = await first.send(first.panel, 'panel.quickOrder', quickBuy('press-00000005'));
    const view = (reply as { data: IntentView }).data;
    first.app.live.stop();

    const second = await boot();
    expect(second.app.vault.status).toBe('unlocked');
    expect(second.app.desk.view(view.clientOrderId)?.state).toBe('filled');
    await authenticatedLive(second.app);
    await oneMoreFill(second, 'press-00000098');
    // Only the barrier's: the restarted worker notified nothing of the first order again.
    expect(second.platform.notificationsShown.map((n) => n.title)).toEqual(['Order filled']);
    expect(await ordersOf(view.clientOrderId)).toHaveLength(1);
  });

  it('lock: the socket goes public, the badge shows the lock, trading is refused', async () => {
    const booted = await boot();
    await setUp(booted);
    await authenticatedLive(booted.app);
    expect(await booted.send(booted.page, 'vault.lock', {})).toMatchObject({
      ok: true,
      data: { status: 'locked' },
    });
    await waitFor(() =>
      expect(booted.app.live.state).toMatchObject({ status: 'live', authenticated: false }),
    );
    expect(booted.platform.badges.at(-1)?.text).toBe('🔒');
    expect(await dumpArea(fakeBrowser.storage.session)).not.toContain('vault.unlocked');
    const refused = await booted.send(booted.panel, 'panel.quickOrder', quickBuy('press-00000006'));
    expect(refused).toMatchObject({ ok: false });

    const wrong = await booted.send(booted.page, 'vault.unlock', { passphrase: 'not it at all' });
    expect(wrong).toMatchObject({
      ok: false,
      error: { kind: 'validation', issues: [{ field: 'passphrase' }] },
    });
    expect(
      await booted.send(booted.page, 'vault.unlock', { passphrase: PASSPHRASE }),
    ).toMatchObject({
      ok: true,
      data: { status: 'unlocked' },
    });
    await authenticatedLive(booted.app);
  });

  it("the exchange's clock jumps 40 s: the clock resyncs and the next handshake is accepted", async () => {
    const booted = await boot();
    await setUp(booted);
    await authenticatedLive(booted.app);
    const states: string[] = [];
    booted.app.live.onState((state) => states.push(state.status));

    await admin(sandbox, 'POST', 'clock', { offsetMs: 40_000 });
    await admin(sandbox, 'POST', 'faults', { kind: 'disconnect-sockets' });
    // The dropped socket sends a heartbeat at once (exchange-health.ts), whose answer's
    // `Date` resyncs the clock before the reconnect signs; were it late, the refused
    // handshake resyncs it (live-wiring.ts, test/lib/background/market/live-handshake.test.ts).
    // The reconnect waits out its backoff first: on a loaded 2-core machine that has taken
    // more than 10 s.
    await waitFor(() => expect(states).toContain('reconnecting'), { timeout: 25_000 });
    await waitFor(() => expect(states.at(-1)).toBe('live'), { timeout: 25_000 });
    await authenticatedLive(booted.app);
    expect(Math.abs(booted.app.clock.offset - 40_000)).toBeLessThan(2_000);
  }, 45_000);

  /** Prices just inside the spread of the seeded book: a new best bid, a new best ask. */
  async function insideSpread(): Promise<{ bid: string; ask: string }> {
    const book = await (await clientFor(sandbox, 'alice')).getOrderbook(BTC);
    const bid = Math.round((book.bids[0]?.price ?? 0) * 1000) + 1;
    const ask = Math.round((book.asks[0]?.price ?? 1) * 1000) - 1;
    expect(ask).toBeGreaterThan(bid);
    return { bid: (bid / 1000).toFixed(3), ask: (ask / 1000).toFixed(3) };
  }

  /** A resting GTC order of alice's placed outside the extension (on the exchange's site, say). */
  async function restElsewhere(side: 'BUY' | 'SELL', price: string, contracts: bigint) {
    const built = await buildOrder(sandbox, 'alice', {
      market: BTC,
      amounts: { orderType: 'GTC', side, price, contracts },
    });
    const client = await clientFor(sandbox, 'alice');
    return (await client.placeOrder(built.json)).order.id;
  }

  it('checks the scopes of a token without changing anything at the exchange', async () => {
    const booted = await boot();
    const check = async (label: string) => {
      const a = await account(sandbox, label);
      const reply = await booted.send(booted.page, 'setup.checkCredentials', {
        exchange: settings.exchange,
        credentials: { tokenId: a.tokenId, secret: a.secret },
      });
      expect(reply.ok).toBe(true);
      return (reply as { data: { scopes: unknown } }).data.scopes;
    };
    const before = sandbox.core.ledger.balance(101, COLLATERAL);
    expect(await check('alice')).toEqual({
      trading: true,
      withdrawal: true,
      delegatedSigning: null,
    });
    expect(await check('readonly')).toEqual({
      trading: false,
      withdrawal: false,
      delegatedSigning: null,
    });
    expect(await check('partner')).toEqual({
      trading: true,
      withdrawal: true,
      delegatedSigning: true,
    });
    expect(sandbox.core.ledger.balance(101, COLLATERAL)).toBe(before);
  });

  it("a notification click opens its market's page, also in a worker started after it was shown", async () => {
    const first = await boot();
    await setUp(first);
    await authenticatedLive(first.app);
    await first.send(first.panel, 'panel.quickOrder', quickBuy('press-00000010'));
    await waitFor(() => expect(shown(first.platform, 'Order filled')).toHaveLength(1));
    const id = shown(first.platform, 'Order filled')[0]?.id ?? '';
    first.app.live.stop();

    const second = await boot();
    second.platform.clickNotification(id);
    second.platform.clickNotification('someone-elses-notification');
    expect(second.platform.opened).toEqual([`${sandbox.siteUrl}/markets/${BTC}`]);
  });

  it('a shorter auto-lock setting counts from the moment it is saved', async () => {
    const booted = await boot();
    await setUp(booted);
    const armed = await fakeBrowser.alarms.get(AUTO_LOCK_ALARM);
    expect(armed?.scheduledTime).toBeGreaterThan(Date.now() + 29 * 60_000);
    const saved = Date.now();
    await booted.app.updateSettings((s) => ({ ...s, autoLockMinutes: 1 }));
    await waitFor(async () => {
      const alarm = await fakeBrowser.alarms.get(AUTO_LOCK_ALARM);
      expect(alarm?.scheduledTime).toBeGreaterThanOrEqual(saved + 60_000);
      expect(alarm?.scheduledTime).toBeLessThan(saved + 2 * 60_000);
    });
  });

  it('the machine locking locks the vault', async () => {
    const booted = await boot();
    await setUp(booted);
    booted.platform.lockMachine();
    await waitFor(() => expect(booted.app.vault.status).toBe('locked'));
    await waitFor(() => expect(booted.platform.badges.at(-1)?.text).toBe('🔒'));
  });

  /** The panel's frame on `slug`'s market page, which may trade that market only. */
  const panelOn = (booted: Awaited<ReturnType<typeof boot>>, slug: string): SenderInfo => {
    const url = `${sandbox.siteUrl}/markets/${slug}`;
    return { ...booted.panel, tab: { id: 5, url } };
  };

  /** Alice's trades of one order, as the exchange lists them: contracts, money and fee. */
  const tradedBy = async (orderId: string) =>
    orderTrades(await clientFor(sandbox, 'alice'), orderId);

  it.each([
    ['a zero-fee market', 'sandbox-btc-100k'],
    ['a fee market', 'sandbox-fed-cut'],
    ['a delayed fee market', 'sandbox-eth-flip'],
  ])(
    'on %s, a buy and a sell read net of fee, as the exchange traded them, in one notification each',
    async (_kind, slug) => {
      const booted = await boot();
      await setUp(booted);
      await authenticatedLive(booted.app);
      const page = panelOn(booted, slug);
      /** Waits for the order's one fill notification, and the intent then. */
      const filled = async (clientOrderId: string): Promise<IntentView> => {
        await waitFor(
          () =>
            expect(
              booted.platform.notificationsShown.filter((n) => n.id.includes(clientOrderId)),
            ).toHaveLength(1),
          { timeout: 15_000 },
        );
        const view = booted.app.desk.view(clientOrderId);
        expect(view?.state).toBe('filled');
        return view as IntentView;
      };
      const buy = await booted.send(page, 'panel.quickOrder', {
        marketSlug: slug,
        outcome: 'YES',
        side: 'BUY',
        orderType: 'FOK',
        amountRaw: '5000000',
        pressId: 'press-fee-buy-1',
      });
      if (!buy.ok) throw new Error(JSON.stringify(buy));
      // The delayed market answers later, by events: its release and fill are one story.
      expect((buy as { data: IntentView }).data.state).toBe(
        slug === 'sandbox-eth-flip' ? 'delayed' : 'filled',
      );
      const bought = await filled((buy as { data: IntentView }).data.clientOrderId);
      // Sold again, what the buy added, to the hundredth (the price grid needs whole raw
      // amounts): seeded holdings make a share of the position too big for the caps.
      const contracts = (netFill(bought).contractsRaw / 10_000n) * 10_000n;
      const sell = await booted.app.desk.place({
        marketSlug: slug,
        marketTitle: bought.marketTitle,
        outcome: 'YES',
        amounts: { orderType: 'FAK', side: 'SELL', price: '0.01', contracts },
        notionalRaw: contracts / 100n,
        confirmed: true,
      });
      const sold = await filled(sell.clientOrderId);
      for (const view of [bought, sold]) {
        const net = netFill(view);
        const traded = await tradedBy(view.orderId ?? '');
        // The exchange's taker leg: a BUY receives the contracts net of its fee and pays the
        // gross; a SELL gives the contracts and receives the money net of its fee.
        expect({
          contracts: net.contractsRaw,
          collateral: net.collateralRaw,
          fee: net.feeRaw,
        }).toEqual(traded);
        expect(traded.fee > 0n).toBe(slug !== BTC);
        const words = fillWords(view).text;
        expect(view.summary).toBe(`filled ${words}`);
        const told = booted.platform.notificationsShown.find((n) =>
          n.id.includes(view.clientOrderId),
        );
        expect(told).toMatchObject({
          title: 'Order filled',
          message: `${view.side === 'BUY' ? 'Bought' : 'Sold'} ${words} on ${view.marketTitle}`,
        });
      }
      // One notification per order: a delayed order's release is part of its fill's.
      expect(booted.platform.notificationsShown.map((n) => n.title)).toEqual([
        'Order filled',
        'Order filled',
      ]);
    },
  );

  it('a resting order placed elsewhere: its fill is notified once, and the badge counts it while open', async () => {
    const booted = await boot();
    await setUp(booted);
    await authenticatedLive(booted.app);
    // No page panel is open: the order is known only through the portfolio.
    const { bid } = await insideSpread();
    await restElsewhere('BUY', bid, 10_000_000n);
    await waitFor(() => expect(booted.app.portfolio.openOrderCount()).toBe(1), {
      timeout: 10_000,
    });
    await waitFor(() => expect(booted.platform.badges.at(-1)?.text).toBe('1'));

    const bob = await clientFor(sandbox, 'bob');
    const sell = await buildOrder(sandbox, 'bob', {
      market: BTC,
      amounts: { orderType: 'FAK', side: 'SELL', price: bid, contracts: 10_000_000n },
    });
    await bob.placeOrder(sell.json);
    await waitFor(() => expect(shown(booted.platform, 'Order filled')).toHaveLength(1), {
      timeout: 10_000,
    });
    expect(shown(booted.platform, 'Order filled')[0]?.message).toBe(
      `Bought 10 YES at ${formatCents(Number(bid))} on Will BTC close above $100k?`,
    );
    await waitFor(() => expect(booted.platform.badges.at(-1)?.text).toBe(''), {
      timeout: 10_000,
    });
  });

  it('a resting order placed elsewhere, cancelled by self-trade prevention: one notification', async () => {
    const booted = await boot();
    await setUp(booted);
    await authenticatedLive(booted.app);
    // Alice's own ask below everyone else's: her quick buy crosses it first (cancel_maker).
    const { ask } = await insideSpread();
    await restElsewhere('SELL', ask, 10_000_000n);
    const reply = await booted.send(booted.panel, 'panel.quickOrder', quickBuy('press-00000011'));
    expect(reply.ok).toBe(true);
    await waitFor(() => expect(shown(booted.platform, 'Resting order cancelled')).toHaveLength(1), {
      timeout: 10_000,
    });
    expect(shown(booted.platform, 'Resting order cancelled')[0]?.message).toBe(
      `Self-trade prevention cancelled your SELL YES order at ${formatCents(Number(ask))} on Will BTC close above $100k? (10 left)`,
    );
  });

  it('a trading-mode refusal of a cancel makes the background ask for the mode again', async () => {
    const booted = await boot();
    await setUp(booted);
    await waitFor(() => expect(booted.app.mode?.mode).toBe('normal'));
    const orderId = await restElsewhere('BUY', '0.3', 10_000_000n);
    await booted.app.refreshOrders(BTC);
    const resumeAt = '2026-12-01T10:00:00.000Z';
    await admin(sandbox, 'POST', 'trading-mode', { mode: 'disabled', resumeAt });
    const reply = await booted.send(booted.page, 'orders.cancel', { marketSlug: BTC, orderId });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'trading-mode', mode: 'disabled' } });
    await waitFor(() => expect(booted.app.mode).toMatchObject({ mode: 'disabled', resumeAt }));
    await admin(sandbox, 'POST', 'trading-mode', { mode: 'normal', resumeAt: null });
  });

  it('after a reconnect, the positions are asked for again (events may have been missed)', async () => {
    const reads: number[] = [];
    const booted = await boot(fakePlatform(), {
      onAttempt: (a) => {
        if (a.method === 'GET' && a.path === '/portfolio/positions') reads.push(a.startedAt);
      },
    });
    await setUp(booted);
    await authenticatedLive(booted.app);
    await waitFor(() => expect(reads.length).toBeGreaterThan(0));
    const before = reads.length;
    await admin(sandbox, 'POST', 'faults', { kind: 'disconnect-sockets' });
    await waitFor(() => expect(reads.length).toBeGreaterThan(before), { timeout: 10_000 });
  });

  it('forget drops the journal of orders with the account', async () => {
    const booted = await boot();
    await setUp(booted);
    await booted.send(booted.panel, 'panel.quickOrder', quickBuy('press-00000012'));
    expect(await dumpArea(fakeBrowser.storage.session)).toContain('desk.intent.');
    expect(await booted.send(booted.page, 'vault.forget', { confirm: true })).toMatchObject({
      ok: true,
    });
    expect(await dumpArea(fakeBrowser.storage.session)).not.toContain('desk.intent.');
    expect(booted.app.desk.views()).toEqual([]);
  });

  it('a settlement that fails: the intent ends failed, with one "Order failed" notification', async () => {
    const booted = await boot();
    await setUp(booted);
    await authenticatedLive(booted.app);
    await admin(sandbox, 'POST', 'faults', { kind: 'fail-settlements', count: 1 });
    const reply = await booted.send(booted.panel, 'panel.quickOrder', quickBuy('press-00000013'));
    const id = (reply as { data: IntentView }).data.clientOrderId;
    await waitFor(() => expect(booted.app.desk.view(id)?.state).toBe('failed'), {
      timeout: 10_000,
    });
    await waitFor(() => expect(shown(booted.platform, 'Order failed')).toHaveLength(1));
    await oneMoreFill(booted, 'press-00000097');
    expect(shown(booted.platform, 'Order failed')).toHaveLength(1);
  });

  it('asks for the trading mode at start, and with every beat only while a UI is open', async () => {
    await admin(sandbox, 'POST', 'trading-mode', { mode: 'post_only', resumeAt: null });
    const booted = await boot();
    await waitFor(() => expect(booted.app.mode?.mode).toBe('post_only'));

    const disconnects: (() => void)[] = [];
    const port = {
      postMessage: () => undefined,
      onDisconnect: { addListener: (l: () => void) => disconnects.push(l) },
    };
    booted.app.connectStatePort(port);
    await admin(sandbox, 'POST', 'trading-mode', { mode: 'cancel_only', resumeAt: null });
    await waitFor(() => expect(booted.app.mode?.mode).toBe('cancel_only'));

    for (const l of disconnects) l();
    // The last UI closed: the beat, the one poll, stops, so nothing asks again until one opens.
    expect((booted.app.health as unknown as { needed: boolean }).needed).toBe(false);
    await admin(sandbox, 'POST', 'trading-mode', { mode: 'normal', resumeAt: null });
    expect(booted.app.mode?.mode).toBe('cancel_only');
  });

  it('a burst of order events on a market re-reads its open orders once, after the burst', async () => {
    const reads: string[] = [];
    const booted = await boot(
      fakePlatform(),
      {
        onAttempt: (a) => {
          if (a.method === 'GET' && a.path.endsWith('/user-orders')) reads.push(a.path);
        },
      },
      1_000,
    );
    await setUp(booted);
    await authenticatedLive(booted.app);
    const { bid } = await insideSpread();
    const before = reads.length;
    const ids = await Promise.all(
      Array.from({ length: 10 }, () => restElsewhere('BUY', bid, 1_000_000n)),
    );
    // Once the list holds all ten, the read after the last event has been made: without
    // the gathering, each of the ten events would have asked by then.
    await waitFor(
      () =>
        expect(booted.app.panels.state(BTC).then((s) => s.openOrders.length)).resolves.toBe(
          ids.length,
        ),
      { timeout: 10_000 },
    );
    // Ten placements, ten PLACEMENT events: one or two reads, not ten.
    expect(reads.length - before).toBeGreaterThan(0);
    expect(reads.length - before).toBeLessThanOrEqual(2);
  });
  it('a panel back on the market it just showed is answered at once, from what stayed live', async () => {
    const reads: string[] = [];
    const booted = await boot(
      fakePlatform(),
      { onAttempt: (a) => void (a.method === 'GET' && reads.push(a.path)) },
      undefined,
      600,
    );
    await setUp(booted);
    await authenticatedLive(booted.app);
    const panel = () => {
      const posted: unknown[] = [];
      const closers: (() => void)[] = [];
      const port = {
        postMessage: (message: unknown) => void posted.push(message),
        onDisconnect: { addListener: (l: () => void) => void closers.push(l) },
      };
      const close = () => {
        for (const l of closers) l();
      };
      return { port, posted, close };
    };
    const first = panel();
    await booted.app.connectPanelPort(first.port, BTC);
    expect(first.posted.length).toBeGreaterThan(0);
    first.close();
    // The page reloads: the same market's panel comes back well within the linger.
    const before = reads.length;
    const again = panel();
    await booted.app.connectPanelPort(again.port, BTC);
    // Answered with no read of the exchange: market, book and orders stayed live.
    expect(again.posted[0]).toMatchObject({ topic: 'panel', data: { marketSlug: BTC } });
    const state = (again.posted[0] as { data: { book: unknown; market: unknown } }).data;
    expect(state.market).not.toBeNull();
    expect(state.book).not.toBeNull();
    expect(reads.slice(before)).toEqual([]);
    again.close();
    // Alice holds BTC: its book stays subscribed once the linger is over too, since her P&L
    // is marked to it (a market nobody holds goes when its linger ends: lingering.test.ts,
    // live-subscriptions.test.ts).
    await waitFor(() => expect(booted.app.portfolio.heldMarkets().has(BTC)).toBe(true));
  });
  describe('limit orders from the book (panel.limitOrder)', () => {
    const levelBuy = (pressId: string, price = '0.3') => ({
      marketSlug: BTC,
      outcome: 'YES',
      side: 'BUY',
      price,
      amountRaw: '5000000',
      pressId,
    });

    it('rests a post-only GTC at exactly the clicked price, listed at once; a repeat press is the same order', async () => {
      const booted = await boot();
      await setUp(booted);
      const reply = await booted.send(booted.panel, 'panel.limitOrder', levelBuy('press-level-01'));
      expect(reply.ok).toBe(true);
      const view = (reply as { data: IntentView }).data;
      expect(view).toMatchObject({ state: 'resting', orderType: 'GTC', price: 0.3 });
      const [order] = await ordersOf(view.clientOrderId);
      // $5 at 0.30: 16.6666 contracts (the 0.30 step is 10 raw), 4.99998 spent.
      expect(order).toMatchObject({
        postOnly: true,
        price: 0.3,
        status: 'OPEN',
        takerAmount: '16666660',
        makerAmount: '4999998',
      });
      await waitFor(async () =>
        expect((await booted.app.panels.state(BTC)).openOrders.map((o) => o.id)).toContain(
          order?.id,
        ),
      );
      const again = await booted.send(booted.panel, 'panel.limitOrder', levelBuy('press-level-01'));
      expect((again as { data: IntentView }).data.clientOrderId).toBe(view.clientOrderId);
      expect(await ordersOf(view.clientOrderId)).toHaveLength(1);
    });

    it('re-checks the price it is sent, and never moves it: off the tick it is refused, nothing sent', async () => {
      const booted = await boot();
      await setUp(booted);
      const before = SandboxOrders.parse(await admin(sandbox, 'GET', 'orders')).length;
      const reply = await booted.send(
        booted.panel,
        'panel.limitOrder',
        levelBuy('press-level-02', '0.3005'),
      );
      expect(reply).toMatchObject({
        ok: false,
        error: {
          kind: 'validation',
          source: 'client',
          issues: [{ field: 'price', message: expect.stringMatching(/more than 3 decimals/) }],
        },
      });
      expect(SandboxOrders.parse(await admin(sandbox, 'GET', 'orders'))).toHaveLength(before);
    });

    it('the panel may only place one on the market of its own page', async () => {
      const booted = await boot();
      await setUp(booted);
      const reply = await booted.send(booted.panel, 'panel.limitOrder', {
        ...levelBuy('press-level-03'),
        marketSlug: 'sandbox-fed-cut',
      });
      expect(reply).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    });

    it('in post-only trading mode it is accepted, while a quick order is not', async () => {
      await admin(sandbox, 'POST', 'trading-mode', { mode: 'post_only', resumeAt: null });
      try {
        const booted = await boot();
        await setUp(booted);
        await waitFor(() => expect(booted.app.mode?.mode).toBe('post_only'));
        const quick = await booted.send(
          booted.panel,
          'panel.quickOrder',
          quickBuy('press-level-04'),
        );
        expect(quick).toMatchObject({ ok: false });
        const reply = await booted.send(
          booted.panel,
          'panel.limitOrder',
          levelBuy('press-level-05'),
        );
        expect(reply).toMatchObject({ ok: true, data: { state: 'resting' } });
      } finally {
        await admin(sandbox, 'POST', 'trading-mode', { mode: 'normal', resumeAt: null });
      }
    });

    it("above the per-order cap it is refused in the ladder's words, first press or not", async () => {
      const booted = await boot();
      await setUp(booted);
      const before = SandboxOrders.parse(await admin(sandbox, 'GET', 'orders')).length;
      const capRaw = BigInt(booted.app.settings.caps.maxOrderNotionalRaw);
      const aboveCap = {
        ...levelBuy('press-level-cap-01'),
        amountRaw: ((capRaw * 3n) / 2n).toString(),
      };
      for (const payload of [
        aboveCap,
        { ...aboveCap, pressId: 'press-level-cap-02', firstPress: true },
      ]) {
        expect(await booted.send(booted.panel, 'panel.limitOrder', payload)).toEqual({
          ok: false,
          error: { kind: 'unavailable', message: aboveCapReason(capRaw) },
        });
      }
      expect(SandboxOrders.parse(await admin(sandbox, 'GET', 'orders'))).toHaveLength(before);
    });

    it('above the confirmation threshold it needs the second click', async () => {
      const booted = await boot();
      await setUp(booted);
      const large = (pressId: string) => ({ ...levelBuy(pressId), amountRaw: '150000000' });
      const alone = await booted.send(booted.panel, 'panel.limitOrder', {
        ...large('press-level-06'),
        confirmed: true,
      });
      expect(alone).toMatchObject({
        ok: false,
        error: { kind: 'validation', issues: [{ field: 'confirmed' }] },
      });
      // The message's "confirmed" was no second press; the next press of the level is.
      const second = await booted.send(booted.panel, 'panel.limitOrder', large('press-level-07'));
      expect(second).toMatchObject({ ok: true, data: { state: 'resting' } });
    });
  });
});
