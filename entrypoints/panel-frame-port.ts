import { openEarlyPort } from '../components/common/early-port';
import { openPanelPort, panelHello } from '../components/panel/model/panel-port';
import { PORTS } from '../lib/protocol/names';

/**
 * The panel frame's first script, in `public/panel-frame.html`'s <head>: asks for this page's
 * market while the frame's main script (`panel-frame.js`) is still loading.
 */
export default defineUnlistedScript({
  exclude: ['firefox'],
  main() {
    openEarlyPort(PORTS.panel, openPanelPort, panelHello(null));
  },
});
