import type { SandboxCore } from '../core/core';
import { imagePath, type MarketGroup, type SandboxMarket } from '../core/markets';
import { cents, percent, shortDate } from './format';
import { esc, type RenderedPage, scriptJson } from './html';
import { type MarketPhase, marketPhase, priceMillis, winningLabel } from './views';

const image = (core: SandboxCore, slug: string, cls: string, size: number) =>
  `<img class="${cls}" src="${esc(`${core.baseUrl}${imagePath(slug)}`)}" alt="" width="${size}" height="${size}">`;

function priceChips(market: SandboxMarket): string {
  const prices = priceMillis(market);
  const chip = (outcome: 'YES' | 'NO', value: bigint | null) =>
    `<span class="chip ${outcome.toLowerCase()}" data-outcome-price="${outcome}">${
      outcome === 'YES' ? 'Yes' : 'No'
    } <b>${value === null ? '—' : cents(value)}</b></span>`;
  return `<span class="card-prices">${chip('YES', prices?.[0] ?? null)}${chip('NO', prices?.[1] ?? null)}</span>`;
}

const PHASE_BADGE: Record<MarketPhase, string> = {
  open: '',
  resolved: 'Resolved',
  closed: 'Trading closed',
  amm: 'AMM',
};

function phaseBadge(core: SandboxCore, market: SandboxMarket): string {
  const phase = marketPhase(core, market);
  if (phase === 'open') return '';
  const label =
    phase === 'resolved' ? `Resolved · ${winningLabel(market) ?? '?'}` : PHASE_BADGE[phase];
  return `<span class="badge badge-${phase}">${esc(label)}</span>`;
}

function marketCard(core: SandboxCore, market: SandboxMarket, compact = false): string {
  const meta = [
    market.tradeType === 'amm'
      ? 'Automated market maker'
      : market.feesEnabled
        ? 'Fees'
        : 'Zero fee',
    `Closes ${shortDate(market.deadline)}`,
  ].join(' · ');
  return `<li><a class="market-card${compact ? ' compact' : ''}" href="/markets/${esc(market.slug)}" data-market-card="${esc(market.slug)}">
${compact ? '' : image(core, market.slug, 'card-image', 48)}
<span class="card-body"><span class="card-title">${esc(market.title)}</span><span class="card-meta">${esc(meta)} ${phaseBadge(core, market)}</span></span>
${priceChips(market)}
</a></li>`;
}

/** `/`: every market; a group's children under the group. */
export function homePage(core: SandboxCore): RenderedPage {
  const markets = core.markets.list();
  const seenGroups = new Set<string>();
  const items: string[] = [];
  for (const market of markets) {
    if (!market.group) {
      items.push(marketCard(core, market));
      continue;
    }
    const group = market.group;
    if (seenGroups.has(group.slug)) continue;
    seenGroups.add(group.slug);
    const children = markets.filter((m) => m.group?.slug === group.slug);
    items.push(`<li class="group-card" data-group-slug="${esc(group.slug)}">
<div class="group-head">${image(core, group.slug, 'card-image', 48)}<a class="card-title" href="/markets/${esc(group.slug)}" data-group-link="${esc(group.slug)}">${esc(group.title)}</a><span class="card-meta">${children.length} outcomes</span></div>
<ul class="group-children">${children.map((m) => marketCard(core, m, true)).join('')}</ul>
</li>`);
  }
  const slugs = markets.filter((m) => m.tradeType === 'clob').map((m) => m.slug);
  return {
    status: 200,
    title: 'Markets · Sandbox Exchange',
    main: `<main id="app" data-page="home">
<section class="hero"><h1>Markets</h1><p>Trade on the outcome of real-world questions. A price is the chance the market gives an outcome: Yes at 62¢ pays $1 if it happens.</p></section>
<ul class="market-list">${items.join('\n')}</ul>
<script type="application/json" id="page-state">${scriptJson({ page: 'home', slugs })}</script>
</main>`,
  };
}

/** A small line of the YES price over the seeded history and the trades since. */
function sparkline(core: SandboxCore, market: SandboxMarket): string {
  const points = core.priceHistoryOf(market.slug).slice(-60);
  if (points.length < 2) return '';
  const w = 320;
  const h = 64;
  const values = points.map((p) => Number(p.yesMillis));
  // Scaled to the range seen (a little padded), so small moves are visible.
  const low = Math.max(0, Math.min(...values) - 20);
  const high = Math.min(1000, Math.max(...values) + 20);
  const span = Math.max(1, high - low);
  const step = w / (points.length - 1);
  const path = values
    .map((v, i) => `${(i * step).toFixed(1)},${(h - ((v - low) / span) * h).toFixed(1)}`)
    .join(' ');
  return `<svg class="sparkline" viewBox="0 0 ${w} ${h}" preserveAspectRatio="none" aria-hidden="true"><polyline points="${path}"/></svg>`;
}

