// The sandbox exchange's market site in the browser: single-page navigation (links are
// intercepted, `<main id="app">` is swapped, `history.pushState`), live order books over
// Socket.IO (REST polling when the socket client is missing), and the demo trade form.
// Amounts are BigInt raw units (6 decimals) and prices thousandths, as on the exchange.

const apiUrl = document.querySelector('meta[name="sandbox-api"]')?.getAttribute('content') ?? '';
const RAW = 1_000_000n;

// ── formats ──────────────────────────────────────────────────────────────────────
/** A 0–1 price from the API (three decimals at most) in thousandths. */
const toMillis = (price) => BigInt(Math.round(price * 1000));

function cents(millis) {
  const tenth = millis % 10n;
  return `${millis / 10n}${tenth === 0n ? '' : `.${tenth}`}¢`;
}

const percent = (millis) => cents(millis).replace('¢', '%');

function grouped(int) {
  return int.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Raw units with two decimals, truncated: `16129032n` → `16.12`. */
function units(raw) {
  const hundredths = raw / 10_000n;
  return `${grouped(hundredths / 100n)}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}

const dollars = (raw) => `$${units(raw)}`;

/** A typed dollar amount in raw units, or null when it is not an amount. */
function parseDollars(text) {
  const match = /^\s*(\d{0,9})(?:\.(\d{0,6}))?\s*$/.exec(text);
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return null;
  return BigInt(match[1] || '0') * RAW + BigInt((match[2] ?? '').padEnd(6, '0'));
}

// ── live books: one socket for the whole visit ────────────────────────────────────
const socket =
  typeof window.io === 'function'
    ? window.io(`${apiUrl}/markets`, { transports: ['websocket'], reconnectionDelayMax: 5000 })
    : null;
let watched = [];
const bookListeners = new Set();
const statusListeners = new Set();

function subscribe() {
  if (socket?.connected && watched.length > 0) {
    socket.emit('subscribe_market_prices', { marketSlugs: watched });
  }
}

if (socket) {
  socket.on('connect', () => {
    subscribe();
    for (const listener of statusListeners) listener(true);
  });
  socket.on('disconnect', () => {
    for (const listener of statusListeners) listener(false);
  });
  socket.on('orderbookUpdate', (update) => {
    for (const listener of bookListeners) listener(update);
  });
}

/** Follows the books of `slugs` until the returned function is called. */
function watchBooks(slugs, onBook, onStatus) {
  watched = slugs;
  subscribe();
  bookListeners.add(onBook);
  if (onStatus) {
    statusListeners.add(onStatus);
    onStatus(Boolean(socket?.connected));
  }
  let timer = null;
  if (!socket) {
    const poll = async () => {
      for (const slug of slugs) {
        try {
          const res = await fetch(`${apiUrl}/markets/${encodeURIComponent(slug)}/orderbook`);
          if (res.ok) onBook({ marketSlug: slug, orderbook: await res.json() });
        } catch {
          // The next poll tries again.
        }
      }
    };
    timer = setInterval(poll, 2000);
  }
  return () => {
    bookListeners.delete(onBook);
    if (onStatus) statusListeners.delete(onStatus);
    if (timer) clearInterval(timer);
  };
}

// ── order book in YES terms, and the NO view of it ────────────────────────────────
function levels(book, view) {
  const asLevels = (list) => list.map((l) => ({ millis: toMillis(l.price), size: BigInt(l.size) }));
  if (view === 'YES') return { asks: asLevels(book.asks), bids: asLevels(book.bids) };
  // A YES bid at p is a NO ask at 1 − p, and the other way round.
  const flip = (list) => asLevels(list).map((l) => ({ millis: 1000n - l.millis, size: l.size }));
  return { asks: flip(book.bids), bids: flip(book.asks) };
}

function bookRows(list, kind, depth) {
  let total = 0n;
  return list.map((level) => {
    total += (level.millis * level.size) / 1000n;
    const width = depth > 0n ? Number((level.size * 100n) / depth) : 0;
    return `<div class="book-row ${kind}" data-price="${level.millis}"><span class="depth" style="width:${width}%"></span><span class="p">${cents(level.millis)}</span><span class="s">${units(level.size)}</span><span class="t">${dollars(total)}</span></div>`;
  });
}

function renderBook(section, book, view) {
  const { asks, bids } = levels(book, view);
  const shownAsks = asks.slice(0, 8);
  const shownBids = bids.slice(0, 8);
  const depth = [...shownAsks, ...shownBids].reduce((m, l) => (l.size > m ? l.size : m), 0n);
  // Asks read downwards towards the spread: the best ask sits just above it.
  section.querySelector('[data-book-side="asks"]').innerHTML = bookRows(shownAsks, 'ask', depth)
    .reverse()
    .join('');
  section.querySelector('[data-book-side="bids"]').innerHTML = bookRows(
    shownBids,
    'bid',
    depth,
  ).join('');
  const bestAsk = asks[0]?.millis;
  const bestBid = bids[0]?.millis;
  const spread = section.querySelector('[data-book-spread]');
  spread.textContent =
    bestAsk !== undefined && bestBid !== undefined
      ? `Spread ${cents(bestAsk - bestBid)}`
      : 'One-sided book';
  const empty = asks.length + bids.length === 0;
  spread.hidden = empty;
  section.querySelector('[data-book-empty]').hidden = !empty;
  section.dataset.bookView = view;
  for (const tab of section.querySelectorAll('[data-book-tab]')) {
    tab.setAttribute('aria-selected', String(tab.dataset.bookTab === view));
  }
}

/** What `budget` raw collateral buys from `asks` (thousandths, raw sizes), best first. */
function fillEstimate(asks, budget) {
  let left = budget;
  let contracts = 0n;
  for (const level of asks) {
    if (left <= 0n) break;
    const cost = (level.millis * level.size) / 1000n;
    if (cost <= left) {
      contracts += level.size;
      left -= cost;
    } else {
      contracts += (left * 1000n) / level.millis;
      left = 0n;
    }
  }
  return { contracts, spent: budget - left };
}

// ── pages ────────────────────────────────────────────────────────────────────────
function pageState(main) {
  const node = main.querySelector('#page-state');
  try {
    return node ? JSON.parse(node.textContent ?? 'null') : null;
  } catch {
    return null;
  }
}

function setPrices(root, yesMillis) {
  for (const node of root.querySelectorAll('[data-outcome-price]')) {
    const value = node.dataset.outcomePrice === 'YES' ? yesMillis : 1000n - yesMillis;
    const target = node.querySelector('b, strong') ?? node;
    target.textContent = cents(value);
  }
}

function mountHome(main, state) {
  if (!state?.slugs?.length) return () => {};
  return watchBooks(state.slugs, ({ marketSlug, orderbook }) => {
    if (orderbook.adjustedMidpoint === null) return;
    const card = main.querySelector(`[data-market-card="${CSS.escape(marketSlug)}"]`);
    if (card) setPrices(card, toMillis(orderbook.adjustedMidpoint));
  });
}

function mountMarket(main, state) {
  const section = main.querySelector('[data-orderbook]');
  const form = main.querySelector('[data-trade-form]');
  let book = state?.orderbook ?? { bids: [], asks: [] };
  let view = 'YES';
  let outcome = 'YES';
  let lastMid =
    state?.midMillis === null || state?.midMillis === undefined ? null : BigInt(state.midMillis);
  const firstMid = lastMid;

  const live = main.querySelector('[data-live-price]');
  const showMid = (mid) => {
    if (mid === null) return;
    setPrices(main.querySelector('.outcome-boxes') ?? main, mid);
    for (const o of ['YES', 'NO']) {
      const node = form?.querySelector(`[data-trade-price="${o}"]`);
      if (node) node.textContent = cents(o === 'YES' ? mid : 1000n - mid);
    }
    live.querySelector('[data-live-value]').textContent = percent(mid);
    const change = live.querySelector('[data-live-change]');
    if (firstMid !== null && mid !== firstMid) {
      const up = mid > firstMid;
      const diff = up ? mid - firstMid : firstMid - mid;
      change.textContent = `${up ? '▲' : '▼'} ${cents(diff)} since you opened this page`;
      change.className = `live-change ${up ? 'up' : 'down'}`;
    }
  };

  const estimate = () => {
    if (!form || state?.phase !== 'open') return;
    const budget = parseDollars(form.querySelector('input[name="amount"]').value);
    const asks = levels(book, outcome).asks;
    const out = (key, text) => {
      form.querySelector(`[data-estimate="${key}"]`).textContent = text;
    };
    if (budget === null || budget <= 0n) {
      for (const key of ['avg', 'shares', 'payout']) out(key, '—');
      return;
    }
    const { contracts, spent } = fillEstimate(asks, budget);
    if (contracts === 0n) {
      out('avg', '—');
      out('shares', '0.00');
      out('payout', 'No offers to buy from');
      return;
    }
    out('avg', cents((spent * 1000n) / contracts));
    out('shares', units(contracts));
    const gain = contracts > spent ? ((contracts - spent) * 100n) / spent : 0n;
    out('payout', `${dollars(contracts)} (+${gain}%)`);
  };

  const draw = () => {
    if (section) renderBook(section, book, view);
    estimate();
  };

  section?.addEventListener('click', (event) => {
    const tab = event.target.closest('[data-book-tab]');
    if (!tab) return;
    view = tab.dataset.bookTab;
    draw();
  });

  if (form) {
    const submit = form.querySelector('[data-trade-submit]');
    const message = form.querySelector('[data-trade-message]');
    form.addEventListener('click', (event) => {
      const choice = event.target.closest('[data-trade-outcome]');
      if (choice && !choice.disabled) {
        outcome = choice.dataset.tradeOutcome;
        for (const b of form.querySelectorAll('[data-trade-outcome]')) {
          const selected = b === choice;
          b.classList.toggle('selected', selected);
          b.setAttribute('aria-pressed', String(selected));
        }
        submit.textContent = `Buy ${outcome === 'YES' ? 'Yes' : 'No'}`;
        submit.className = `trade-submit ${outcome.toLowerCase()}`;
        estimate();
      }
      const add = event.target.closest('[data-amount-add]');
      if (add && !add.disabled) {
        const input = form.querySelector('input[name="amount"]');
        const current = parseDollars(input.value) ?? 0n;
        input.value = units(current + BigInt(add.dataset.amountAdd) * RAW).replace(/,/g, '');
        estimate();
      }
    });
    form.addEventListener('input', estimate);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const budget = parseDollars(form.querySelector('input[name="amount"]').value);
      message.hidden = false;
      message.textContent =
        budget === null || budget <= 0n
          ? 'Enter an amount in dollars, like 10 or 2.50.'
          : `Demo page: no order was sent. Buying ${outcome === 'YES' ? 'Yes' : 'No'} for ${dollars(budget)} happens through the exchange's API.`;
    });
  }

  draw();
  if (state?.tradeType !== 'clob') return () => {};
  const status = live.querySelector('[data-live-status]');
  return watchBooks(
    [state.slug],
    ({ marketSlug, orderbook }) => {
      if (marketSlug !== state.slug) return;
      book = orderbook;
      if (orderbook.adjustedMidpoint !== null) {
        lastMid = toMillis(orderbook.adjustedMidpoint);
        showMid(lastMid);
      }
      draw();
    },
    (connected) => {
      if (state.phase !== 'open') return;
      status.textContent = connected ? 'Live' : socket ? 'Reconnecting…' : 'Updating';
      status.classList.toggle('on', connected);
    },
  );
}

