import { browser } from 'wxt/browser';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { DEFAULT_DOCK } from '../../../lib/core/settings/page-defaults';
import { PANEL_FRAME_PATH, PANEL_HOST_PORT } from '../../../lib/protocol/names';
import { isRecord } from '../../../lib/protocol/shapes';
import { sitePlacement } from '../model/page-settings-reader';
import {
  type Box,
  boxOf,
  dockBox,
  dragBox,
  keepInView,
  movedBeyondThreshold,
  PANEL_TYPICAL_HEIGHT,
  PANEL_WIDTH,
  type PanelPlacement,
  type Point,
  type Size,
  samePlacement,
  savedPlacement,
} from '../model/placement';
import { roomPlacement, watchLayout } from '../page-room';
import { type PageHooks, type PanelSurface, runOnPage } from '../page-run';
import { frameSrc, newFrameNonce } from './frame-nonce';
import { showReplacedNotice, watchFrameLoads } from './frame-replaced';
import { type HostDrawn, type ToFrame, toHostFrom } from './host-link';
import { type HostWatch, watchHost } from './host-watch';

const OFF_SCREEN = -100_000;

/** Performance mark the loader sets in the page when it shows the panel's frame. */
export const PANEL_SHOWN_MARK = 'market-companion:panel-shown';

interface HostPort {
  name: string;
  sender?: { id?: string; url?: string };
  postMessage(message: unknown): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
  disconnect(): void;
}

const viewport = (): Size => ({ width: window.innerWidth, height: window.innerHeight });

/**
 * The frame is placed from here, with `!important` from inside its closed shadow root: the
 * page's own rules cannot move it (a page that transforms an ancestor instead is seen by
 * the frame's IntersectionObserver v2 and its screen-space aim checks).
 */
const hostCss = (box: Box, shown: boolean): string =>
  `:host{all:initial!important;display:block!important;position:fixed!important;` +
  // Not shown yet: off the screen rather than hidden, so that the frame's visibility
  // observer sees it come into view (a change of `visibility` alone it may not report).
  `z-index:2147483647!important;left:${shown ? box.x : OFF_SCREEN}px!important;` +
  `top:${box.y}px!important;` +
  `width:${box.width}px!important;height:${box.height}px!important;margin:0!important;` +
  `transform:none!important;opacity:1!important}` +
  `iframe{display:block;border:0;width:100%;height:100%;background:transparent}`;

/**
 * Chromium's page panel: the content script is only this loader, which frames the panel
 * (an extension page, `panel-frame.html`) in a closed shadow root at the panel's corner and
 * places the frame as the panel asks. The page sees an `aside` with a frame it cannot read;
 * the panel inside talks to the background over its own port.
 */
