import type { z } from 'zod';
import { vaultView } from '../../../lib/background/account/account';
import type { PriceAlert } from '../../../lib/core/price-alerts/schema';
import { DEFAULT_SETTINGS } from '../../../lib/core/settings/defaults';
import { SANDBOX_EXCHANGE } from '../../../lib/core/settings/page-defaults';
import type { IntentView } from '../../../lib/protocol/intent';
import type { MessageName, Messages, SenderKind } from '../../../lib/protocol/messages';
import type { SenderInfo, SenderPolicy } from '../../../lib/protocol/sender';
import type { AppSnapshot, PanelState } from '../../../lib/protocol/views';
import * as ex from '../core/api/examples';

/** A message's request as its sender writes it (before the schema's defaults). */
export type RequestOf<N extends MessageName> = z.input<Messages[N]['request']>;

export const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';
export const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}`;
export const SITE_ORIGIN = 'http://127.0.0.1:4011';
export const SLUG = 'sandbox-btc-100k';
export const MARKET_PAGE = `${SITE_ORIGIN}/markets/${SLUG}`;

/** Chromium's policy: the page panel is its extension frame. */
export const policy: SenderPolicy = {
  extensionId: EXTENSION_ID,
  extensionOrigin: EXTENSION_ORIGIN,
  isSiteOrigin: (origin) => origin === SITE_ORIGIN,
  panelSender: 'panel-frame',
};

/** Firefox's policy: the page panel is drawn in the page by the content script. */
export const firefoxPolicy: SenderPolicy = { ...policy, panelSender: 'content' };

/** What Chromium reports for each kind of sender, and how the background must classify it. */
export const SENDERS: Record<string, { sender: SenderInfo; kind: SenderKind | null }> = {
  'the popup (extension page, no tab)': {
    sender: {
      id: EXTENSION_ID,
      url: `${EXTENSION_ORIGIN}/popup.html`,
      origin: EXTENSION_ORIGIN,
    },
    kind: 'page',
  },
  'the options page in a tab': {
    sender: {
      id: EXTENSION_ID,
      url: `${EXTENSION_ORIGIN}/options.html`,
      origin: EXTENSION_ORIGIN,
      frameId: 0,
      tab: { id: 4, url: `${EXTENSION_ORIGIN}/options.html` },
    },
    kind: 'page',
  },
  'the content script in the top frame of a market page': {
    sender: {
      id: EXTENSION_ID,
      url: MARKET_PAGE,
      origin: SITE_ORIGIN,
      frameId: 0,
      tab: { id: 7, url: MARKET_PAGE },
    },
    kind: 'content',
  },
  'the content script in a sub-frame of a market page': {
    sender: {
      id: EXTENSION_ID,
      url: `${SITE_ORIGIN}/embed/${SLUG}`,
      origin: SITE_ORIGIN,
      frameId: 3,
      tab: { id: 7, url: MARKET_PAGE },
    },
    kind: null,
  },
  'a content script on a tab of another origin': {
    sender: {
      id: EXTENSION_ID,
      url: `https://evil.example/markets/${SLUG}`,
      origin: 'https://evil.example',
      frameId: 0,
      tab: { id: 8, url: `https://evil.example/markets/${SLUG}` },
    },
    kind: null,
  },
  'another extension': {
    sender: {
      id: 'zyxwvutsrqponmlkzyxwvutsrqponmlk',
      url: 'chrome-extension://zyxwvutsrqponmlkzyxwvutsrqponmlk/popup.html',
      origin: 'chrome-extension://zyxwvutsrqponmlkzyxwvutsrqponmlk',
    },
    kind: null,
  },
  'one of our pages framed inside a web page': {
    sender: {
      id: EXTENSION_ID,
      url: `${EXTENSION_ORIGIN}/popup.html`,
      origin: EXTENSION_ORIGIN,
      frameId: 5,
      tab: { id: 9, url: 'https://evil.example/' },
    },
    kind: null,
  },
  "our page panel's frame in a tab of the exchange site": {
    sender: {
      id: EXTENSION_ID,
      url: `${EXTENSION_ORIGIN}/panel-frame.html`,
      origin: EXTENSION_ORIGIN,
      frameId: 12,
      tab: { id: 7, url: MARKET_PAGE },
    },
    kind: 'panel-frame',
  },
  "our page panel's frame with no frame id": {
    sender: {
      id: EXTENSION_ID,
      url: `${EXTENSION_ORIGIN}/panel-frame.html`,
      origin: EXTENSION_ORIGIN,
      tab: { id: 7, url: MARKET_PAGE },
    },
    kind: null,
  },
  "our page panel's frame in a tab of another origin": {
    sender: {
      id: EXTENSION_ID,
      url: `${EXTENSION_ORIGIN}/panel-frame.html`,
      origin: EXTENSION_ORIGIN,
      frameId: 12,
      tab: { id: 9, url: `https://evil.example/markets/${SLUG}` },
    },
    kind: null,
  },
  "our page panel's document as a tab's top frame": {
    sender: {
      id: EXTENSION_ID,
      url: `${EXTENSION_ORIGIN}/panel-frame.html`,
      origin: EXTENSION_ORIGIN,
      frameId: 0,
      tab: { id: 10, url: `${EXTENSION_ORIGIN}/panel-frame.html` },
    },
    kind: 'page',
  },
};

