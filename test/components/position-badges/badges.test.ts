// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BadgeSettings, startBadges } from '../../../components/position-badges/badges';
import type { BadgePort } from '../../../components/position-badges/feed';
import { DEFAULT_SETTINGS } from '../../../lib/core/settings/defaults';
import type { BadgeEntry } from '../../../lib/protocol/badge-views';

const SITE = 'http://127.0.0.1:4011';
const settings = (enabled = true): BadgeSettings => ({
  exchange: { ...DEFAULT_SETTINGS.exchange, siteMarketPattern: `${SITE}/markets/:slug` },
  extraSiteOrigins: [],
  badges: { enabled },
});

const held = (slug: string, side: 'YES' | 'NO', contracts: string, pnl: string): BadgeEntry => ({
  marketSlug: slug,
  side,
  contractsRaw: contracts,
  unrealizedPnlRaw: pnl,
});

/** The background's end of the badges port: what it pushes, whether the page closed it. */
function background() {
  const ports: {
    message: ((m: unknown) => void)[];
    gone: (() => void)[];
    closedByPage: boolean;
  }[] = [];
  return {
    ports,
    connect(): BadgePort {
      const p = {
        message: [] as ((m: unknown) => void)[],
        gone: [] as (() => void)[],
        closedByPage: false,
      };
      ports.push(p);
      return {
        onMessage: { addListener: (l) => p.message.push(l) },
        onDisconnect: { addListener: (l) => p.gone.push(l) },
        disconnect: () => {
          p.closedByPage = true;
        },
      };
    },
    post(raw: unknown) {
      for (const l of ports.at(-1)?.message ?? []) l(raw);
    },
    push(...entries: BadgeEntry[]) {
      this.post({ topic: 'badges', data: { entries } });
    },
    /** The worker stopped: the port closes from its side. */
    stop() {
      for (const l of ports.at(-1)?.gone ?? []) l();
    },
  };
}

/**
 * Animation frames stepped by hand; and every link counts as seen (happy-dom lays nothing
 * out and hit-tests nothing: `linkSeen` is tested on its own and in Chromium).
 */
function frames() {
  let queued = new Map<number, () => void>();
  let next = 1;
  return {
    seen: (_link: HTMLAnchorElement) => true,
    frame: (run: () => void) => {
      queued.set(next, run);
      return next++;
    },
    cancelFrame: (handle: number) => void queued.delete(handle),
    step() {
      const due = queued;
      queued = new Map();
      for (const run of due.values()) run();
    },
    get pending() {
      return queued.size;
    },
  };
}

/** The closed roots made in this test: only the code that attaches one holds it. */
const roots: ShadowRoot[] = [];
const attach = Element.prototype.attachShadow;

/** A link with a box where the test says (happy-dom lays nothing out). */
function link(href: string, box = { left: 10, top: 100, width: 300, height: 40 }) {
  const a = document.createElement('a');
  a.setAttribute('href', href);
  a.textContent = 'A market';
  a.getBoundingClientRect = () =>
    ({
      ...box,
      x: box.left,
      y: box.top,
      right: box.left + box.width,
      bottom: box.top + box.height,
    }) as DOMRect;
  return a;
}

const host = () => document.querySelector<HTMLElement>('[data-market-companion="badges"]');

/** What the badges read, drawn from their `data-t` attributes. */
function drawn(): { market: string; text: string; transform: string }[] {
  const root = roots.at(-1);
  if (!root || !host()) return [];
  return [...root.querySelectorAll<HTMLElement>('.b')].map((b) => ({
    market: b.getAttribute('data-market') ?? '',
    text: [...b.querySelectorAll('[data-t]')].map((t) => t.getAttribute('data-t')).join(' '),
    transform: b.style.transform,
  }));
}

let stop: (() => void) | null = null;

