import { describe, expect, it } from 'vitest';
import type { BackgroundApp, PortLike } from '../../../../lib/background/app';
import { acceptPort, type IncomingPort } from '../../../../lib/background/ui/ports';
import { KEEPALIVE } from '../../../../lib/protocol/keepalive';
import { PORTS } from '../../../../lib/protocol/panel-protocol';
import type { SenderInfo } from '../../../../lib/protocol/sender';

const ID = 'extension-id';
const ORIGIN = `chrome-extension://${ID}`;
const SITE = 'http://127.0.0.1:4011';

/** A port as the browser hands it over: messages go to the listeners present at the time. */
function port(name: string, sender: SenderInfo) {
  const listeners: ((message: unknown) => void)[] = [];
  const p = {
    name,
    sender,
    posted: [] as unknown[],
    disconnected: false,
    postMessage(message: unknown) {
      p.posted.push(message);
    },
    onDisconnect: { addListener: () => undefined },
    onMessage: { addListener: (l: (message: unknown) => void) => listeners.push(l) },
    disconnect() {
      p.disconnected = true;
    },
    /** What the other side posts: lost if nobody listens yet, as in the browser. */
    deliver(message: unknown) {
      for (const l of listeners) l(message);
    },
  };
  return p satisfies IncomingPort;
}

