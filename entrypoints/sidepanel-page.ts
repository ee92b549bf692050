import '../lib/core/api/no-eval';
import controlsCss from '../assets/controls.css?inline';
import themeCss from '../assets/theme.css?inline';
import { addPageStyles } from '../components/common/page-styles';
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
    // The page panel's styles come with the market's trade controls (MarketSection.tsx):
    // the first frame draws the positions only, and matches none of those rules.
    addPageStyles(themeCss + controlsCss + popupCss + sidePanelCss);
    const root = document.getElementById('app');
    if (root) mountSidePanel(root);
  },
});
