import { browser } from 'wxt/browser';
import { PORTS } from '../../../lib/protocol/names';
import type { PanelPortRequest } from '../../../lib/protocol/panel-protocol';

/*
 * The panel port's opening, apart from its store: the panel frame's first script
 * (`panel-frame-port.js`) opens it before the frame's main script has loaded.
 */

export const openPanelPort = () => browser.runtime.connect({ name: PORTS.panel });

/**
 * Which market to show. Null asks for the market of this page as the background reads its
 * URL: what a content script can ask before it knows itself.
 */
export const panelHello = (marketSlug: string | null): PanelPortRequest =>
  marketSlug === null ? { thisPage: true } : { marketSlug };
