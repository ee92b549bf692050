import { browser } from 'wxt/browser';
import { createMessenger } from './client';
import { PANEL_MESSAGES } from './panel-protocol';

/**
 * Typed messages to the background for the page panel: only the panel's messages, so the
 * content script never constructs (or can send) the rest of the protocol.
 */
export const sendFromPanel = createMessenger(
  (envelope) => browser.runtime.sendMessage(envelope),
  PANEL_MESSAGES,
);
