import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Orderbook } from '../../../lib/core/api/markets';
import { type RunningSandbox, startSandbox } from '../../../sandbox/index';

/** The JSON a page embeds for its script. */
function pageState(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="page-state">(.*?)<\/script>/s.exec(html);
  return JSON.parse(match?.[1] ?? 'null') as Record<string, unknown>;
}

describe('market site over HTTP', () => {
  let sandbox: RunningSandbox;
  const get = async (path: string) => {
    const res = await fetch(`${sandbox.siteUrl}${path}`);
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, sitePort: 0, bots: false });
  });
  afterAll(() => sandbox.close());

  it('/ lists every market with its link, image and YES/NO prices', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.type).toContain('text/html');
    expect(home.text).toContain('<main id="app" data-page="home">');
    for (const market of sandbox.core.markets.list()) {
      expect(home.text).toContain(`href="/markets/${market.slug}"`);
      // A group's children sit under the group's image.
      const image = market.group?.slug ?? market.slug;
      expect(home.text).toContain(`${sandbox.apiUrl}/__sandbox/img/${image}.svg`);
    }
    const btcCard = /data-market-card="sandbox-btc-100k">([\s\S]*?)<\/a>/.exec(home.text)?.[1];
    expect(btcCard).toContain('Will BTC close above $100k?');
    expect(btcCard).toMatch(/data-outcome-price="YES">Yes <b>62¢<\/b>/);
    expect(btcCard).toMatch(/data-outcome-price="NO">No <b>38¢<\/b>/);
  });

  it('/markets/:slug is a market page with a stable structure', async () => {
    const page = await get('/markets/sandbox-btc-100k');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Will BTC close above $100k? · Sandbox Exchange</title>');
    expect(page.text).toContain(
      '<main id="app" data-page="market" data-market-slug="sandbox-btc-100k" data-trade-type="clob" data-market-phase="open">',
    );
    expect(page.text).toContain('<h1 class="market-title">Will BTC close above $100k?</h1>');
    expect(page.text).toMatch(
      /data-outcome-price="YES"><span class="outcome-name">Yes<\/span><strong>62¢/,
    );
    expect(page.text).toContain('data-orderbook');
    expect(page.text).toContain('data-book-tab="NO"');
    expect(page.text).toContain('data-live-price');
    expect(page.text).toContain('data-trade-form');
    expect(page.text).toContain('data-trade-outcome="YES"');
    expect(page.text).toContain('data-trade-outcome="NO"');
    // The trade form comes before the book: the left column, clear of a bottom-right panel.
    expect(page.text.indexOf('data-trade-form')).toBeLessThan(page.text.indexOf('data-orderbook'));
    const state = pageState(page.text);
    expect(state).toMatchObject({ page: 'market', slug: 'sandbox-btc-100k', phase: 'open' });
    expect(Orderbook.safeParse(state.orderbook).success).toBe(true);
  });

  it('/markets/:groupSlug is the group’s page, linking each of its markets (and linked from /)', async () => {
    const page = await get('/markets/sandbox-fed-december');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Fed decision in December? · Sandbox Exchange</title>');
    expect(page.text).toContain(
      '<main id="app" data-page="group" data-group-slug="sandbox-fed-december">',
    );
    for (const slug of ['sandbox-fed-cut', 'sandbox-fed-hold', 'sandbox-fed-hike']) {
      expect(page.text).toContain(`href="/markets/${slug}"`);
    }
    expect(page.text).not.toContain('data-trade-form');
    expect(pageState(page.text)).toEqual({
      page: 'group',
      slugs: ['sandbox-fed-cut', 'sandbox-fed-hold', 'sandbox-fed-hike'],
    });
    const home = await get('/');
    expect(home.text).toContain('href="/markets/sandbox-fed-december" data-group-link');
  });

  it('the page knows nothing of the extension', async () => {
    const page = await get('/markets/sandbox-btc-100k');
    const script = await get('/assets/app.js');
    for (const text of [page.text, script.text]) {
      expect(text.toLowerCase()).not.toMatch(/extension|companion|chrome-extension/);
    }
  });

  it('resolved, closed and AMM markets say so and disable the form', async () => {
    const resolved = await get('/markets/sandbox-election-resolved');
    expect(resolved.text).toContain('data-market-phase="resolved"');
    expect(resolved.text).toContain('data-market-banner="resolved"');
    expect(resolved.text).toMatch(/data-trade-submit disabled>This market is resolved\./);
    const closed = await get('/markets/sandbox-expired');
    expect(closed.text).toContain('data-market-banner="closed"');
    const amm = await get('/markets/sandbox-rain-amm');
    expect(amm.text).toContain('data-trade-type="amm"');
    expect(amm.text).not.toContain('data-orderbook');
    expect(amm.text).toMatch(
      /data-outcome-price="YES"><span class="outcome-name">Yes<\/span><strong>—/,
    );
  });

  it('an unknown slug (or path) is a 404 not-found page', async () => {
    for (const path of ['/markets/no-such-market', '/markets/%E0%A4%A', '/nowhere']) {
      const page = await get(path);
      expect(page.status).toBe(404);
      expect(page.text).toContain('data-page="not-found"');
      expect(page.text).toContain('href="/"');
    }
  });

  it('/partials answers a page as JSON for single-page navigation', async () => {
    const res = await fetch(`${sandbox.siteUrl}/partials?path=/markets/sandbox-fed-cut`);
    const body = (await res.json()) as { status: number; title: string; html: string };
    expect(body.status).toBe(200);
    expect(body.title).toContain('Fed cuts rates in December');
    expect(body.html).toMatch(
      /^<main id="app" data-page="market" data-market-slug="sandbox-fed-cut"/,
    );
    const missing = (await (
      await fetch(`${sandbox.siteUrl}/partials?path=/markets/nope`)
    ).json()) as { status: number };
    expect(missing.status).toBe(404);
  });

  it('serves its script, styles and the Socket.IO browser client', async () => {
    expect((await get('/assets/app.js')).type).toContain('text/javascript');
    expect((await get('/assets/style.css')).type).toContain('text/css');
    const io = await get('/assets/socket.io.min.js');
    expect(io.status).toBe(200);
    expect(io.text.length).toBeGreaterThan(10_000);
  });

  it('binds 127.0.0.1 only', () => {
    expect(new URL(sandbox.siteUrl).hostname).toBe('127.0.0.1');
  });

  it('shows the stored midpoint of the moment (pages are rendered from the core per request)', async () => {
    const market = sandbox.core.markets.bySlug('sandbox-btc-100k');
    if (!market) throw new Error('no market');
    const before = market.lastMidMillis;
    market.lastMidMillis = 700n;
    try {
      expect((await get('/markets/sandbox-btc-100k')).text).toMatch(/<strong data-live-value>70%/);
    } finally {
      market.lastMidMillis = before;
    }
  });
});
