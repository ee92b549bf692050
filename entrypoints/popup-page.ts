import controlsCss from '../assets/controls.css?inline';
import themeCss from '../assets/theme.css?inline';
import { addPageStyles } from '../components/common/page-styles';
import { mountPopup } from '../components/popup/mount';
import popupCss from '../components/popup/popup.css?inline';

/**
 * The toolbar popup, loaded by `public/popup.html` as one classic script with its styles
 * inside: it runs as soon as the page's body is parsed, with no module graph or stylesheets
 * to fetch first (four requests, each a round trip through the browser process, before the
 * module could run).
 */
export default defineUnlistedScript({
  main() {
    addPageStyles(themeCss + controlsCss + popupCss);
    const root = document.getElementById('app');
    if (root) mountPopup(root, location.search);
  },
});
