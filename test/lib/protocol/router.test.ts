import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ExchangeError } from '../../../lib/core/client/errors';
import { OrderRuleError } from '../../../lib/core/orders/issues';
import {
  MESSAGES,
  type MessageName,
  PROTOCOL,
  type SenderKind,
  type SenderRole,
} from '../../../lib/protocol/messages';
import { createRouter, type Handlers } from '../../../lib/protocol/router';
import {
  kindsOf,
  type SenderInfo,
  type SenderPolicy,
  type SenderVerdict,
} from '../../../lib/protocol/sender';
import { firefoxPolicy, MARKET_PAGE, policy, REQUESTS, RESPONSES, SENDERS, SLUG } from './fixtures';

const NAMES = Object.keys(MESSAGES) as MessageName[];

interface Call {
  name: MessageName;
  request: unknown;
  sender: SenderVerdict;
}

type AnyHandler = (request: unknown, sender: SenderVerdict) => Promise<unknown>;

/** Handlers that record each call and answer with `answer(name)` (a valid answer by default). */
function recordingHandlers(
  answer: (name: MessageName) => Promise<unknown> = async (name) => RESPONSES[name](),
) {
  const calls: Call[] = [];
  const handlers: Record<string, AnyHandler> = {};
  for (const name of NAMES) {
    handlers[name] = async (request, sender) => {
      calls.push({ name, request, sender });
      return answer(name);
    };
  }
  return { calls, handlers: handlers as unknown as Handlers };
}

const popup = SENDERS['the popup (extension page, no tab)']?.sender as SenderInfo;
const content = SENDERS['the content script in the top frame of a market page']
  ?.sender as SenderInfo;
const frame = SENDERS["our page panel's frame in a tab of the exchange site"]?.sender as SenderInfo;
const envelope = (name: string, payload: unknown) => ({ protocol: PROTOCOL, name, payload });

