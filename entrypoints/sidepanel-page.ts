import '../lib/core/api/no-eval';
import controlsCss from '../assets/controls.css?inline';
import themeCss from '../assets/theme.css?inline';
import panelCss from '../components/panel/panel.css?inline';
import popupCss from '../components/popup/popup.css?inline';
import { mountSidePanel } from '../components/sidepanel/mount';
import sidePanelCss from '../components/sidepanel/sidepanel.css?inline';

/**
 * Chromium's side panel and Firefox's sidebar, loaded by `public/sidepanel.html` as the
 * popup is: one classic script with its styles inside, after the popup's own `popup-port.js`
 * in the head opened the state port. As WXT's module page it fetched its module, a
 * preloaded chunk and two stylesheets before its first line ran.
 */
export default defineUnlistedScript({
  main() {
    const style = document.createElement('style');
    style.textContent = themeCss + controlsCss + popupCss + panelCss + sidePanelCss;
    document.head.append(style);
    const root = document.getElementById('app');
    if (root) mountSidePanel(root);
  },
});