let unmount = () => {};

function mountPage() {
  unmount();
  const main = document.getElementById('app');
  const state = main ? pageState(main) : null;
  if (!main || !state) {
    unmount = () => {};
    return;
  }
  unmount = state.page === 'market' ? mountMarket(main, state) : mountHome(main, state);
}

// ── single-page navigation ───────────────────────────────────────────────────────
let navigation = 0;

async function navigate(path, push) {
  const ticket = ++navigation;
  let page;
  try {
    const res = await fetch(`/partials?path=${encodeURIComponent(path)}`);
    if (!res.ok) throw new Error(String(res.status));
    page = await res.json();
  } catch {
    // The site is unreachable: let the browser try a full load.
    location.assign(path);
    return;
  }
  if (ticket !== navigation) return;
  if (push) history.pushState({ path }, '', path);
  document.title = page.title;
  const main = document.getElementById('app');
  if (main) main.outerHTML = page.html;
  mountPage();
  if (push) window.scrollTo(0, 0);
}

document.addEventListener('click', (event) => {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target.closest?.('a[href]');
  if (!link || link.target || link.hasAttribute('download')) return;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin || url.pathname.startsWith('/assets/')) return;
  event.preventDefault();
  if (url.pathname === location.pathname && url.search === location.search) return;
  navigate(url.pathname + url.search, true);
});

window.addEventListener('popstate', () => {
  navigate(location.pathname + location.search, false);
});

mountPage();