describe('createRouter: who may send what', () => {
  const cases = [
    ['Chromium', policy],
    ['Firefox', firefoxPolicy],
  ].flatMap(([browser, rules]) =>
    NAMES.flatMap((name) =>
      Object.entries(SENDERS).map(([label, { sender, kind }]) => ({
        browser: browser as string,
        rules: rules as SenderPolicy,
        name,
        label,
        sender,
        kind,
      })),
    ),
  );

  it.each(cases)('$browser: $name from $label', async ({ rules, name, sender, kind }) => {
    const { calls, handlers } = recordingHandlers();
    const route = createRouter(handlers, () => rules);
    const reply = await route(envelope(name, REQUESTS[name]), sender);
    const allowed = kind !== null && kindsOf(MESSAGES[name].senders, rules).includes(kind);
    if (allowed) {
      expect(reply).toEqual({ ok: true, data: MESSAGES[name].response.parse(RESPONSES[name]()) });
      expect(calls).toHaveLength(1);
      expect(calls[0]?.sender.kind).toBe(kind);
    } else {
      expect(reply.ok).toBe(false);
      expect(!reply.ok && reply.error.kind).toBe('forbidden');
      expect(calls).toHaveLength(0);
    }
  });

  it('gives the panel frame handler its tab, and the origin and URL of the page it is on', async () => {
    const { calls, handlers } = recordingHandlers();
    const route = createRouter(handlers, () => policy);
    await route(envelope('panel.state', { marketSlug: SLUG }), frame);
    expect(calls[0]?.sender).toEqual({
      kind: 'panel-frame',
      tabId: 7,
      origin: 'http://127.0.0.1:4011',
      url: 'http://127.0.0.1:4011/markets/sandbox-btc-100k',
    });
  });

  it('gives the content script handler the tab, origin and page URL it came from (Firefox)', async () => {
    const { calls, handlers } = recordingHandlers();
    const route = createRouter(handlers, () => firefoxPolicy);
    await route(envelope('panel.state', { marketSlug: SLUG }), content);
    expect(calls[0]?.sender).toEqual({
      kind: 'content',
      tabId: 7,
      origin: 'http://127.0.0.1:4011',
      url: 'http://127.0.0.1:4011/markets/sandbox-btc-100k',
    });
  });

  const PANEL_ONLY = [
    'panel.addPriceAlert',
    'panel.cancelAll',
    'panel.cancelIntent',
    'panel.cancelOrder',
    'panel.limitOrder',
    'panel.openOptions',
    'panel.openSidePanel',
    'panel.primeOrder',
    'panel.quickOrder',
    'panel.savePlacement',
    'panel.saveQuickTrade',
    'panel.state',
  ];
  const allowedTo = (kind: SenderKind, rules: SenderPolicy) =>
    NAMES.filter((n) => kindsOf(MESSAGES[n].senders, rules).includes(kind)).sort();

  it('Chromium: only the panel frame sends the narrow panel intents, the placement, the presets, opening options and a price alert; a content script sends nothing', () => {
    expect(allowedTo('panel-frame', policy)).toEqual(PANEL_ONLY);
    expect(allowedTo('content', policy)).toEqual([]);
  });

  it('Firefox: the content script is the panel and sends the same, and no frame is the panel', () => {
    expect(allowedTo('content', firefoxPolicy)).toEqual(PANEL_ONLY);
    expect(allowedTo('panel-frame', firefoxPolicy)).toEqual([]);
  });

  it.each(PANEL_ONLY)(
    'Chromium: refuses %s from the content script, with a sentence, before any handler runs',
    async (name) => {
      const { calls, handlers } = recordingHandlers();
      const reply = await createRouter(handlers, () => policy)(
        envelope(name, REQUESTS[name as MessageName]),
        content,
      );
      expect(reply).toEqual({
        ok: false,
        error: { kind: 'forbidden', message: `"${name}" may not be sent from a web page` },
      });
      expect(calls).toEqual([]);
    },
  );

  it('Chromium: a content script cannot pass for the panel frame by its frame id or its URL', async () => {
    const { calls, handlers } = recordingHandlers();
    const route = createRouter(handlers, () => policy);
    const forged: SenderInfo[] = [
      { ...content, frameId: 12 },
      { ...content, url: `${MARKET_PAGE}#/panel-frame.html` },
      { ...content, url: `${content.origin}/panel-frame.html`, frameId: 12 },
    ];
    for (const sender of forged) {
      const reply = await route(envelope('panel.quickOrder', REQUESTS['panel.quickOrder']), sender);
      expect(reply).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    }
    expect(calls).toEqual([]);
  });
});

