import { isKeepAlive } from '../../protocol/keepalive';
import { PanelPortRequest, PORTS, StatePortHello } from '../../protocol/panel-protocol';
import { classifySender, isPanelOrPage, type SenderInfo } from '../../protocol/sender';
import type { BackgroundApp, PortLike } from '../app';

/** A runtime Port as `runtime.onConnect` hands it over. */
export interface IncomingPort extends PortLike {
  name: string;
  sender?: SenderInfo;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  disconnect(): void;
}

/** What a UI posts before the app has started is one hello; more is not a UI talking. */
const MAX_HELD_MESSAGES = 8;

/**
 * Takes a port from `runtime.onConnect`; call it in the listener itself. A port that
 * wakes a stopped worker posts its first message (the panel's market) at once, and a port
 * message that meets no listener is lost: so the listener goes on now, and what it hears
 * waits until the app has started.
 */
export function acceptPort(port: IncomingPort, started: Promise<BackgroundApp>): void {
  const held: unknown[] = [];
  let deliver: ((message: unknown) => void) | null = null;
  port.onMessage.addListener((message) => {
    // Its arrival was the point (it keeps Firefox's event page up); there is nothing to read.
    if (isKeepAlive(message)) return;
    if (deliver) deliver(message);
    else if (held.length < MAX_HELD_MESSAGES) held.push(message);
  });
  void started.then((app) => {
    const policy = app.senderPolicy();
    const verdict = classifySender(port.sender ?? {}, policy);
    if (port.name === PORTS.state && verdict.kind === 'page') {
      deliver = (message) => {
        if (StatePortHello.safeParse(message).data?.opened) app.accountSession.activity();
      };
      app.connectStatePort(port);
      for (const message of held.splice(0)) deliver(message);
      return;
    }
    // Every page of the site, market page or not; nothing to ask, so no message is read.
    if (port.name === PORTS.badges && verdict.kind === 'content') {
      deliver = () => undefined;
      app.connectBadgesPort(port);
      return;
    }
    // The page panel of this build (its frame in Chromium), or an extension page.
    if (port.name === PORTS.panel && isPanelOrPage(verdict, policy)) {
      const pageUrl =
        verdict.kind === 'content' || verdict.kind === 'panel-frame' ? verdict.url : null;
      deliver = (message) => {
        const request = PanelPortRequest.safeParse(message);
        if (!request.success) return;
        const slug =
          'marketSlug' in request.data
            ? request.data.marketSlug
            : pageUrl !== null
              ? app.pageMarket(pageUrl)
              : null;
        // A page's panel watches only the market of the page it is on.
        if (slug === null || (pageUrl !== null && app.pageMarket(pageUrl) !== slug)) {
          port.disconnect();
          return;
        }
        void app.connectPanelPort(port, slug);
      };
      for (const message of held.splice(0)) deliver(message);
      return;
    }
    port.disconnect();
  });
}
