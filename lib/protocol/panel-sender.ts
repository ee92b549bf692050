import type { SenderKind } from './panel-protocol';

/** The sender kinds that can draw the page panel. */
export type PanelSender = Extract<SenderKind, 'content' | 'panel-frame'>;

/**
 * Who speaks for the page panel in this build: the one rule behind every `panel` message.
 * Chromium frames the panel as an extension page (`panel-frame.html`), so the content
 * script (the loader, in the page's process) never needs to trade. Firefox draws the panel
 * in the page from the content script (no IntersectionObserver v2 for a frame there), so
 * there the content script is the panel, and a compromised page process can send what the
 * panel sends: the background's checks (market, caps, its own confirmation) bound it.
 */
// `import.meta.env` is Vite's: absent where `npm run bench` (tsx) loads this file in Node.
export const PANEL_SENDER: PanelSender = import.meta.env?.FIREFOX ? 'content' : 'panel-frame';
