import themeCss from '@/assets/theme.css?inline';
import { startBadges } from '@/components/badges/badges';
import { type CommandSender, commandFrom } from '@/components/panel/model/commands';
import { domReady, earlyPanelState } from '@/components/panel/model/early-state';
import { readPageSettings, watchPageSettings } from '@/components/panel/model/page-settings';
import { panelSlugFor, slugTransition } from '@/components/panel/model/site';
import { type MountedPanel, mountPanel } from '@/components/panel/mount';
import { arrivalPlacement } from '@/components/panel/page-forms';
import panelCss from '@/components/panel/panel.css?inline';
import { liftToTopLayer, tracksVisibility } from '@/components/panel/top-layer';
import { drawTextUnsearchable } from '@/components/panel/unsearchable-text';
import { sendFromPanel } from '@/lib/protocol/panel-browser';

/**
 * The page panel on the exchange site's market pages. Thin: decides from the settings
 * whether this URL is a market page (and which market), mounts the panel in a closed
 * shadow root, follows single-page navigation, and hands keyboard commands from the
 * background to the panel. The sandbox's site is in the manifest; other sites the user
 * grants are registered at runtime (lib/background/site-scripts.ts, same output file).
 */
export default defineContentScript({
  matches: ['http://127.0.0.1/*', 'http://localhost/*'],
  // From the start of the page's load: the market's state is asked for while the page still
  // parses, and painted as soon as the panel can mount (DOMContentLoaded).
  runAt: 'document_start',
  cssInjectionMode: 'manual',
  // WXT's legacy `postMessage` would tell every page script our extension id.
  noScriptStartedPostMessage: true,

  async main(ctx) {
    drawTextUnsearchable();
    const early = earlyPanelState();
    let settings = await readPageSettings();
    await domReady();
    // Every page of the site, market page or not; it follows the badges switch itself.
    ctx.onInvalidated(startBadges({ settings, watchSettings: watchPageSettings }));
    let panel: MountedPanel | null = null;
    let host: HTMLElement | null = null;

    const applyTheme = () => {
      if (!host) return;
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
        panel?.unmount();
        panel = null;
        host = null;
      },
    });

    const show = (slug: string) => {
      ui.mount();
      // Without IntersectionObserver v2 (Firefox), a page cannot paint over the top layer.
      if (host && !tracksVisibility()) liftToTopLayer(host);
      panel = mountPanel({
        container: ui.uiContainer,
        slug,
        placement: arrivalPlacement(settings.panel, document, {
          width: window.innerWidth,
          height: window.innerHeight,
        }),
        collapsed: settings.panel.collapsed,
        deps: { send: sendFromPanel, now: Date.now, newPressId: () => crypto.randomUUID() },
        connect: early.connect,
        host: () => host,
      });
    };

    const follow = (url = location.href) => {
      const next = slugTransition(panel?.slug ?? null, panelSlugFor(settings, url));
      if (next.kind === 'mount') show(next.slug);
      else if (next.kind === 'switch') panel?.setSlug(next.slug);
      else if (next.kind === 'unmount') ui.remove();
    };

    follow();
    early.release();
    // Fired while `pushState` runs, before `location` changes: the new URL is on the event.
    ctx.addEventListener(window, 'wxt:locationchange', (event) =>
      follow(event.newUrl instanceof URL ? event.newUrl.href : undefined),
    );
    // Back/forward between pushState entries (the location watcher also sees these).
    ctx.addEventListener(window, 'popstate', () => follow());

    const unwatch = watchPageSettings((next) => {
      settings = next;
      applyTheme();
      follow();
    });
    ctx.onInvalidated(unwatch);

    // Keyboard commands come only from our background (a page cannot message this world).
    const onCommand = (message: unknown, sender: CommandSender) => {
      const command = commandFrom(message, sender, browser.runtime.id);
      if (command) panel?.command(command);
    };
    browser.runtime.onMessage.addListener(onCommand);
    ctx.onInvalidated(() => browser.runtime.onMessage.removeListener(onCommand));
  },
});
