// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IN_FLIGHT_WHILE_DOWN } from '../../../../components/common/outage';
import { EXCHANGE_DOWN_MESSAGE } from '../../../../lib/background/ui/panel-view';
import type { BookLadder } from '../../../../lib/core/orders/book-ladder';
import type { ExchangeStatus, PanelState } from '../../../../lib/protocol/views';
import { block, intent, panelState } from '../model/fixtures';
import { type Handlers, realClick, renderPanel } from './render-panel';

let container: HTMLElement;

afterEach(() => {
  vi.useRealTimers();
});

function show(state: PanelState, handlers: Handlers = {}) {
  const shown = renderPanel(state, { handlers });
  container = shown.container;
  return shown;
}

const button = (key: string) =>
  container.querySelector<HTMLButtonElement>(`[data-key="${key}"]`) as HTMLButtonElement;

const LADDER: BookLadder = {
  yes: {
    bids: [{ priceMillis: '610', sizeRaw: '120000000' }],
    asks: [{ priceMillis: '630', sizeRaw: '120000000' }],
  },
  no: {
    bids: [{ priceMillis: '370', sizeRaw: '120000000' }],
    asks: [{ priceMillis: '390', sizeRaw: '120000000' }],
  },
};

const T0 = new Date(2026, 10, 27, 12, 3, 4).getTime();
const down: ExchangeStatus = {
  status: 'down',
  since: T0,
  detectedAt: T0 + 1_200,
  lastAnsweredAt: T0 - 500,
  reason: 'no answer within 1.4 s',
};

/** What the background sends while the exchange is down: the state, the block, the book's time. */
const downState = (over: Parameters<typeof panelState>[0] = {}) =>
  panelState({
    exchange: down,
    ladder: LADDER,
    block: block('exchange-down', { message: EXCHANGE_DOWN_MESSAGE }),
    book: { ...panelState().book, updatedAt: T0 - 2_000 } as PanelState['book'],
    ...over,
  });

describe('the panel while the exchange is down', () => {
  it('says so in words, marks each price stale with its age ticking, and disables trading with the reason', async () => {
    vi.useFakeTimers({ now: T0 + 12_000, toFake: ['Date', 'setInterval', 'clearInterval'] });
    await act(() => {
      show(downState());
    });
    const notice = container.querySelector('[data-outage]');
    expect(notice?.textContent).toBe(
      'The exchange is not answering since 12:03:04 — trading is paused; prices are 14 s old. It comes back by itself.',
    );
    const bid = container.querySelector('tr[data-outcome="YES"] [data-cell="bid"]');
    expect(bid?.getAttribute('data-stale')).toBe('true');
    expect(bid?.getAttribute('title')).toBe(
      'Last price received at 12:03:02, 14 s old: the exchange is not answering.',
    );
    expect(container.querySelector('[data-section="book"] .mc-section-title')?.textContent).toBe(
      'Book · 14 s old',
    );
    expect(button('BUY:YES:0').disabled).toBe(true);
    expect(button('BUY:YES:0').title).toBe(EXCHANGE_DOWN_MESSAGE);
    const levels = [...container.querySelectorAll<HTMLButtonElement>('[data-level]')];
    expect(levels.length).toBeGreaterThan(0);
    expect(levels.every((l) => l.disabled && l.title === EXCHANGE_DOWN_MESSAGE)).toBe(true);
    expect(container.querySelector('.mc-dot')?.getAttribute('aria-label')).toBe(
      'The exchange is not answering',
    );
    // The age counts up here, with no push from the background.
    await act(() => {
      vi.advanceTimersByTime(3_000);
    });
    expect(notice?.textContent).toContain('prices are 17 s old');
    expect(bid?.getAttribute('title')).toContain('17 s old');
  });

  it('comes back by itself when the background says the exchange is up', async () => {
    const { store } = show(downState());
    expect(container.querySelector('[data-outage]')).not.toBeNull();
    act(() => {
      store.value.value = panelState({ ladder: LADDER });
    });
    await waitFor(() => expect(container.querySelector('[data-outage]')).toBeNull());
    expect(container.querySelector('[data-stale]')).toBeNull();
    expect(container.querySelector('[data-section="book"] .mc-section-title')?.textContent).toBe(
      'Book · post-only',
    );
    expect(button('BUY:YES:0').disabled).toBe(false);
  });

  it('an order in flight says the exchange is not answering, not "checking with the exchange"', async () => {
    const checking = intent({
      clientOrderId: 'c-1',
      state: 'reconciling',
      summary: 'checking with the exchange',
      filledContractsRaw: '0',
    });
    const { store } = show(panelState(), { 'panel.quickOrder': async () => checking });
    realClick(button('BUY:YES:0'));
    await waitFor(() =>
      expect(container.querySelector('[data-result="YES"]')?.textContent).toContain(
        'checking with the exchange',
      ),
    );
    act(() => {
      store.value.value = downState({ intents: [checking] });
    });
    await waitFor(() =>
      expect(container.querySelector('[data-result="YES"]')?.textContent).toContain(
        IN_FLIGHT_WHILE_DOWN,
      ),
    );
    expect(container.querySelector('[data-result="YES"]')?.textContent).not.toContain(
      'checking with the exchange',
    );
  });
});
