// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { formatCents } from '../../../../lib/core/format/price';
import type { PanelState } from '../../../../lib/protocol/views';
import { panelState } from '../model/fixtures';
import { renderPanel } from './render-panel';

const PLACE = { corner: 'bottom-left', offset: { x: 16, y: 16 } } as const;

/** The panel of `state`, folded to its bar (as the room rule or the user folds it). */
async function folded(state: PanelState) {
  const shown = renderPanel(state, { placement: PLACE });
  await act(() => shown.panel.place(PLACE, true, false));
  const ask = (outcome: 'YES' | 'NO') =>
    shown.container.querySelector(`[data-bar-prices] [data-ask="${outcome}"]`)?.textContent;
  const bar = () => shown.container.querySelector<HTMLElement>('[data-bar-prices]');
  return { ...shown, ask, bar };
}

const book = (bestBid: number | null, bestAsk: number | null): PanelState['book'] => ({
  marketSlug: panelState().marketSlug,
  bestBid,
  bestAsk,
  bidSize: '100000000',
  askSize: '100000000',
  midpoint: null,
  updatedAt: 1,
});

describe('the folded bar’s best prices', () => {
  it('shows the price to buy each outcome: YES’s best ask, NO’s from YES’s best bid', async () => {
    const { ask, bar } = await folded(panelState({ book: book(0.4, 0.59) }));
    expect(ask('YES')).toBe(formatCents(0.59));
    expect(ask('NO')).toBe(formatCents(0.6));
    expect(bar()?.getAttribute('aria-label')).toBe('Buy YES at 59¢, NO at 60¢');
    expect(bar()?.hasAttribute('data-stale')).toBe(false);
  });

  it('shows — for a side nobody sells, and for a market without a book', async () => {
    const { ask, store } = await folded(panelState({ book: book(null, 0.63) }));
    expect(ask('YES')).toBe('63¢');
    expect(ask('NO')).toBe('—');
    await act(() => {
      store.value.value = panelState({ book: null });
    });
    expect([ask('YES'), ask('NO')]).toEqual(['—', '—']);
  });

  it('follows the book as it changes', async () => {
    const { ask, store } = await folded(panelState({ book: book(0.41, 0.59) }));
    await act(() => {
      store.value.value = panelState({ book: book(0.575, 0.6) });
    });
    await waitFor(() => expect(ask('YES')).toBe('60¢'));
    expect(ask('NO')).toBe('42.5¢');
  });

  it('says in words that the prices may be old while the exchange is down or the panel offline', async () => {
    const down: PanelState['exchange'] = {
      status: 'down',
      since: 1,
      detectedAt: 2,
      lastAnsweredAt: null,
      reason: 'no answer',
    };
    const { bar, store } = await folded(panelState({ book: book(0.41, 0.59), exchange: down }));
    expect(bar()?.getAttribute('data-stale')).toBe('true');
    expect(bar()?.title).toBe('Prices may be old: the exchange is not answering.');
    expect(bar()?.getAttribute('aria-label')).toMatch(/Prices may be old/);
    await act(() => {
      store.value.value = panelState({ book: book(0.41, 0.59), connection: 'connecting' });
    });
    expect(bar()?.title).toBe('Prices may be old: still connecting to the exchange.');
    await act(() => {
      store.connected.value = false;
    });
    expect(bar()?.title).toBe('Prices may be old: the panel is offline.');
    await act(() => {
      store.connected.value = true;
      store.value.value = panelState({ book: book(0.41, 0.59) });
    });
    expect(bar()?.hasAttribute('data-stale')).toBe(false);
  });

  it('is the folded bar’s alone: the open panel’s header does not repeat them', async () => {
    const { container, bar, panel } = await folded(panelState({ book: book(0.41, 0.59) }));
    expect(bar()).not.toBeNull();
    await act(() => panel.place(PLACE, false, false));
    expect(container.querySelector('.mc-head')).not.toBeNull();
    expect(bar()).toBeNull();
  });
});
