// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as marketChoice from '../../../components/sidepanel/market-choice';
import { flushUi } from '../../support/flush';
import { SLUG } from '../panel/model/fixtures';
import { snapshot } from '../popup/fixtures';
import { choose, click, openSidePanel, RAIN, SITE, shownSlug, UNREAD } from './harness';

vi.mock('../../../components/sidepanel/market-choice', async (original) => {
  const real = await original<typeof import('../../../components/sidepanel/market-choice')>();
  return {
    ...real,
    followedMarket: vi.fn(real.followedMarket),
    positionMarkets: vi.fn(real.positionMarkets),
  };
});

afterEach(() => {
  cleanup();
  document.documentElement.removeAttribute('data-theme');
});

describe('the side panel', () => {
  it("shows the trade controls of the tab's market above the popup's screens", () => {
    openSidePanel();
    expect(shownSlug()).toBe(SLUG);
    expect(document.querySelector('[data-key="BUY:YES:0"]')).not.toBeNull();
    expect(screen.getByRole('tab', { name: 'Positions' })).toBeTruthy();
  });

  it('says nothing of the tab before the browser has told which it is, then shows its market', async () => {
    const { tabUrl, connected } = openSidePanel(snapshot(), UNREAD);
    expect(document.querySelector('.side-market')).toBeNull();
    expect(screen.queryByText('No market on this tab.')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Positions' })).toBeTruthy();
    expect(connected).toEqual([]);
    await act(() => {
      tabUrl.value = `${SITE}/markets/${SLUG}`;
    });
    expect(shownSlug()).toBe(SLUG);
  });

  it('reads the tab and the held markets again only when they can have changed, not with every state', async () => {
    const followed = vi.mocked(marketChoice.followedMarket);
    const listed = vi.mocked(marketChoice.positionMarkets);
    const { tabUrl, push } = openSidePanel();
    expect(shownSlug()).toBe(SLUG);
    const [reads, lists] = [followed.mock.calls.length, listed.mock.calls.length];
    // A busy book: a new state each frame, every object in it new, the same sites and tab.
    for (let i = 0; i < 3; i++) push(snapshot());
    await flushUi();
    expect(followed.mock.calls.length).toBe(reads);
    // A market is shown: the list of held markets is not built at all.
    expect(listed.mock.calls.length).toBe(lists);
    await act(() => {
      tabUrl.value = 'https://elsewhere.example/';
    });
    expect(followed.mock.calls.length).toBe(reads + 1);
    expect(listed.mock.calls.length).toBe(lists + 1);
    expect(screen.getByText('No market on this tab.')).toBeTruthy();
    const s = snapshot();
    push({ ...s, settings: { ...s.settings, extraSiteOrigins: ['https://elsewhere.example'] } });
    await flushUi();
    // Another site's pages now count as the exchange's: the tab is read again.
    expect(followed.mock.calls.length).toBe(reads + 2);
  });

  it('follows the tab to another market, closing the last one’s port', async () => {
    const { tabUrl, connected, stores } = openSidePanel();
    await act(() => {
      tabUrl.value = `${SITE}/markets/sandbox-eth-flip`;
    });
    expect(shownSlug()).toBe('sandbox-eth-flip');
    expect(connected).toEqual([SLUG, 'sandbox-eth-flip']);
    expect(stores[0]?.closed).toBe(true);
  });

  it('says there is no market on this tab, and trades a held market picked from the list until the tab changes', async () => {
    const { tabUrl } = openSidePanel(snapshot(), 'https://elsewhere.example/');
    expect(screen.getByText('No market on this tab.')).toBeTruthy();
    const list = document.querySelector('select[data-action="pick-market"]');
    if (!(list instanceof HTMLSelectElement)) throw new Error('no list of held markets');
    expect([...list.options].map((o) => o.value)).toContain(RAIN);
    // A page's script cannot reach this extension page; a change made by script is ignored anyway.
    await act(() => choose(list, RAIN, false));
    expect(shownSlug()).toBeUndefined();
    await act(() => choose(list, RAIN));
    expect(shownSlug()).toBe(RAIN);
    await act(() => {
      tabUrl.value = 'https://another.example/';
    });
    expect(shownSlug()).toBeUndefined();
    expect(screen.getByText('No market on this tab.')).toBeTruthy();
  });

  it('with the page panel alone chosen for market pages, follows no tab', () => {
    const s = snapshot();
    openSidePanel({
      ...s,
      settings: { ...s.settings, panel: { ...s.settings.panel, marketPages: 'page' } },
    });
    expect(shownSlug()).toBeUndefined();
    expect(screen.getByText('No market on this tab.')).toBeTruthy();
  });

  it('shows no market while locked', () => {
    const s = snapshot();
    openSidePanel({ ...s, vault: { ...s.vault, status: 'locked' } });
    expect(document.querySelector('.side-market')).toBeNull();
  });

  it('sends a trusted press at once, with no settle time, and ignores a synthetic one', async () => {
    const { market } = openSidePanel();
    const buy = document.querySelector('[data-key="BUY:YES:0"]');
    if (!buy) throw new Error('no buy button');
    click(buy, false);
    await flushUi();
    expect(market.callsOf('panel.quickOrder')).toEqual([]);
    click(buy);
    await flushUi();
    expect(market.callsOf('panel.quickOrder')).toHaveLength(1);
    // Its result line is drawn at the next frame (PanelController.showSending).
    await waitFor(() =>
      expect(document.querySelector('[data-result="YES"]')?.textContent).toContain('filled'),
    );
  });
});
