import type { Handlers } from '../protocol/router';
import type { BackgroundApp } from './app';
import { panelHandlers } from './handlers/panel';
import { popupHandlers } from './handlers/popup';
import { priceAlertHandlers } from './handlers/price-alerts';
import { setupHandlers } from './handlers/setup';
import { vaultHandlers } from './handlers/vault';
import { withdrawHandlers } from './handlers/withdraw';

/** Every message's handler, by area; the type makes a missing one a compile error. */
export const createHandlers = (app: BackgroundApp): Handlers => ({
  ...panelHandlers(app),
  ...vaultHandlers(app),
  ...setupHandlers(app),
  ...popupHandlers(app),
  ...priceAlertHandlers(app),
  ...withdrawHandlers(app),
});
