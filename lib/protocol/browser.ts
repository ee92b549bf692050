import { browser } from 'wxt/browser';
import { createMessenger } from './client';
import type { MESSAGES } from './messages';

/** Typed messages to the background, for the popup and the options page. */
export const send = createMessenger<typeof MESSAGES>((envelope) =>
  browser.runtime.sendMessage(envelope),
);
