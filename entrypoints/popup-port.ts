import { openEarlyPort } from '../components/common/early-port';
import { openStatePort, stateHello } from '../components/common/state-port';
import { PORTS } from '../lib/protocol/names';

/**
 * The popup's first script, in `public/popup.html`'s <head>: opens the state port while the
 * popup's main script (`popup-page.js`) is still loading, so the background's first state
 * is on its way, or already here, when the popup first renders.
 */
export default defineUnlistedScript(() => {
  openEarlyPort(PORTS.state, openStatePort, stateHello(0));
});
