import { browser } from 'wxt/browser';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import type { PanelCommand } from '../../lib/protocol/keyboard-commands';
import { type CommandSender, commandFrom } from './model/command-check';
import { domReady } from './model/dom-ready';
import {
  type PageSettings,
  readPageSettings,
  watchPageSettings,
} from './model/page-settings-reader';
import { panelSlugFor, slugTransition } from './model/site';
import { endWhenPageLeaves } from './page-leave';

/** What draws the panel on a page: in the page itself (Firefox) or in a frame (Chromium). */
export interface PanelSurface {
  /** The page became a market page (`slug`), or the panel was off until now. */
  show(slug: string, settings: PageSettings): void;
  /** Same panel, another market (single-page navigation). */
  switchTo(slug: string): void;
  /** Not a market page (any more): the panel goes. */
  hide(): void;
  /** Settings changed (theme, placement), whether or not the market did. */
  settingsChanged(settings: PageSettings): void;
  command(command: PanelCommand): void;
  /** Which market the panel shows now (null: none). */
  readonly slug: string | null;
  /**
   * The settings are read and the page is still loading: a surface that can start early
   * (the frame loads while the page parses) starts here for this market (null: none).
   */
  early?(slug: string | null, settings: PageSettings): void;
  /**
   * Before the settings are read (they take a round trip to the browser): a surface that
   * loads slowly may start for a market page now, and stop at `early` when it is not one.
   */
  prepare?(): void;
}

/** What else runs on the site's pages, beside the panel. */
export interface PageHooks {
  /** Once the first URL's decision is made (the early state port is released there when no market took it). */
  ready?: () => void;
  /** Every page of the site once its DOM is there, market page or not (the position badges). */
  onPage?: (settings: PageSettings) => void;
}

/**
 * What a market page's content script does, whichever surface draws the panel: decides from
 * the settings whether this URL is a market page (and which market), follows single-page
 * navigation and the settings, and hands keyboard commands from the background on.
 */
export async function runOnPage(
  ctx: ContentScriptContext,
  surface: PanelSurface,
  { ready, onPage }: PageHooks = {},
): Promise<void> {
  endWhenPageLeaves(ctx);
  surface.prepare?.();
  let settings = await readPageSettings();
  surface.early?.(panelSlugFor(settings, location.href), settings);
  await domReady();
  onPage?.(settings);

  const follow = (url = location.href) => {
    const next = slugTransition(surface.slug, panelSlugFor(settings, url));
    if (next.kind === 'mount') surface.show(next.slug, settings);
    else if (next.kind === 'switch') surface.switchTo(next.slug);
    else if (next.kind === 'unmount') surface.hide();
  };

  follow();
  ready?.();
  // Fired while `pushState` runs, before `location` changes: the new URL is on the event.
  ctx.addEventListener(window, 'wxt:locationchange', (event) =>
    follow(event.newUrl instanceof URL ? event.newUrl.href : undefined),
  );
  // Back/forward between pushState entries (the location watcher also sees these).
  ctx.addEventListener(window, 'popstate', () => follow());

  const unwatch = watchPageSettings((next) => {
    settings = next;
    surface.settingsChanged(next);
    follow();
  });
  ctx.onInvalidated(unwatch);

  // Keyboard commands come only from our background (a page cannot message this world).
  const onCommand = (message: unknown, sender: CommandSender) => {
    const command = commandFrom(message, sender, browser.runtime.id);
    if (command) surface.command(command);
  };
  browser.runtime.onMessage.addListener(onCommand);
  ctx.onInvalidated(() => browser.runtime.onMessage.removeListener(onCommand));
}
