import { effect, signal } from '@preact/signals';
import { browser } from 'wxt/browser';
import { DEFAULT_DOCK } from '../../../lib/core/settings/page-defaults';
import { placementOn } from '../../../lib/core/settings/site-placements';
import { PANEL_HOST_PORT, PORTS } from '../../../lib/protocol/names';
import { sendFromPanel } from '../../../lib/protocol/panel-browser';
import type { PanelState } from '../../../lib/protocol/panel-views';
import { takeEarlyPort } from '../../common/early-port';
import type { FramedLayout } from '../frame-geometry';
import type { HostLook } from '../model/aim';
import { earlyPanelState } from '../model/early-state';
import { type PanelPlacement, type Size, savedPlacement } from '../model/placement';
import { connectPanelState } from '../model/store';
import { type MountedPanel, mountPanel } from '../mount';
import { drawTextUnsearchable } from '../unsearchable-text';
import { frameNonce } from './frame-nonce';
import { type ToHost, toFrameFrom } from './host-link';

/** Performance mark at the first line of the frame's script: what framing it cost until then is the browser's. */
export const PANEL_FRAME_START_MARK = 'market-companion:panel-frame-start';

/** The gap the panel keeps from the page's viewport edges, as in the page itself. */
const VIEWPORT_MARGIN = 16;

/**
 * The page panel inside its frame (Chromium): asks for this page's market at once (the
 * background reads it from the tab's URL), meets the content script that framed it over a
 * port of its own, and renders when told the market and its place.
 */
export function startPanelFrame(container: HTMLElement): void {
  // Chromium's `window.find` in the page searches its frames too, cross-origin ones included.
  drawTextUnsearchable();
  // The port the frame's first script opened asks for this page's market, as `early` does.
  const early = earlyPanelState((slug) =>
    connectPanelState(slug, slug === null ? takeEarlyPort(PORTS.panel) : null),
  );
  const viewport = signal<Size>({ width: window.innerWidth, height: window.innerHeight });
  let port: ReturnType<typeof browser.tabs.connect> | null = null;
  let panel: MountedPanel | null = null;
  let placed: { placement: PanelPlacement; collapsed: boolean } | null = null;

  // The panel may paint (and size itself) before the port is up: its size waits for it.
  let size: Size | null = null;
  const toHost = (message: ToHost) => port?.postMessage(message);
  // The loader's last word on the frame's place, for a panel mounted after it.
  let hostLook: HostLook = 'unwatched';

  // The theme comes with each state (the background pushes them again when settings
  // change), so the frame never waits on a settings read of its own before it paints.
  const applyTheme = (theme: PanelState['theme']) => {
    const root = document.documentElement;
    if (theme === 'system') root.removeAttribute('data-theme');
    else root.setAttribute('data-theme', theme);
  };
  let stopTheme = () => {};
  const connect = (slug: string) => {
    const store = early.connect(slug);
    stopTheme();
    stopTheme = effect(() => {
      const theme = store.value.value?.theme;
      if (theme) applyTheme(theme);
    });
    return store;
  };

  const layout: FramedLayout = {
    viewport,
    placed: (placement, collapsed) => toHost({ t: 'placement', placement, collapsed }),
    dragged: (phase, screen) => toHost({ t: 'drag', phase, ...screen }),
  };

  const show = (slug: string) => {
    if (panel) return panel.setSlug(slug);
    if (!placed) return;
    panel = mountPanel({
      container,
      slug,
      placement: placed.placement,
      collapsed: placed.collapsed,
      deps: { send: sendFromPanel, now: Date.now, newPressId: () => crypto.randomUUID() },
      connect,
      framed: layout,
    });
    panel.hostSeen(false, hostLook);
    const section = container.firstElementChild;
    if (section instanceof HTMLElement) watchSize(section);
  };

  // The panel never grows past the frame (it scrolls until the frame has grown), so no part
  // of it is clipped, which the visibility observer would read as covered: the size the
  // host needs is the content's, read from the panel's parts as they change.
  const watchSize = (section: HTMLElement) => {
    const report = () => {
      const borders = section.offsetHeight - section.clientHeight;
      const next = { width: section.offsetWidth, height: section.scrollHeight + borders };
      if (next.width === size?.width && next.height === size.height) return;
      size = next;
      toHost({ t: 'size', size });
    };
    const sizes = new ResizeObserver(report);
    const observeParts = () => {
      sizes.disconnect();
      sizes.observe(section);
      for (const part of section.children) sizes.observe(part);
    };
    observeParts();
    new MutationObserver(observeParts).observe(section, { childList: true });
  };

  const onHostMessage = (raw: unknown) => {
    const message = toFrameFrom(raw);
    if (!message) return;
    switch (message.t) {
      case 'view':
        viewport.value = message.size;
        document.documentElement.style.setProperty(
          '--mc-max-height',
          `${Math.max(120, message.size.height - VIEWPORT_MARGIN)}px`,
        );
        return;
      case 'placement':
        placed = { placement: message.placement, collapsed: message.collapsed };
        panel?.place(message.placement, message.collapsed, message.save);
        return;
      case 'market':
        return show(message.slug);
      case 'command':
        panel?.command(message.command);
        return;
      case 'host':
        hostLook = message.look;
        panel?.hostSeen(message.moved, message.look);
        return;
    }
  };

  const meetHost = async (token: string | null) => {
    if (token === null) return;
    const tab = await browser.tabs.getCurrent();
    if (tab?.id === undefined || port) return;
    port = browser.tabs.connect(tab.id, { name: PANEL_HOST_PORT, frameId: 0 });
    port.onMessage.addListener(onHostMessage);
    port.onDisconnect.addListener(() => {
      port = null;
      hostLook = 'unwatched';
      panel?.hostSeen(false, hostLook);
    });
    port.postMessage({ token });
    if (size) toHost({ t: 'size', size });
    toHost({ t: 'reach', on: reach.on() });
  };

  const reach = tellReach((on) => toHost({ t: 'reach', on }));

  // The loader is met over a port of the extension's own, showing the nonce it put in this
  // frame's URL: nothing is posted to the page's window, which could answer first or learn
  // from it. Asked before anything renders, so the port is not held back by a render.
  void meetHost(frameNonce(location.hash));

  // The background's first state names the page's market (from the tab's URL) and the
  // stored placement: enough to paint before the loader's port is up. The loader's
  // placement then places the panel where it put the frame (the same fold; in the frame a
  // corner is only a name).
  early.whenFirst((state) => {
    if (panel) return;
    // The frame's own origin is the extension's: the page's is its parent's.
    const site = placementOn(state.panel.placements, location.ancestorOrigins?.[0] ?? '');
    placed ??= {
      placement: site ? savedPlacement(site) : DEFAULT_DOCK,
      collapsed: site?.collapsed ?? false,
    };
    show(state.marketSlug);
  });
}

/**
 * Tells the loader whether the pointer or the focus is in the frame: while either is, it
 * looks at the frame's host every animation frame (host-watch.ts).
 */
function tellReach(tell: (on: boolean) => void): { on(): boolean } {
  let pointer = false;
  let told = false;
  const on = () => pointer || document.hasFocus();
  const update = () => {
    const now = on();
    if (now === told) return;
    told = now;
    tell(now);
  };
  document.addEventListener('pointerover', () => {
    pointer = true;
    update();
  });
  document.addEventListener('pointerout', (event) => {
    if (event.relatedTarget) return;
    pointer = false;
    update();
  });
  window.addEventListener('focus', update);
  window.addEventListener('blur', update);
  return {
    on: () => {
      told = on();
      return told;
    },
  };
}
