import type { Handlers } from '../../protocol/router';
import type { BackgroundApp } from '../app';
import { panelHandlers } from './panel';
import { popupHandlers } from './popup';
import { priceAlertHandlers } from './price-alerts';
import { setupHandlers } from './setup';
import { vaultHandlers } from './vault';
import { withdrawHandlers } from './withdraw';

/** Every message's handler, by area; the type makes a missing one a compile error. */
export const createHandlers = (app: BackgroundApp): Handlers => ({
  ...panelHandlers(app),
  ...vaultHandlers(app),
  ...setupHandlers(app),
  ...popupHandlers(app),
  ...priceAlertHandlers(app),
  ...withdrawHandlers(app),
});