function banner(core: SandboxCore, market: SandboxMarket): string {
  switch (marketPhase(core, market)) {
    case 'resolved':
      return `<p class="banner banner-resolved" data-market-banner="resolved">Resolved: <b>${esc(winningLabel(market) ?? '?')}</b> on ${esc(shortDate(market.resolvedAt ?? market.deadline))}. Winning shares pay $1.</p>`;
    case 'closed':
      return `<p class="banner banner-closed" data-market-banner="closed">Trading closed on ${esc(shortDate(market.deadline))}; the result is not in yet.</p>`;
    case 'amm':
      return `<p class="banner banner-amm" data-market-banner="amm">This market trades against an automated market maker: it has no order book.</p>`;
    default:
      return '';
  }
}

function tradeForm(core: SandboxCore, market: SandboxMarket): string {
  const phase = marketPhase(core, market);
  const prices = priceMillis(market);
  const open = phase === 'open';
  const reason: Record<MarketPhase, string> = {
    open: '',
    resolved: 'This market is resolved.',
    closed: 'Trading has closed.',
    amm: 'AMM trades are not available on this page.',
  };
  const disabled = open ? '' : ' disabled';
  const outcome = (o: 'YES' | 'NO', value: bigint | null, selected: boolean) =>
    `<button type="button" class="outcome ${o.toLowerCase()}${selected ? ' selected' : ''}" data-trade-outcome="${o}" aria-pressed="${selected}"${disabled}>${
      o === 'YES' ? 'Yes' : 'No'
    } <span data-trade-price="${o}">${value === null ? '—' : cents(value)}</span></button>`;
  return `<form class="trade-form" data-trade-form aria-label="Trade" novalidate>
<div class="trade-tabs"><span class="trade-tab active">Buy</span></div>
<div class="outcome-toggle">${outcome('YES', prices?.[0] ?? null, true)}${outcome('NO', prices?.[1] ?? null, false)}</div>
<label class="amount-label" for="trade-amount">Amount</label>
<div class="amount-input"><span aria-hidden="true">$</span><input id="trade-amount" name="amount" inputmode="decimal" autocomplete="off" value="10"${disabled}></div>
<div class="quick-amounts">${[1, 20, 100].map((n) => `<button type="button" data-amount-add="${n}"${disabled}>+$${n}</button>`).join('')}</div>
<dl class="estimate">
<div><dt>Avg price</dt><dd data-estimate="avg">—</dd></div>
<div><dt>Shares</dt><dd data-estimate="shares">—</dd></div>
<div><dt>Payout if it happens</dt><dd data-estimate="payout">—</dd></div>
</dl>
<button type="submit" class="trade-submit yes" data-trade-submit${disabled}>${open ? 'Buy Yes' : esc(reason[phase])}</button>
<p class="demo-note">Demo page: this form shows estimates and does not place orders.</p>
<p class="form-message" role="status" data-trade-message hidden></p>
</form>`;
}