export function runFramedPanel(
  ctx: ContentScriptContext,
  onPage?: PageHooks['onPage'],
): Promise<void> {
  const extensionHost = browser.runtime.id;
  let host: HTMLElement | null = null;
  let frame: HTMLIFrameElement | null = null;
  let style: HTMLStyleElement | null = null;
  let link: HostPort | null = null;
  let token = '';
  let slug: string | null = null;
  let placement: PanelPlacement = DEFAULT_DOCK;
  let collapsed = false;
  // A placement stored for this site, or a fold, drop or move the user made on this page,
  // means the user's placement holds and no room is looked for.
  let userPlaced = false;
  let size: Size | null = null;
  let drag: { from: Point; start: Box; moved: boolean } | null = null;
  let dragging: Box | null = null;
  // Loaded early, shown once the page's forms are there and its corner is chosen.
  let shown = false;
  // What the frame's presses are judged against: the host's place and look (host-watch.ts).
  let watch: HostWatch | null = null;
  let look: HostDrawn | null = null;

  const post = (message: ToFrame) => link?.postMessage(message);

  const dockedBox = (): Box => {
    const view = viewport();
    const width = size?.width ?? (collapsed ? PANEL_WIDTH.collapsed : PANEL_WIDTH.open);
    const height =
      size?.height ?? (collapsed ? PANEL_TYPICAL_HEIGHT.collapsed : PANEL_TYPICAL_HEIGHT.open);
    return boxOf(keepInView(placement, width, view), { width, height }, view);
  };
  const layout = () => {
    if (style) style.textContent = hostCss(dragging ?? dockedBox(), shown);
    watch?.poke();
  };

  const greet = () => {
    if (!link || slug === null) return;
    post({ t: 'view', size: viewport() });
    post({ t: 'placement', placement, collapsed, save: false });
    post({ t: 'market', slug });
    if (look) post({ t: 'host', moved: false, look });
  };

  // A drag starts in the frame; the pointer may then leave it, and the page gets the moves:
  // both are followed, in screen coordinates.
  const dragTo = (to: Point) => {
    if (!drag) return;
    if (!drag.moved && !movedBeyondThreshold(drag.from, to)) return;
    drag.moved = true;
    dragging = dragBox(drag.start, drag.from, to, viewport());
    layout();
  };
  const dragEnd = (to: Point | null) => {
    if (to) dragTo(to);
    if (drag?.moved) {
      if (dragging) {
        userPlaced = true;
        placement = dockBox(dragging, viewport());
        post({ t: 'placement', placement, collapsed, save: true });
      }
    }
    drag = null;
    dragging = null;
    layout();
  };
  const pagePoint = (event: PointerEvent): Point | null =>
    event.isTrusted ? { x: event.screenX, y: event.screenY } : null;
  ctx.addEventListener(
    window,
    'pointermove',
    (event: PointerEvent) => {
      const to = drag && pagePoint(event);
      if (to) dragTo(to);
    },
    { capture: true },
  );
  ctx.addEventListener(
    window,
    'pointerup',
    (event: PointerEvent) => {
      const to = drag && pagePoint(event);
      if (to) dragEnd(to);
    },
    { capture: true },
  );

  const onFrameMessage = (raw: unknown) => {
    const message = toHostFrom(raw);
    if (!message) return;
    if (message.t === 'reach') return watch?.reach(message.on);
    if (message.t === 'size') {
      size = message.size;
    } else if (message.t === 'placement') {
      // Only the user's fold or move sends it (Panel.tsx's place).
      userPlaced = true;
      placement = message.placement;
      collapsed = message.collapsed;
    } else {
      const at = { x: message.x, y: message.y };
      if (message.phase === 'start') drag = { from: at, start: dockedBox(), moved: false };
      else if (message.phase === 'move') return dragTo(at);
      else return dragEnd(message.phase === 'end' ? at : null);
    }
    layout();
  };

  // Only the frame this loader made, showing the nonce put in its URL, is the panel: a copy
  // the page framed itself is never told a market or placed.
  const onConnect = (port: HostPort) => {
    if (port.name !== PANEL_HOST_PORT) return;
    const fromUs = port.sender?.id === browser.runtime.id && framePath(port.sender.url);
    let accepted = false;
    port.onMessage.addListener((raw) => {
      if (accepted) return onFrameMessage(raw);
      if (!fromUs || link || !token || !isRecord(raw) || raw.token !== token) {
        port.disconnect();
        return;
      }
      accepted = true;
      token = '';
      link = port;
      port.onDisconnect.addListener(() => {
        if (link === port) link = null;
      });
      greet();
    });
  };
  browser.runtime.onConnect.addListener(onConnect);
  ctx.onInvalidated(() => browser.runtime.onConnect.removeListener(onConnect));

  const framePath = (url: string | undefined): boolean => {
    try {
      const parsed = new URL(url ?? '');
      return parsed.pathname === PANEL_FRAME_PATH && parsed.host === extensionHost;
    } catch {
      return false;
    }
  };

  ctx.addEventListener(window, 'resize', () => {
    layout();
    post({ t: 'view', size: viewport() });
  });

  // The room found on arrival may be gone (or made) once the page's layout changed (its
  // styles arrived, the window resized): look again when it has settled. The frame hears
  // the new place as a placement it did not make, and the move restarts its settle time
  // (mount.tsx's place).
  let unwatchLayout: (() => void) | null = null;
  const relocate = () => {
    if (!shown || userPlaced) return;
    const next = roomPlacement(null, document, viewport(), { placement, collapsed });
    if (next.collapsed === collapsed && samePlacement(next.placement, placement)) return;
    if (next.collapsed !== collapsed) size = null;
    placement = next.placement;
    collapsed = next.collapsed;
    layout();
    post({ t: 'placement', placement, collapsed, save: false });
  };

  const mount = () => {
    host = document.createElement('aside');
    host.setAttribute('data-market-companion', 'panel');
    const shadow = host.attachShadow({ mode: 'closed' });
    style = document.createElement('style');
    frame = document.createElement('iframe');
    // Nothing goes through the page's window: the nonce is in the frame's URL (frame-nonce.ts).
    token = newFrameNonce();
    frame.src = frameSrc(browser.runtime.getURL(PANEL_FRAME_PATH), token);
    watchFrameLoads(frame, () => {
      surface.hide();
      showReplacedNotice();
    });
    frame.title = 'Market Companion: quick trade';
    frame.setAttribute('allow', '');
    shadow.append(style, frame);
    size = null;
    layout();
    // Before the page has a body (the frame starts loading while the page parses), beside it.
    (document.body ?? document.documentElement).append(host);
    watch = watchHost(host, (moved, drawn) => {
      look = drawn;
      post({ t: 'host', moved, look: drawn });
    });
  };

  const surface: PanelSurface = {
    // Loaded early is not shown yet: the page's first decision still shows it.
    get slug() {
      return shown ? slug : null;
    },
    // The frame takes the browser about a hundred milliseconds to load and start (an
    // extension page in its own process): it starts before the settings have said whether
    // this is a market page, off the screen, and goes at once if it is not one.
    prepare: () => mount(),
    early(next, settings) {
      if (next === null) {
        surface.hide();
        return;
      }
      slug = next;
      const placed = sitePlacement(settings);
      placement = placed ? savedPlacement(placed) : DEFAULT_DOCK;
      collapsed = placed?.collapsed ?? false;
      if (host) layout();
      else mount();
      // A frame that said hello before the settings were read was told no market yet.
      greet();
    },
    show(next, settings) {
      slug = next;
      // Now that the page's layout is there: a place that covers nothing the trader needs.
      const placed = sitePlacement(settings);
      userPlaced = placed !== null;
      const room = roomPlacement(placed, document, viewport());
      if (room.collapsed !== collapsed) size = null;
      placement = room.placement;
      collapsed = room.collapsed;
      shown = true;
      unwatchLayout ??= watchLayout(document, relocate);
      if (host) layout();
      else mount();
      // When the panel may first be seen (its frame may have painted already, unseen): read
      // by the end-to-end tests and the benchmark with the frame's own mark, never asserted.
      performance.mark(PANEL_SHOWN_MARK);
      greet();
    },
    switchTo(next) {
      slug = next;
      post({ t: 'market', slug: next });
    },
    hide() {
      slug = null;
      shown = false;
      unwatchLayout?.();
      unwatchLayout = null;
      link?.disconnect();
      link = null;
      watch?.stop();
      watch = null;
      look = null;
      host?.remove();
      host = null;
      frame = null;
      style = null;
    },
    settingsChanged(next) {
      if (sitePlacement(next)) userPlaced = true;
    },
    command: (command) => post({ t: 'command', command }),
  };
  ctx.onInvalidated(() => surface.hide());
  return runOnPage(ctx, surface, { onPage });
}
