import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { createShadowRootUi } from 'wxt/utils/content-script-ui/shadow-root';
import themeCss from '../../assets/theme.css?inline';
import { sendFromPanel } from '../../lib/protocol/panel-browser';
import { earlyPanelState } from './model/early-state';
import { type PageSettings, sitePlacement } from './model/page-settings-reader';
import type { AutoPlacement } from './model/room';
import { type MountedPanel, mountPanel } from './mount';
import {
  layoutViewport,
  ROOM_PARTIAL_RETRIES,
  ROOM_SETTLE_MS,
  roomPlacement,
  watchLayout,
} from './page-room';
import { type PageHooks, type PanelSurface, runOnPage } from './page-run';
import panelCss from './panel.css?inline';
import { liftToTopLayer, tracksVisibility } from './top-layer';
import { drawTextUnsearchable } from './unsearchable-text';

/**
 * The panel drawn in the page itself, in a closed shadow root (Firefox: without
 * IntersectionObserver v2 a frame could not check what the page paints over it, while a
 * host in the page's top layer can be checked at each press; see top-layer.ts).
 */
export async function runInPagePanel(
  ctx: ContentScriptContext,
  onPage?: PageHooks['onPage'],
): Promise<void> {
  drawTextUnsearchable();
  const early = earlyPanelState();
  let settings: PageSettings | null = null;
  let panel: MountedPanel | null = null;
  let host: HTMLElement | null = null;
  // Where room was found for the panel, until the user places it.
  let auto: AutoPlacement | null = null;
  let unwatchLayout: (() => void) | null = null;
  const viewport = () => layoutViewport(document);
  // The room found on arrival may be gone (or made) once the page's layout changed (its
  // styles arrived, the window resized): look again when it has settled. mount.tsx's
  // place restarts the settle time of the move.
  // A read cut short folds the panel to its bar; it is read again while the page is still.
  let partialReads = 0;
  const readAgainIfPartial = (complete: boolean) => {
    if (complete) partialReads = 0;
    else if (partialReads++ < ROOM_PARTIAL_RETRIES) ctx.setTimeout(relocate, ROOM_SETTLE_MS);
  };
  const relocate = () => {
    if (!panel || !auto || !settings || sitePlacement(settings)) return;
    const next = roomPlacement(null, document, viewport(), auto, readAgainIfPartial);
    if (next === auto) return;
    auto = next;
    panel.place(next.placement, next.collapsed, false);
  };

  const applyTheme = () => {
    if (!host || !settings) return;
    if (settings.theme === 'system') host.removeAttribute('data-theme');
    else host.setAttribute('data-theme', settings.theme);
  };

  const ui = await createShadowRootUi(ctx, {
    // A built-in element, not a custom one: the page cannot define it and upgrade it.
    name: 'aside',
    mode: 'closed',
    position: 'inline',
    anchor: 'body',
    append: 'last',
    css: `${themeCss}\n${panelCss}`,
    // Keys and clicks inside the panel are not the page's business.
    // Neither is where the pointer goes over it and presses.
    isolateEvents: [
      'keydown',
      'keyup',
      'keypress',
      'click',
      'dblclick',
      'input',
      'pointerdown',
      'pointerup',
      'mousedown',
      'mouseup',
      'mousemove',
    ],
    onMount(_container, _shadow, shadowHost) {
      host = shadowHost;
      shadowHost.setAttribute('data-market-companion', 'panel');
      applyTheme();
      return null;
    },
    onRemove() {
      unwatchLayout?.();
      unwatchLayout = null;
      panel?.unmount();
      panel = null;
      host = null;
    },
  });

  const surface: PanelSurface = {
    get slug() {
      return panel?.slug ?? null;
    },
    show(slug, next) {
      settings = next;
      ui.mount();
      // Without IntersectionObserver v2 (Firefox), a page cannot paint over the top layer.
      if (host && !tracksVisibility()) liftToTopLayer(host);
      const placed = sitePlacement(next);
      const room = roomPlacement(placed, document, viewport(), undefined, readAgainIfPartial);
      auto = placed ? null : room;
      panel = mountPanel({
        container: ui.uiContainer,
        slug,
        placement: room.placement,
        collapsed: room.collapsed,
        deps: { send: sendFromPanel, now: Date.now, newPressId: () => crypto.randomUUID() },
        connect: early.connect,
        host: () => host,
      });
      unwatchLayout ??= watchLayout(document, relocate);
    },
    switchTo: (slug) => panel?.setSlug(slug),
    hide: () => ui.remove(),
    settingsChanged(next) {
      settings = next;
      if (sitePlacement(next)) auto = null;
      applyTheme();
    },
    command: (command) => panel?.command(command),
  };
  await runOnPage(ctx, surface, { ready: () => early.release(), onPage });
}
