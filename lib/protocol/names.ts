/*
 * The protocol's names, apart from its schemas: what a UI needs to address the background
 * (the envelope's tag, the ports) costs a market page's tab no schema library.
 */

/** Every message travels in an envelope with this tag; anything else is not ours and is ignored. */
export const PROTOCOL = 'market-companion/1';

export const PORTS = {
  /** Extension pages: app state pushed on change. */
  state: 'state',
  /** The page panel: the state of one market. */
  panel: 'panel',
  /**
   * Content scripts on any page of the site: what is held per market, for the badges
   * beside links to markets. Refused to anything but a content script.
   */
  badges: 'badges',
} as const;

/**
 * Chromium's page panel is this extension page, framed by the content script in a closed
 * shadow root: the page cannot read the panel's positions or sizes, and the market page's
 * tab loads a loader of a few KB instead of the panel's code.
 */
export const PANEL_FRAME_PATH = '/panel-frame.html';
/** The port the framed panel opens to the content script that framed it (tabs.connect). */
export const PANEL_HOST_PORT = 'panel-host';

/** More markets than anyone holds: a bound on what one badges message can make a page draw. */
export const MAX_BADGE_ENTRIES = 500;