/** `/markets/:slug`: header, prices, live price, order book (YES terms, NO view), trade form. */
export function marketPage(core: SandboxCore, market: SandboxMarket): RenderedPage {
  const prices = priceMillis(market);
  const phase = marketPhase(core, market);
  const group = market.group;
  const meta = [
    `Closes ${shortDate(market.deadline)}`,
    market.tradeType === 'amm' ? 'AMM' : market.feesEnabled ? 'Taker fees' : 'Zero fee',
    ...(market.takerDelayMs > 0 ? [`Taker delay ${market.takerDelayMs / 1000} s`] : []),
  ].join(' · ');
  const box = (o: 'YES' | 'NO', value: bigint | null) =>
    `<div class="outcome-box ${o.toLowerCase()}" data-outcome-price="${o}"><span class="outcome-name">${o === 'YES' ? 'Yes' : 'No'}</span><strong>${value === null ? '—' : cents(value)}</strong></div>`;
  const state = {
    page: 'market',
    slug: market.slug,
    tradeType: market.tradeType,
    phase,
    orderbook: market.tradeType === 'clob' ? (core.orderbook(market.slug) ?? null) : null,
    midMillis: prices ? Number(prices[0]) : null,
  };
  const book =
    market.tradeType === 'clob'
      ? `<section class="orderbook panel" data-orderbook data-book-view="YES" aria-label="Order book">
<header class="panel-head"><h2>Order book</h2><div class="book-tabs" role="tablist">
<button type="button" role="tab" aria-selected="true" data-book-tab="YES">Trade Yes</button>
<button type="button" role="tab" aria-selected="false" data-book-tab="NO">Trade No</button>
</div></header>
<div class="book-grid">
<div class="book-row book-head"><span>Price</span><span>Shares</span><span>Total</span></div>
<div class="book-side asks" data-book-side="asks"></div>
<div class="book-spread" data-book-spread>—</div>
<div class="book-side bids" data-book-side="bids"></div>
</div>
<p class="book-empty" data-book-empty hidden>No orders on the book.</p>
</section>`
      : '';
  return {
    status: 200,
    title: `${market.title} · Sandbox Exchange`,
    main: `<main id="app" data-page="market" data-market-slug="${esc(market.slug)}" data-trade-type="${market.tradeType}" data-market-phase="${phase}">
<nav class="crumbs" aria-label="Breadcrumb"><a href="/">Markets</a>${group ? ` <span aria-hidden="true">›</span> <span>${esc(group.title)}</span>` : ''}</nav>
<section class="market-head">
${image(core, market.slug, 'market-image', 72)}
<div class="market-heading">${group ? `<p class="market-group">${esc(group.title)}</p>` : ''}<h1 class="market-title">${esc(market.title)}</h1><p class="market-meta">${esc(meta)} ${phaseBadge(core, market)}</p></div>
</section>
${banner(core, market)}
<div class="market-grid">
<aside class="trade-column">${tradeForm(core, market)}</aside>
<section class="market-column">
<div class="panel price-panel">
<div class="outcome-boxes">${box('YES', prices?.[0] ?? null)}${box('NO', prices?.[1] ?? null)}</div>
<div class="live-price" data-live-price><span class="live-label">${phase === 'resolved' ? 'Result' : 'Yes chance'}</span><strong data-live-value>${phase === 'resolved' ? esc(winningLabel(market) ?? '—') : prices ? percent(prices[0]) : '—'}</strong><span class="live-change" data-live-change></span><span class="live-status" data-live-status>${market.tradeType === 'clob' && phase === 'open' ? 'Connecting…' : ''}</span></div>
${sparkline(core, market)}
</div>
${book}
<section class="panel about"><h2>About</h2><p>${esc(market.description)}</p><p class="fine">Market #${market.id} · opened ${esc(shortDate(market.startAt))}</p></section>
</section>
</div>
<script type="application/json" id="page-state">${scriptJson(state)}</script>
</main>`,
  };
}

/**
 * `/markets/:groupSlug`: a group (one event's outcomes) and its markets. A group's slug
 * shares the markets' namespace, as on the exchange's own site, so the one market-page
 * pattern names a group's page too.
 */
export function groupPage(core: SandboxCore, group: MarketGroup): RenderedPage {
  const children = core.markets.list().filter((m) => m.group?.slug === group.slug);
  const slugs = children.filter((m) => m.tradeType === 'clob').map((m) => m.slug);
  return {
    status: 200,
    title: `${group.title} · Sandbox Exchange`,
    main: `<main id="app" data-page="group" data-group-slug="${esc(group.slug)}">
<nav class="crumbs" aria-label="Breadcrumb"><a href="/">Markets</a> <span aria-hidden="true">›</span> <span>${esc(group.title)}</span></nav>
<section class="market-head">
${image(core, group.slug, 'market-image', 72)}
<div class="market-heading"><h1 class="market-title">${esc(group.title)}</h1><p class="market-meta">${children.length} outcomes, each its own market</p></div>
</section>
<ul class="market-list">${children.map((m) => marketCard(core, m)).join('\n')}</ul>
<script type="application/json" id="page-state">${scriptJson({ page: 'group', slugs })}</script>
</main>`,
  };
}

export function notFoundPage(path: string): RenderedPage {
  return {
    status: 404,
    title: 'Not found · Sandbox Exchange',
    main: `<main id="app" data-page="not-found">
<section class="not-found"><h1>Market not found</h1><p>There is no market at <code>${esc(path)}</code>. It may have been removed, or the link is wrong.</p><p><a class="button" href="/">Browse markets</a></p></section>
</main>`,
  };
}

/** The page for a path of the site. */
export function renderPath(core: SandboxCore, path: string): RenderedPage {
  if (path === '/' || path === '') return homePage(core);
  const match = /^\/markets\/([^/]+)\/?$/.exec(path);
  if (match?.[1]) {
    let slug: string;
    try {
      slug = decodeURIComponent(match[1]);
    } catch {
      return notFoundPage(path);
    }
    const market = core.markets.bySlug(slug);
    if (market) return marketPage(core, market);
    const group = core.markets.groups().find((g) => g.slug === slug);
    if (group) return groupPage(core, group);
  }
  return notFoundPage(path);
}
