/**
 * Every message type, fuzzed from the page panel's sender (its frame; in Firefox the content
 * script, which reaches the same handlers) with malformed and hostile payloads, against the real router over a real `BackgroundApp` (WXT's fake browser,
 * unlocked with a demo account, talking to an in-process sandbox). Each message gets a
 * typed reply; the router never throws; page-only messages are refused to the panel;
 * nothing pollutes prototypes; the app still answers normally afterwards.
 */
import fc from 'fast-check';
import { Fetch, NodeWebSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BackgroundApp } from '../../lib/background/app';
import { createHandlers } from '../../lib/background/handlers/index';
import { ClientErrorInfo } from '../../lib/core/client/error-info';
import { DEFAULT_SETTINGS } from '../../lib/core/settings/defaults';
import type { Settings } from '../../lib/core/settings/schema';
import { MESSAGES, type MessageName, PROTOCOL } from '../../lib/protocol/messages';
import { createRouter, type Reply } from '../../lib/protocol/router';
import { kindsOf, type SenderInfo } from '../../lib/protocol/sender';
import { Rng } from '../../sandbox/core/rng';
import type { RunningSandbox } from '../../sandbox/index';
import { account, startTestSandbox } from '../integration/helpers';
import { fakePlatform } from '../lib/background/fake-platform';
import { memorySettings, sendersOn } from '../support/routed-app';
import { mutatedPayload } from './mutate';

const RUNS = 10_000;
const BTC = 'sandbox-btc-100k';
const NAMES = Object.keys(MESSAGES) as MessageName[];

/** A valid payload of every message, which the fuzzer bends. */
const VALID: Record<MessageName, unknown> = {
  'panel.state': { marketSlug: BTC },
  'panel.quickOrder': {
    marketSlug: BTC,
    outcome: 'YES',
    side: 'BUY',
    orderType: 'FOK',
    amountRaw: '1000000',
    pressId: 'press-00000001',
  },
  'panel.primeOrder': {
    marketSlug: BTC,
    outcome: 'NO',
    side: 'SELL',
    orderType: 'FAK',
    sellPercent: 50,
    pressId: 'press-00000003',
  },
  'panel.limitOrder': {
    marketSlug: BTC,
    outcome: 'YES',
    side: 'BUY',
    price: '0.41',
    amountRaw: '1000000',
    pressId: 'press-00000002',
  },
  'panel.cancelOrder': { marketSlug: BTC, orderId: '7f1c2a9e-3b4d-4e5f-8a6b-0c1d2e3f4a5b' },
  'panel.cancelAll': { marketSlug: BTC },
  'panel.savePlacement': { corner: 'top-left', offset: { x: 10, y: 10 }, collapsed: false },
  'panel.openOptions': {},
  'panel.openSidePanel': {},
  'panel.cancelIntent': { marketSlug: BTC, clientOrderId: 'c-1' },
  'panel.saveQuickTrade': { presets: ['5000000'], orderType: 'FAK' },
  'priceAlerts.add': {
    marketSlug: BTC,
    outcome: 'YES',
    field: 'bid',
    comparator: '>=',
    priceMillis: 700,
  },
  'panel.addPriceAlert': {
    marketSlug: BTC,
    outcome: 'NO',
    field: 'ask',
    comparator: '<=',
    priceMillis: 300,
  },
  'priceAlerts.list': {},
  'priceAlerts.remove': { id: 'a-1' },
  'vault.status': {},
  'vault.unlock': { passphrase: 'x' },
  'vault.lock': {},
  'vault.changePassphrase': { current: 'a', next: 'b' },
  'vault.forget': { confirm: true },
  'setup.sandboxAccounts': { exchange: DEFAULT_SETTINGS.exchange },
  'setup.checkCredentials': {
    exchange: DEFAULT_SETTINGS.exchange,
    credentials: { tokenId: 't', secret: 'c2VjcmV0' },
  },
  'setup.save': {
    exchange: DEFAULT_SETTINGS.exchange,
    credentials: { tokenId: 't', secret: 'c2VjcmV0' },
    signing: { kind: 'delegated', activeSubAccountId: 1 },
    passphrase: 'p',
  },
  'account.setActiveSubAccount': { subAccountId: 1 },
  'orders.cancel': { marketSlug: BTC, orderId: 'x' },
  'orders.cancelAll': { marketSlug: BTC },
  'intents.cancel': { clientOrderId: 'c-1' },
  'feed.page': { audience: 'all' },
  'portfolio.refresh': {},
  'portfolio.pnlChart': { timeframe: '1w' },
  'maintenance.refresh': {},
  'markets.venues': {},
  'withdraw.targets': {},
  'withdraw.submit': { amountRaw: '1' },
};