describe('createRouter: malformed messages never reach a handler', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a string', 'vault.status'],
    ['a number', 42],
    ['an array', [PROTOCOL, 'vault.status', {}]],
    ['an empty object', {}],
    ['another protocol', { protocol: 'other/1', name: 'vault.status', payload: {} }],
    ['a name that is not a string', { protocol: PROTOCOL, name: 5, payload: {} }],
    ['an over-long name', { protocol: PROTOCOL, name: 'v'.repeat(65), payload: {} }],
  ])('refuses %s as not ours', async (_label, raw) => {
    const { calls, handlers } = recordingHandlers();
    const reply = await createRouter(handlers, () => policy)(raw, popup);
    expect(reply).toEqual({
      ok: false,
      error: { kind: 'forbidden', message: 'not a message of this extension' },
    });
    expect(calls).toHaveLength(0);
  });

  it.each(['vault.steal', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])(
    'refuses the unknown name %j',
    async (name) => {
      const { calls, handlers } = recordingHandlers();
      const reply = await createRouter(handlers, () => policy)(envelope(name, {}), popup);
      expect(reply.ok).toBe(false);
      expect(!reply.ok && reply.error).toEqual({
        kind: 'forbidden',
        message: `unknown message "${name}"`,
      });
      expect(calls).toHaveLength(0);
    },
  );

  const quick = REQUESTS['panel.quickOrder'];
  it.each<[string, MessageName, unknown, string]>([
    ['an extra key on an empty request', 'vault.lock', { extra: 1 }, ''],
    [
      'an own __proto__ key on an empty request',
      'vault.status',
      JSON.parse('{"__proto__":{"x":1}}'),
      '',
    ],
    ['no payload at all', 'panel.state', undefined, 'payload'],
    ['a string payload', 'panel.state', 'sandbox-btc-100k', 'payload'],
    ['a number for a slug', 'panel.state', { marketSlug: 5 }, 'marketSlug'],
    ['an over-long slug', 'panel.state', { marketSlug: 'a'.repeat(201) }, 'marketSlug'],
    ['a slug with a path in it', 'panel.state', { marketSlug: '../admin' }, 'marketSlug'],
    ['an over-long passphrase', 'vault.unlock', { passphrase: 'p'.repeat(1025) }, 'passphrase'],
    ['an empty passphrase', 'vault.unlock', { passphrase: '' }, 'passphrase'],
    ['forget without confirmation', 'vault.forget', { confirm: false }, 'confirm'],
    ['an over-long press id', 'panel.quickOrder', { ...quick, pressId: 'x'.repeat(65) }, 'pressId'],
    ['a fractional amount', 'panel.quickOrder', { ...quick, amountRaw: '1.5' }, 'amountRaw'],
    ['a negative amount', 'panel.quickOrder', { ...quick, amountRaw: '-5' }, 'amountRaw'],
    ['a GTC quick order', 'panel.quickOrder', { ...quick, orderType: 'GTC' }, 'orderType'],
    ['a buy with a sell share', 'panel.quickOrder', { ...quick, sellPercent: 50 }, 'amountRaw'],
    [
      'a sell of 33 %',
      'panel.quickOrder',
      { ...quick, side: 'SELL', amountRaw: undefined, sellPercent: 33 },
      'sellPercent',
    ],
    [
      'an over-long order id',
      'panel.cancelOrder',
      { marketSlug: SLUG, orderId: 'o'.repeat(129) },
      'orderId',
    ],
    ['an over-long cursor', 'feed.page', { audience: 'all', cursor: 'c'.repeat(2049) }, 'cursor'],
    ['a page size above 30', 'feed.page', { audience: 'all', limit: 31 }, 'limit'],
    ['an amount in exponent form', 'withdraw.submit', { amountRaw: '1e6' }, 'amountRaw'],
    [
      'a placement far off screen',
      'panel.savePlacement',
      { corner: 'top-left', offset: { x: 1e9, y: 0 }, collapsed: false },
      'offset.x',
    ],
  ])('refuses %s with a validation error', async (_label, name, payload, field) => {
    const { calls, handlers } = recordingHandlers();
    const from = (MESSAGES[name].senders as readonly SenderRole[]).includes('page') ? popup : frame;
    const reply = await createRouter(handlers, () => policy)(envelope(name, payload), from);
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    expect(reply.error.kind).toBe('validation');
    if (reply.error.kind !== 'validation') return;
    expect(reply.error.source).toBe('client');
    if (field) expect(reply.error.issues.map((i) => i.field)).toContain(field);
    expect(calls).toHaveLength(0);
  });

  it('hands the handler only the known keys: prototype-pollution keys are dropped', async () => {
    const { calls, handlers } = recordingHandlers();
    const payload = JSON.parse(
      '{"marketSlug":"sandbox-btc-100k","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    );
    const reply = await createRouter(handlers, () => policy)(
      envelope('panel.state', payload),
      popup,
    );
    expect(reply.ok).toBe(true);
    const request = calls[0]?.request as Record<string, unknown>;
    expect(Object.keys(request)).toEqual(['marketSlug']);
    expect(Object.hasOwn(request, '__proto__')).toBe(false);
    expect(Object.getPrototypeOf(request)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('createRouter: answers', () => {
  const route = (answer: (name: MessageName) => Promise<unknown>) =>
    createRouter(recordingHandlers(answer).handlers, () => policy);

  it("passes an ExchangeError's typed info through", async () => {
    const info = { kind: 'rejected', status: 400, message: 'insufficient balance' } as const;
    const reply = await route(async () => {
      throw new ExchangeError(info);
    })(envelope('orders.cancel', REQUESTS['orders.cancel']), popup);
    expect(reply).toEqual({ ok: false, error: info });
  });

  it('turns an order-rule refusal into a client validation error', async () => {
    const reply = await route(async () => {
      throw new OrderRuleError([{ field: 'price', message: 'price 1.5 is outside 0.01 to 0.99' }]);
    })(envelope('panel.quickOrder', REQUESTS['panel.quickOrder']), popup);
    expect(reply).toEqual({
      ok: false,
      error: {
        kind: 'validation',
        source: 'client',
        issues: [{ field: 'price', message: 'price 1.5 is outside 0.01 to 0.99' }],
      },
    });
  });

  it('turns any other thrown value into a typed "unavailable" error', async () => {
    const fromError = await route(async () => {
      throw new Error('storage is gone');
    })(envelope('vault.status', {}), popup);
    expect(fromError).toEqual({
      ok: false,
      error: { kind: 'unavailable', message: 'storage is gone' },
    });

    const fromString = await route(async () => {
      throw 'a bare string';
    })(envelope('vault.status', {}), popup);
    expect(fromString).toEqual({
      ok: false,
      error: { kind: 'unavailable', message: 'Something went wrong.' },
    });
  });

  it('does not send an answer that breaks its response schema', async () => {
    const leaked = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
    const reply = await route(async () => ({ status: 'unlocked', privateKey: leaked }))(
      envelope('vault.status', {}),
      popup,
    );
    expect(reply.ok).toBe(false);
    expect(!reply.ok && reply.error.kind).toBe('unavailable');
    expect(JSON.stringify(reply)).not.toContain(leaked);
  });

  it('strips keys its response schema does not name', async () => {
    const reply = await route(async () => ({
      message: 'Order canceled successfully',
      signature: '0xdeadbeef',
    }))(envelope('panel.cancelOrder', REQUESTS['panel.cancelOrder']), popup);
    expect(reply).toEqual({ ok: true, data: { message: 'Order canceled successfully' } });
  });
});

/** Every property name a schema's output can carry, at any depth. */
function keysOf(schema: z.ZodType): Set<string> {
  const keys = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && value && typeof value === 'object') {
        for (const name of Object.keys(value)) keys.add(name);
      }
      walk(value);
    }
  };
  walk(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }));
  return keys;
}

