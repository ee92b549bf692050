import { runInPagePanel } from '../../components/panel/in-page';
import { watchPageSettings } from '../../components/panel/model/page-settings-reader';
import { startBadges } from '../../components/position-badges/badges';

/**
 * The page panel on the exchange site's market pages, Firefox: drawn in the page itself, in
 * a closed shadow root lifted to the top layer (components/panel/in-page.tsx says why). Other
 * sites the user grants are registered at runtime (lib/background/site-scripts.ts).
 */
export default defineContentScript({
  matches: ['http://127.0.0.1/*', 'http://localhost/*'],
  include: ['firefox'],
  // From the start of the page's load: the market's state is asked for while the page still
  // parses, and painted as soon as the panel can mount (DOMContentLoaded).
  runAt: 'document_start',
  // No global variable for the script's IIFE in the content script's world (WXT 0.20 names
  // one unless told; 0.21 made this the default).
  globalName: false,
  cssInjectionMode: 'manual',
  // WXT's legacy `postMessage` would tell every page script our extension id.
  noScriptStartedPostMessage: true,
  // Every page of the site gets the position badges; they follow their switch themselves.
  main: (ctx) =>
    runInPagePanel(ctx, (settings) =>
      ctx.onInvalidated(startBadges({ settings, watchSettings: watchPageSettings })),
    ),
});
