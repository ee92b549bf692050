import { runFramedPanel } from '../../components/panel/framed/frame-host';
import { watchPageSettings } from '../../components/panel/model/page-settings-reader';
import { startBadges } from '../../components/position-badges/badges';

/**
 * The exchange site's pages, Chromium: on a market page, a loader that frames the panel (an
 * extension page) in a closed shadow root, follows single-page navigation and passes keyboard
 * commands on; on every page, the position badges. The sandbox's site is in the manifest;
 * other sites the user grants are registered at runtime (lib/background/site-scripts.ts).
 */
export default defineContentScript({
  matches: ['http://127.0.0.1/*', 'http://localhost/*'],
  // Firefox draws the panel in the page (market-in-page.content): without
  // IntersectionObserver v2 a frame there could not tell what the page paints over it.
  exclude: ['firefox'],
  // From the start of the page's load: the settings are read while the page still parses.
  runAt: 'document_start',
  // No global variable for the script's IIFE in the content script's world (WXT 0.20 names
  // one unless told; 0.21 made this the default).
  globalName: false,
  cssInjectionMode: 'manual',
  // WXT's legacy `postMessage` would tell every page script our extension id.
  noScriptStartedPostMessage: true,
  // Every page of the site gets the position badges; they follow their switch themselves.
  main: (ctx) =>
    runFramedPanel(ctx, (settings) =>
      ctx.onInvalidated(startBadges({ settings, watchSettings: watchPageSettings })),
    ),
});