function app(panelSender: 'panel-frame' | 'content' = 'panel-frame') {
  const panels: { port: PortLike; slug: string }[] = [];
  const states: PortLike[] = [];
  const badges: PortLike[] = [];
  const activity = { count: 0 };
  const fake = {
    accountSession: {
      activity: () => {
        activity.count++;
      },
    },
    senderPolicy: () => ({
      extensionId: ID,
      extensionOrigin: ORIGIN,
      isSiteOrigin: (o: string) => o === SITE,
      panelSender,
    }),
    pageMarket: (url: string) => /\/markets\/([^/?#]+)/.exec(url)?.[1] ?? null,
    connectStatePort: (p: PortLike) => states.push(p),
    connectBadgesPort: (p: PortLike) => badges.push(p),
    connectPanelPort: async (p: PortLike, slug: string) => {
      panels.push({ port: p, slug });
    },
  };
  return { fake: fake as unknown as BackgroundApp, panels, states, badges, activity };
}

/** An app that finishes starting when the test says: a worker just woken by the port. */
function laterStart() {
  let start: (a: BackgroundApp) => void = () => undefined;
  const started = new Promise<BackgroundApp>((resolve) => {
    start = resolve;
  });
  return { started, start };
}

const content = (path: string): SenderInfo => ({
  id: ID,
  url: `${SITE}${path}`,
  origin: SITE,
  frameId: 0,
  tab: { id: 5, url: `${SITE}${path}` },
});

/** The page panel's frame (Chromium) in a tab showing `path` of the site. */
const framed = (path: string): SenderInfo => ({
  id: ID,
  url: `${ORIGIN}/panel-frame.html`,
  origin: ORIGIN,
  frameId: 4,
  tab: { id: 5, url: `${SITE}${path}` },
});

describe('acceptPort', () => {
  it('keeps the hello a panel posts while the woken worker is still starting', async () => {
    const { fake, panels } = app();
    const { started, start } = laterStart();
    const p = port(PORTS.panel, framed('/markets/btc'));
    acceptPort(p, started);
    p.deliver({ marketSlug: 'btc' });
    start(fake);
    await started;
    await Promise.resolve();
    expect(panels.map((x) => x.slug)).toEqual(['btc']);
  });

  it("disconnects a panel that asks for another market than its page's", async () => {
    const { fake, panels } = app();
    const p = port(PORTS.panel, framed('/markets/btc'));
    acceptPort(p, Promise.resolve(fake));
    await Promise.resolve();
    p.deliver({ marketSlug: 'eth' });
    expect(p.disconnected).toBe(true);
    expect(panels).toEqual([]);
  });

  it("a panel asking for its own page's market gets that market's panel", async () => {
    const { fake, panels } = app();
    const p = port(PORTS.panel, framed('/markets/btc'));
    acceptPort(p, Promise.resolve(fake));
    await Promise.resolve();
    p.deliver({ thisPage: true });
    expect(panels.map((x) => x.slug)).toEqual(['btc']);
    expect(p.disconnected).toBe(false);
  });

  it('asking for its own page off a market page, or from an extension page, is disconnected', async () => {
    const { fake, panels } = app();
    const offMarket = port(PORTS.panel, framed('/about'));
    const page = port(PORTS.panel, { id: ID, url: `${ORIGIN}/popup.html`, origin: ORIGIN });
    for (const p of [offMarket, page]) acceptPort(p, Promise.resolve(fake));
    await Promise.resolve();
    offMarket.deliver({ thisPage: true });
    page.deliver({ thisPage: true });
    expect(offMarket.disconnected).toBe(true);
    expect(page.disconnected).toBe(true);
    expect(panels).toEqual([]);
  });

  it('Chromium: refuses the panel port to the content script (the loader reads no panel state)', async () => {
    const { fake, panels } = app('panel-frame');
    const p = port(PORTS.panel, content('/markets/btc'));
    acceptPort(p, Promise.resolve(fake));
    await Promise.resolve();
    await Promise.resolve();
    p.deliver({ thisPage: true });
    expect(p.disconnected).toBe(true);
    expect(panels).toEqual([]);
  });

  it("Firefox: the content script is the panel, and gets its own page's market only", async () => {
    const { fake, panels } = app('content');
    const own = port(PORTS.panel, content('/markets/btc'));
    const other = port(PORTS.panel, content('/markets/btc'));
    const frame = port(PORTS.panel, framed('/markets/btc'));
    for (const p of [own, other, frame]) acceptPort(p, Promise.resolve(fake));
    await Promise.resolve();
    await Promise.resolve();
    own.deliver({ thisPage: true });
    other.deliver({ marketSlug: 'eth' });
    expect(panels.map((x) => x.slug)).toEqual(['btc']);
    expect([own, other, frame].map((p) => p.disconnected)).toEqual([false, true, true]);
  });

  it('gives extension pages the state port, and refuses it to content scripts and strangers', async () => {
    const { fake, states } = app();
    const page = port(PORTS.state, { id: ID, url: `${ORIGIN}/popup.html`, origin: ORIGIN });
    const fromSite = port(PORTS.state, content('/markets/btc'));
    const stranger = port(PORTS.panel, { id: 'another-extension', url: `${SITE}/markets/btc` });
    for (const p of [page, fromSite, stranger]) acceptPort(p, Promise.resolve(fake));
    await Promise.resolve();
    await Promise.resolve();
    expect(states).toEqual([page]);
    expect(fromSite.disconnected).toBe(true);
    expect(stranger.disconnected).toBe(true);
  });

  it('ignores malformed panel messages and holds only a few before the start', async () => {
    const { fake, panels } = app();
    const { started, start } = laterStart();
    const p = port(PORTS.panel, framed('/markets/btc'));
    acceptPort(p, started);
    for (let i = 0; i < 100; i++) p.deliver({ marketSlug: 'btc' });
    p.deliver('not an object');
    start(fake);
    await started;
    await Promise.resolve();
    expect(panels.length).toBeGreaterThan(0);
    expect(panels.length).toBeLessThan(20);
    expect(p.disconnected).toBe(false);
  });

  it('an extension page just opened postpones the auto-lock; one reconnecting to a new worker does not', async () => {
    const { fake, activity } = app();
    const sender = { id: ID, url: `${ORIGIN}/popup.html`, origin: ORIGIN };
    const opened = port(PORTS.state, sender);
    const { started, start } = laterStart();
    acceptPort(opened, started);
    opened.deliver({ opened: true });
    start(fake);
    await started;
    await Promise.resolve();
    expect(activity.count).toBe(1);
    const reconnected = port(PORTS.state, sender);
    acceptPort(reconnected, Promise.resolve(fake));
    await Promise.resolve();
    reconnected.deliver({ opened: false });
    reconnected.deliver({ opened: 'yes' });
    expect(activity.count).toBe(1);
  });

  it('drops keepalives unread, before and after the start, without using up the held messages', async () => {
    const { fake, panels } = app();
    const { started, start } = laterStart();
    const p = port(PORTS.panel, framed('/markets/btc'));
    acceptPort(p, started);
    for (let i = 0; i < 20; i++) p.deliver(KEEPALIVE);
    p.deliver({ marketSlug: 'btc' });
    start(fake);
    await started;
    await Promise.resolve();
    p.deliver(KEEPALIVE);
    expect(panels.map((x) => x.slug)).toEqual(['btc']);
    expect(p.disconnected).toBe(false);
  });

  it('gives content scripts on any page of the site the badges port, and refuses it to everyone else', async () => {
    const { fake, badges, states, panels } = app();
    const home = port(PORTS.badges, content('/'));
    const market = port(PORTS.badges, content('/markets/btc'));
    const popup = port(PORTS.badges, { id: ID, url: `${ORIGIN}/popup.html`, origin: ORIGIN });
    const frame = port(PORTS.badges, { ...content('/'), frameId: 3 });
    const elsewhere = port(PORTS.badges, {
      ...content('/'),
      url: 'http://evil.example/',
      origin: 'http://evil.example',
      tab: { id: 5, url: 'http://evil.example/' },
    });
    const stranger = port(PORTS.badges, { ...content('/'), id: 'another-extension' });
    const all = [home, market, popup, frame, elsewhere, stranger];
    for (const p of all) acceptPort(p, Promise.resolve(fake));
    await Promise.resolve();
    await Promise.resolve();
    expect(badges).toEqual([home, market]);
    expect(all.filter((p) => p.disconnected)).toEqual([popup, frame, elsewhere, stranger]);
    // What a page posts on it asks for nothing: no panel, no state.
    home.deliver({ marketSlug: 'btc' });
    home.deliver({ opened: true });
    expect(panels).toEqual([]);
    expect(states).toEqual([]);
  });
});
