import { browser } from 'wxt/browser';
import { createMessenger } from './client';
import { MESSAGES } from './messages';

/** Typed messages to the background, for the popup and the options page. */
export const send = createMessenger((envelope) => browser.runtime.sendMessage(envelope), MESSAGES);