beforeEach(() => {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${SITE}/`);
  document.body.innerHTML = '';
  roots.length = 0;
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, init);
    roots.push(root);
    return root;
  };
});

afterEach(() => {
  stop?.();
  stop = null;
  Element.prototype.attachShadow = attach;
  vi.useRealTimers();
});

describe('position badges on the page', () => {
  it('a link the user cannot see gets no badge, and one seen again gets it back', async () => {
    const bg = background();
    const f = frames();
    const hidden = new Set<HTMLAnchorElement>();
    const btc = link('/markets/btc-100k');
    document.body.append(btc);
    stop = startBadges({
      settings: settings(),
      connect: bg.connect,
      ...f,
      seen: (a) => !hidden.has(a),
    });
    hidden.add(btc);
    bg.push(held('btc-100k', 'YES', '1000000', '0'));
    f.step();
    expect(drawn()).toEqual([]);
    hidden.delete(btc);
    btc.setAttribute('class', 'shown');
    await Promise.resolve(); // MutationObserver callbacks are microtasks
    f.step();
    expect(drawn().map((b) => b.market)).toEqual(['btc-100k']);
  });

  it('draws one badge per link to a market held, at its top-right corner, none on the others', async () => {
    const bg = background();
    const f = frames();
    const btc = link('/markets/btc-100k', { left: 20, top: 200, width: 300, height: 50 });
    document.body.append(btc, link('/markets/not-held'), link('/about'));
    stop = startBadges({ settings: settings(), connect: bg.connect, ...f });
    bg.push(
      held('btc-100k', 'NO', '5000000', '-100000'),
      held('btc-100k', 'YES', '120000000', '3400000'),
    );
    f.step();
    expect(drawn()).toEqual([
      {
        market: 'btc-100k',
        text: 'YES 120 +$3.40 NO 5 −$0.10',
        transform: 'translate(320px, 200px) translate(-100%, -50%)',
      },
    ]);
    const root = roots.at(-1);
    expect(root?.mode).toBe('closed');
    expect(root?.querySelector('.gain')?.getAttribute('data-t')).toBe('+$3.40');
    expect(root?.querySelector('.loss')?.getAttribute('data-t')).toBe('−$0.10');
    // Nothing of the page's own gains a child: the links read as they did.
    expect(btc.childNodes).toHaveLength(1);
    expect(btc.textContent).toBe('A market');
    expect(host()?.getAttribute('aria-hidden')).toBe('true');
    expect(host()?.style.getPropertyValue('pointer-events')).toBe('none');
  });

  it('adds nothing to the page while nothing is held, and takes the overlay away when the last position closes', () => {
    const bg = background();
    const f = frames();
    document.body.append(link('/markets/btc-100k'));
    stop = startBadges({ settings: settings(), connect: bg.connect, ...f });
    bg.push();
    f.step();
    expect(host()).toBeNull();
    bg.push(held('btc-100k', 'YES', '1000000', '0'));
    f.step();
    expect(drawn().map((b) => b.text)).toEqual(['YES 1 $0.00']);
    bg.push();
    f.step();
    expect(host()).toBeNull();
  });

  it('a list rendered late, or a page changed by single-page navigation, is laid out again once per frame', async () => {
    const bg = background();
    const f = frames();
    stop = startBadges({ settings: settings(), connect: bg.connect, ...f });
    bg.push(held('btc-100k', 'YES', '1000000', '0'), held('eth-flip', 'NO', '2000000', '0'));
    f.step();
    expect(drawn()).toEqual([]);
    const list = document.createElement('ul');
    document.body.append(list);
    for (let i = 0; i < 20; i++) {
      const item = document.createElement('li');
      item.append(link(i % 2 ? '/markets/btc-100k' : '/markets/other'));
      list.append(item);
    }
    await Promise.resolve(); // MutationObserver callbacks are microtasks
    expect(f.pending).toBe(1);
    f.step();
    expect(drawn()).toHaveLength(10);
    // Navigation: the list replaced by another page's content.
    list.replaceWith(link('/markets/eth-flip'));
    await Promise.resolve();
    f.step();
    expect(drawn().map((b) => b.market)).toEqual(['eth-flip']);
    // An href rewritten in place counts as well.
    document.querySelector('a')?.setAttribute('href', '/markets/btc-100k');
    await Promise.resolve();
    f.step();
    expect(drawn().map((b) => b.market)).toEqual(['btc-100k']);
  });

  it('puts its overlay back when the page removes it', async () => {
    const bg = background();
    const f = frames();
    document.body.append(link('/markets/btc-100k'));
    stop = startBadges({ settings: settings(), connect: bg.connect, ...f });
    bg.push(held('btc-100k', 'YES', '1000000', '0'));
    f.step();
    host()?.remove();
    await Promise.resolve();
    f.step();
    expect(host()).not.toBeNull();
    expect(drawn()).toHaveLength(1);
  });

  it('draws nothing from a message of the wrong shape, and keeps what it drew', () => {
    const bg = background();
    const f = frames();
    document.body.append(link('/markets/btc-100k'), link('/markets/eth-flip'));
    stop = startBadges({ settings: settings(), connect: bg.connect, ...f });
    bg.push(held('btc-100k', 'YES', '1000000', '0'));
    f.step();
    bg.post({
      topic: 'badges',
      data: { entries: [{ ...held('eth-flip', 'YES', '1', '0'), side: 'MAYBE' }] },
    });
    bg.post({ topic: 'badges', data: { entries: [held('eth-flip', 'YES', '1.5', '0')] } });
    bg.post({ topic: 'panel', data: { entries: [] } });
    bg.post('<img src=x onerror=alert(1)>');
    f.step();
    expect(drawn().map((b) => b.market)).toEqual(['btc-100k']);
  });

  it('off in the settings: no port and nothing drawn; switched on and off again as the settings change', () => {
    const bg = background();
    const f = frames();
    const listeners: ((next: BadgeSettings) => void)[] = [];
    document.body.append(link('/markets/btc-100k'));
    stop = startBadges({
      settings: settings(false),
      watchSettings: (l) => {
        listeners.push(l);
        return () => undefined;
      },
      connect: bg.connect,
      ...f,
    });
    expect(bg.ports).toHaveLength(0);
    for (const l of listeners) l(settings(true));
    expect(bg.ports).toHaveLength(1);
    bg.push(held('btc-100k', 'YES', '1000000', '0'));
    f.step();
    expect(drawn()).toHaveLength(1);
    for (const l of listeners) l(settings(false));
    expect(bg.ports[0]?.closedByPage).toBe(true);
    expect(host()).toBeNull();
    f.step();
    expect(host()).toBeNull();
  });

  it('reconnects after the worker stops, only once the page is shown, keeping what it drew meanwhile', async () => {
    vi.useFakeTimers();
    const bg = background();
    const f = frames();
    let hidden = false;
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (hidden ? 'hidden' : 'visible'),
    });
    document.body.append(link('/markets/btc-100k'));
    stop = startBadges({ settings: settings(), connect: bg.connect, ...f });
    bg.push(held('btc-100k', 'YES', '1000000', '0'));
    f.step();
    bg.stop();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(bg.ports).toHaveLength(2);
    expect(drawn()).toHaveLength(1);

    hidden = true;
    bg.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(bg.ports).toHaveLength(2);
    hidden = false;
    document.dispatchEvent(new Event('visibilitychange'));
    expect(bg.ports).toHaveLength(3);
    // Reopened ports are fed like the first.
    bg.push(held('btc-100k', 'NO', '3000000', '0'));
    f.step();
    expect(drawn().map((b) => b.text)).toEqual(['NO 3 $0.00']);
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('the stop closes the port and takes everything away', () => {
    const bg = background();
    const f = frames();
    document.body.append(link('/markets/btc-100k'));
    stop = startBadges({ settings: settings(), connect: bg.connect, ...f });
    bg.push(held('btc-100k', 'YES', '1000000', '0'));
    f.step();
    stop();
    stop = null;
    expect(bg.ports[0]?.closedByPage).toBe(true);
    expect(host()).toBeNull();
    expect(f.pending).toBe(0);
  });
});