/** A valid request of every message (typed: a new message without one fails to compile). */
export const REQUESTS: { [N in MessageName]: RequestOf<N> } = {
  'panel.state': { marketSlug: SLUG },
  'panel.quickOrder': {
    marketSlug: SLUG,
    outcome: 'YES',
    side: 'BUY',
    orderType: 'FOK',
    amountRaw: '5000000',
    pressId: 'press-00000001',
  },
  'panel.primeOrder': {
    marketSlug: SLUG,
    outcome: 'YES',
    side: 'BUY',
    orderType: 'FOK',
    amountRaw: '5000000',
    pressId: 'press-00000003',
  },
  'panel.limitOrder': {
    marketSlug: SLUG,
    outcome: 'NO',
    side: 'SELL',
    price: '0.41',
    amountRaw: '5000000',
    pressId: 'press-00000002',
  },
  'panel.cancelOrder': { marketSlug: SLUG, orderId: ex.ORDER_ID },
  'panel.cancelAll': { marketSlug: SLUG },
  'panel.savePlacement': { corner: 'top-left', offset: { x: 10, y: 20 }, collapsed: true },
  'panel.openOptions': {},
  'panel.openSidePanel': {},
  'panel.cancelIntent': { marketSlug: SLUG, clientOrderId: 'c-1' },
  'panel.saveQuickTrade': { presets: ['5000000', '20000000'], orderType: 'FAK' },
  'priceAlerts.add': {
    marketSlug: SLUG,
    outcome: 'YES',
    field: 'bid',
    comparator: '>=',
    priceMillis: 700,
  },
  'panel.addPriceAlert': {
    marketSlug: SLUG,
    outcome: 'NO',
    field: 'last',
    comparator: '<=',
    priceMillis: 305,
  },
  'priceAlerts.list': {},
  'priceAlerts.remove': { id: 'a-1' },
  'vault.status': {},
  'vault.unlock': { passphrase: 'correct horse battery' },
  'vault.lock': {},
  'vault.changePassphrase': { current: 'old passphrase', next: 'new passphrase' },
  'vault.forget': { confirm: true },
  'setup.sandboxAccounts': { exchange: SANDBOX_EXCHANGE },
  'setup.checkCredentials': {
    exchange: SANDBOX_EXCHANGE,
    credentials: { tokenId: 'tok', secret: 'c2VjcmV0IHNlY3JldA==' },
  },
  'setup.save': {
    exchange: SANDBOX_EXCHANGE,
    credentials: { tokenId: 'tok', secret: 'c2VjcmV0IHNlY3JldA==' },
    signing: {
      kind: 'eoa',
      privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
    },
    passphrase: 'correct horse battery',
  },
  'account.setActiveSubAccount': { subAccountId: 202 },
  'orders.cancel': { marketSlug: SLUG, orderId: ex.ORDER_ID },
  'orders.cancelAll': { marketSlug: SLUG },
  'intents.cancel': { clientOrderId: 'c-1' },
  'feed.page': { audience: 'all' },
  'portfolio.refresh': {},
  'portfolio.pnlChart': { timeframe: '1w' },
  'maintenance.refresh': {},
  'markets.venues': {},
  'withdraw.targets': {},
  'withdraw.submit': { amountRaw: '1000000', passphrase: 'correct horse battery staple' },
};

export const intentView = (over: Partial<IntentView> = {}): IntentView => ({
  clientOrderId: 'c-1',
  marketSlug: SLUG,
  marketTitle: 'Bitcoin above $100k?',
  outcome: 'YES',
  side: 'BUY',
  orderType: 'FOK',
  price: null,
  requestedRaw: '5000000',
  state: 'filled',
  orderId: ex.ORDER_ID,
  filledContractsRaw: '9000000',
  filledCollateralRaw: '5000000',
  eligibleAt: null,
  error: null,
  summary: 'filled 9 YES at 0.556',
  createdAt: 1,
  updatedAt: 2,
  ...over,
});

