import { signal } from '@preact/signals';
import { act, render } from '@testing-library/preact';
import { SidePanel } from '../../../components/sidepanel/SidePanel';
import { PnlChart } from '../../../lib/core/api/portfolio';
import type { ParsedRequestOf } from '../../../lib/protocol/messages';
import type { AppSnapshot } from '../../../lib/protocol/views';
import * as ex from '../../lib/core/api/examples';
import { fakeBackground as fakePanelBackground, fakeStore } from '../panel/fake-background';
import { intent, panelState, SLUG } from '../panel/model/fixtures';
import { fakeBackground, fakeStatePort, services } from '../popup/fakes';
import { snapshot } from '../popup/fixtures';

export const SITE = 'http://127.0.0.1:4011';
export const RAIN = 'will-it-rain-in-lisbon-tomorrow';

/** What the browser does for a user's click; happy-dom has no `isTrusted`, so it is set here. */
export function click(element: Element, trusted = true): void {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 });
  Object.defineProperty(event, 'isTrusted', { value: trusted });
  element.dispatchEvent(event);
}

/** What the browser does when the user picks an option: the value set, then a trusted change. */
export function choose(select: HTMLSelectElement, value: string, trusted = true): void {
  select.value = value;
  const event = new Event('change', { bubbles: true });
  Object.defineProperty(event, 'isTrusted', { value: trusted });
  select.dispatchEvent(event);
}

/** The tab not read yet: the browser has not answered which it is. */
export const UNREAD = Symbol('unread');

export function openSidePanel(
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
  return {
    tabUrl,
    connected,
    stores,
    market,
    push: (next: AppSnapshot) => act(() => port.push(next)),
  };
}

export const shownSlug = () => document.querySelector('.mc-panel.side')?.getAttribute('data-slug');
