import { browser } from 'wxt/browser';
import { createMessenger } from './client';
import type { PANEL_MESSAGES } from './panel-protocol';

/**
 * Typed messages to the background for the page panel: only the panel's messages are
 * named here, and the background refuses any other from a content script.
 */
export const sendFromPanel = createMessenger<typeof PANEL_MESSAGES>((envelope) =>
  browser.runtime.sendMessage(envelope),
);
