import themeCss from '../assets/theme.css?inline';
import { addPageStyles } from '../components/common/page-styles';
import { PANEL_FRAME_START_MARK, startPanelFrame } from '../components/panel/framed/panel-frame';
import frameCss from '../components/panel/framed/panel-frame.css?inline';
import panelCss from '../components/panel/panel.css?inline';

/**
 * The page panel's frame (Chromium), loaded by `public/panel-frame.html` as one classic
 * script with its styles inside: it runs as soon as the frame's body is parsed, with no
 * module graph or stylesheet to fetch first (those cost about a third of the frame's time
 * before it could paint).
 */
export default defineUnlistedScript({
  exclude: ['firefox'],
  main() {
    // Read by the benchmark: until here the time is the browser's (framing an extension page).
    performance.mark(PANEL_FRAME_START_MARK);
    addPageStyles(themeCss + panelCss + frameCss);
    const container = document.getElementById('panel');
    if (container) startPanelFrame(container);
  },
});
