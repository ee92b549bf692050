// @vitest-environment happy-dom
import { signal } from '@preact/signals';
import { act, cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { SidePanel } from '../../../components/sidepanel/SidePanel';
import { PnlChart } from '../../../lib/core/api/portfolio';
import type { ParsedRequestOf } from '../../../lib/protocol/messages';
import type { AppSnapshot } from '../../../lib/protocol/views';
import * as ex from '../../lib/core/api/examples';
import { flushUi } from '../../support/flush';
import { fakeBackground as fakePanelBackground, fakeStore } from '../panel/fake-background';
import { intent, panelState, SLUG } from '../panel/model/fixtures';
import { fakeBackground, fakeStatePort, services } from '../popup/fakes';
import { snapshot } from '../popup/fixtures';

const SITE = 'http://127.0.0.1:4011';
const RAIN = 'will-it-rain-in-lisbon-tomorrow';

/** What the browser does for a user's click; happy-dom has no `isTrusted`, so it is set here. */
function click(element: Element, trusted = true): void {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 });
  Object.defineProperty(event, 'isTrusted', { value: trusted });
  element.dispatchEvent(event);
}

/** What the browser does when the user picks an option: the value set, then a trusted change. */
function choose(select: HTMLSelectElement, value: string, trusted = true): void {
  select.value = value;
  const event = new Event('change', { bubbles: true });
  Object.defineProperty(event, 'isTrusted', { value: trusted });
  select.dispatchEvent(event);
}

/** The tab not read yet: the browser has not answered which it is. */
const UNREAD = Symbol('unread');

function open(
  first: AppSnapshot = snapshot(),
  url: string | null | typeof UNREAD = `${SITE}/markets/${SLUG}`,
) {
  const port = fakeStatePort();
  const popupBackground = fakeBackground({
    'portfolio.pnlChart': async () => PnlChart.parse(ex.pnlChart()),
  });
  const market = fakePanelBackground({
    'panel.quickOrder': async (request: ParsedRequestOf<'panel.quickOrder'>) =>
      intent({ clientOrderId: `c-${request.pressId}`, summary: 'filled 7.93 YES at 0.63' }),
  });
  const connected: string[] = [];
  const stores: ReturnType<typeof fakeStore>[] = [];
  const tabUrl = signal<string | null | undefined>(url === UNREAD ? undefined : url);
  render(
    <SidePanel
      store={port.store}
      services={services(popupBackground.send).value}
      tabUrl={tabUrl}
      marketDeps={{ send: market.send, now: Date.now, newPressId: () => crypto.randomUUID() }}
      connectMarket={(slug) => {
        connected.push(slug);
        const store = fakeStore(panelState({ marketSlug: slug }));
        stores.push(store);
        return store;
      }}
    />,
  );
  act(() => port.push(first));
  return { tabUrl, connected, stores, market };
}

const shownSlug = () => document.querySelector('.mc-panel.side')?.getAttribute('data-slug');

afterEach(() => {
  cleanup();
  document.documentElement.removeAttribute('data-theme');
});

describe('the side panel', () => {
  it("shows the trade controls of the tab's market above the popup's screens", () => {
    open();
    expect(shownSlug()).toBe(SLUG);
    expect(document.querySelector('[data-key="BUY:YES:0"]')).not.toBeNull();
    expect(screen.getByRole('tab', { name: 'Positions' })).toBeTruthy();
  });

  it('says nothing of the tab before the browser has told which it is, then shows its market', async () => {
    const { tabUrl, connected } = open(snapshot(), UNREAD);
    expect(document.querySelector('.side-market')).toBeNull();
    expect(screen.queryByText('No market on this tab.')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Positions' })).toBeTruthy();
    expect(connected).toEqual([]);
    await act(() => {
      tabUrl.value = `${SITE}/markets/${SLUG}`;
    });
    expect(shownSlug()).toBe(SLUG);
  });

  it('follows the tab to another market, closing the last one’s port', async () => {
    const { tabUrl, connected, stores } = open();
    await act(() => {
      tabUrl.value = `${SITE}/markets/sandbox-eth-flip`;
    });
    expect(shownSlug()).toBe('sandbox-eth-flip');
    expect(connected).toEqual([SLUG, 'sandbox-eth-flip']);
    expect(stores[0]?.closed).toBe(true);
  });

  it('says there is no market on this tab, and trades a held market picked from the list until the tab changes', async () => {
    const { tabUrl } = open(snapshot(), 'https://elsewhere.example/');
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
    open({
      ...s,
      settings: { ...s.settings, panel: { ...s.settings.panel, marketPages: 'page' } },
    });
    expect(shownSlug()).toBeUndefined();
    expect(screen.getByText('No market on this tab.')).toBeTruthy();
  });

  it('shows no market while locked', () => {
    const s = snapshot();
    open({ ...s, vault: { ...s.vault, status: 'locked' } });
    expect(document.querySelector('.side-market')).toBeNull();
  });

  it('sends a trusted press at once, with no settle time, and ignores a synthetic one', async () => {
    const { market } = open();
    const buy = document.querySelector('[data-key="BUY:YES:0"]');
    if (!buy) throw new Error('no buy button');
    click(buy, false);
    await flushUi();
    expect(market.callsOf('panel.quickOrder')).toEqual([]);
    click(buy);
    await flushUi();
    expect(market.callsOf('panel.quickOrder')).toHaveLength(1);
    expect(document.querySelector('[data-result="YES"]')?.textContent).toContain('filled');
  });
});
