import { render } from 'preact';
import { browser } from 'wxt/browser';
import { send } from '../../lib/protocol/browser';
import { PORTS } from '../../lib/protocol/names';
import { connectAppState } from '../common/app-state';
import { takeEarlyPort } from '../common/early-port';
import { sidePanelOpener } from '../common/side-panel';
import { Popup } from './Popup';

/** Starts the toolbar popup in `root`: its port to the background, and the screens it feeds. */
export function mountPopup(root: HTMLElement, search: string): void {
  // `?feedLimit=N` (1–30) asks for smaller feed pages; end-to-end tests use it to page.
  const limitParam = Number(new URLSearchParams(search).get('feedLimit'));
  const feedLimit =
    Number.isInteger(limitParam) && limitParam >= 1 && limitParam <= 30 ? limitParam : undefined;
  render(
    <Popup
      store={connectAppState(takeEarlyPort(PORTS.state))}
      services={{
        send,
        openTab: (url) => void browser.tabs.create({ url }),
        openOptions: () => void browser.runtime.openOptionsPage(),
        openSidePanel: sidePanelOpener(),
      }}
      feedLimit={feedLimit}
    />,
    root,
  );
}
