import { browser } from 'wxt/browser';
import { createMessenger } from './client';

/** Typed messages to the background, for the popup, the options page and the page panel. */
export const send = createMessenger((envelope) => browser.runtime.sendMessage(envelope));