describe('protocol: nothing secret can reach a content script (the panel in Firefox)', () => {
  const SECRET_LIKE = /secret|private|signature|passphrase|apitoken|hmac|^body$|^key$|^json$/i;
  const forContent = NAMES.filter((n) =>
    kindsOf(MESSAGES[n].senders, firefoxPolicy).includes('content'),
  );

  it.each(forContent)('the answer of %s names no secret-like key', (name) => {
    const keys = [...keysOf(MESSAGES[name].response)];
    expect(keys.filter((k) => SECRET_LIKE.test(k))).toEqual([]);
  });

  it('the key scan does find a secret-like key where one exists', () => {
    // The vault's own request schema carries a passphrase: the scan must see it.
    const keys = [...keysOf(MESSAGES['setup.save'].request)];
    expect(keys.filter((k) => SECRET_LIKE.test(k))).toEqual(
      expect.arrayContaining(['secret', 'privateKey', 'passphrase']),
    );
  });

  it('only the sandbox demo-account list answers with key material, and only to extension pages', () => {
    // Demo keys are public by design (the sandbox serves them to anyone); nothing else may.
    const carrying = NAMES.filter((name) =>
      [...keysOf(MESSAGES[name].response)].some((k) => SECRET_LIKE.test(k)),
    );
    expect(carrying).toEqual(['setup.sandboxAccounts']);
    expect(MESSAGES['setup.sandboxAccounts'].senders).toEqual(['page']);
  });
});
