import { browser } from 'wxt/browser';
import { PORTS } from '../../lib/protocol/names';
import type { StatePortHello } from '../../lib/protocol/panel-protocol';

/*
 * The state port's opening, apart from its store: the popup's first script (`popup-port.js`)
 * opens it before the popup's main script has loaded, with nothing else of the popup's code.
 */

export const openStatePort = () => browser.runtime.connect({ name: PORTS.state });

/** 0 for the page's first connection (a popup just opened), 1 for the first reconnect, … */
export const stateHello = (connects: number): StatePortHello => ({ opened: connects === 0 });