/** A panel state: the one builder of this shape (the panel's tests build on it). */
export const panelState = (over: Partial<PanelState> = {}): PanelState => ({
  marketSlug: SLUG,
  market: {
    title: 'Bitcoin above $100k?',
    imageUrl: null,
    tradeType: 'clob',
    status: 'FUNDED',
    deadline: null,
  },
  vaultStatus: 'unlocked',
  mode: null,
  book: null,
  ladder: null,
  position: null,
  openOrders: [],
  intents: [intentView()],
  quickTrade: DEFAULT_SETTINGS.quickTrade,
  caps: DEFAULT_SETTINGS.caps,
  panel: DEFAULT_SETTINGS.panel,
  theme: DEFAULT_SETTINGS.theme,
  block: null,
  hint: null,
  connection: 'live',
  exchange: { status: 'up' },
  clockOffsetMs: 0,
  ...over,
});

/** A stored price alert, armed unless `over` says otherwise. */
export const priceAlert = (over: Partial<PriceAlert> = {}): PriceAlert => ({
  id: 'a-1',
  marketSlug: SLUG,
  marketTitle: 'Will BTC reach $100k?',
  outcome: 'YES',
  field: 'bid',
  comparator: '>=',
  priceMillis: 700,
  createdAt: 1_700_000_000_000,
  firedAt: null,
  ...over,
});

/** A valid answer of every message, as a handler would produce it. */
export const RESPONSES: { [N in MessageName]: () => unknown } = {
  'panel.state': () => panelState(),
  'panel.quickOrder': () => intentView(),
  'panel.primeOrder': () => ({}),
  'panel.limitOrder': () =>
    intentView({ orderType: 'GTC', price: 0.41, state: 'resting', summary: 'resting on the book' }),
  'panel.cancelOrder': () => ({ message: 'Order canceled successfully' }),
  'panel.cancelAll': () => ({ canceled: [ex.ORDER_ID] }),
  'panel.savePlacement': () => ({}),
  'panel.openOptions': () => ({}),
  'panel.openSidePanel': () => ({}),
  'panel.cancelIntent': () => intentView({ state: 'cancelled' }),
  'panel.saveQuickTrade': () => ({}),
  'priceAlerts.add': () => priceAlert(),
  'panel.addPriceAlert': () => priceAlert({ outcome: 'NO', field: 'last', comparator: '<=' }),
  'priceAlerts.list': () => [priceAlert()],
  'priceAlerts.remove': () => ({}),
  'vault.status': () => vaultView('locked', null, 'Sandbox'),
  'vault.unlock': () => vaultView('unlocked', null, 'Sandbox'),
  'vault.lock': () => vaultView('locked', null, 'Sandbox'),
  'vault.changePassphrase': () => vaultView('unlocked', null, 'Sandbox'),
  'vault.forget': () => vaultView('empty', null, 'Sandbox'),
  'setup.sandboxAccounts': () => [],
  'setup.checkCredentials': () => ({
    profile: ex.profile(),
    scopes: { trading: true, withdrawal: null, delegatedSigning: false },
    partnerAccounts: [],
  }),
  'setup.save': () => vaultView('unlocked', null, 'Sandbox'),
  'account.setActiveSubAccount': () => vaultView('unlocked', null, 'Sandbox'),
  'orders.cancel': () => ({ message: 'Order canceled successfully' }),
  'orders.cancelAll': () => ({ canceled: [] }),
  'intents.cancel': () => intentView({ state: 'cancelled' }),
  'feed.page': ex.feedResponse,
  'portfolio.refresh': () => ({}),
  'portfolio.pnlChart': ex.pnlChart,
  'maintenance.refresh': ex.maintenanceStatus,
  'markets.venues': () => [],
  'withdraw.targets': () => ({
    source: ex.ACCOUNT,
    account: ex.ACCOUNT,
    smartWallet: null,
    allowlist: ex.withdrawalAddresses(),
    allowlistOwner: 'self',
  }),
  'withdraw.submit': ex.withdrawResult,
};

/** The app snapshot of a fresh install: the one builder of this shape (the UIs' build on it). */
export const appSnapshot = (over: Partial<AppSnapshot> = {}): AppSnapshot => ({
  vault: vaultView('empty', null, 'Sandbox'),
  connection: { status: 'idle' },
  exchange: { status: 'up' },
  mode: null,
  portfolio: { positions: null, fetchedAt: null, error: null },
  intents: [],
  settings: DEFAULT_SETTINGS,
  clockOffsetMs: 0,
  priceAlerts: [],
  ...over,
});