const HOSTILE_NAMES = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '',
  'panel.',
  'x'.repeat(64),
];

describe('every message from the page panel, fuzzed', () => {
  let sandbox: RunningSandbox;
  let app: BackgroundApp;
  let route: ReturnType<typeof createRouter>;
  let panel: SenderInfo;
  /** Whether the panel's frame may send a message. */
  const forPanel = (def: { senders: Parameters<typeof kindsOf>[0] } | null): boolean =>
    def !== null && kindsOf(def.senders, app.senderPolicy()).includes('panel-frame');

  beforeAll(async () => {
    fakeBrowser.reset();
    sandbox = await startTestSandbox();
    const settings: Settings = {
      ...DEFAULT_SETTINGS,
      // The fuzzer must never be able to trade much: even valid fuzz orders stay tiny.
      caps: { maxOrderNotionalRaw: '2000000', maxOrdersPerMinute: 600 },
      notifications: { enabled: false },
      exchange: sandbox.exchange,
    };
    const platform = fakePlatform();
    app = new BackgroundApp({
      platform,
      settings: memorySettings(settings),
      vaultIterations: 1_000,
      live: { transports: [Fetch, NodeWebSocket], reconnect: { baseMs: 20, maxMs: 200 } },
    });
    await app.start();
    route = createRouter(createHandlers(app), () => app.senderPolicy());
    const senders = sendersOn(platform, `${sandbox.siteUrl}/markets/${BTC}`);
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
      senders.page,
    );
    expect(saved.ok).toBe(true);
    panel = senders.panel;
  }, 60_000);

  afterAll(async () => {
    app?.live.stop();
    await sandbox?.close();
  });

  it(`${RUNS.toLocaleString('en-US')} malformed and hostile messages: each answered with a typed reply`, async () => {
    const kinds = new Map<string, number>();
    const problems: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.nat(NAMES.length + HOSTILE_NAMES.length - 1),
        fc.nat(),
        fc.nat(19),
        async (which, seed, shape) => {
          const name = NAMES[which] ?? HOSTILE_NAMES[which - NAMES.length] ?? '';
          const known = Object.hasOwn(MESSAGES, name);
          const valid = known ? (VALID as Record<string, unknown>)[name] : {};
          const def = known ? MESSAGES[name as MessageName] : null;
          const payload = mutatedPayload(valid, seed);
          const rng = new Rng(seed).fork('envelope');
          // Mostly a well-formed envelope; sometimes a broken one, or no envelope at all.
          const message =
            shape === 0
              ? mutatedPayload({ protocol: PROTOCOL, name, payload }, seed + 7)
              : shape === 1
                ? { protocol: rng.pick([PROTOCOL, 'market-companion/2', '', null]), name, payload }
                : { protocol: PROTOCOL, name, payload };
          let reply: Reply<unknown>;
          try {
            reply = await route(message, panel);
          } catch (error) {
            problems.push(`${name}: the router threw ${String(error)}`);
            return;
          }
          if (reply.ok) {
            if (!forPanel(def)) problems.push(`${name}: answered to the page panel`);
            kinds.set('ok', (kinds.get('ok') ?? 0) + 1);
            return;
          }
          const info = ClientErrorInfo.safeParse(reply.error);
          if (!info.success) problems.push(`${name}: untyped error ${JSON.stringify(reply.error)}`);
          kinds.set(reply.error.kind, (kinds.get(reply.error.kind) ?? 0) + 1);
          if (def && !forPanel(def) && reply.error.kind !== 'forbidden') {
            problems.push(
              `${name}: a page-only message got past the sender check (${reply.error.kind})`,
            );
          }
        },
      ),
      { numRuns: RUNS, seed: 20261122 },
    );
    console.log(`messages: replies by kind ${JSON.stringify(Object.fromEntries(kinds))}`);
    expect(problems.slice(0, 20)).toEqual([]);
    expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    // Still itself: unlocked, and a page's ordinary question gets an ordinary answer.
    expect(app.vault.status).toBe('unlocked');
    const state = await route(
      { protocol: PROTOCOL, name: 'panel.state', payload: { marketSlug: BTC } },
      panel,
    );
    expect(state).toMatchObject({ ok: true, data: { marketSlug: BTC } });
  }, 300_000);
});
