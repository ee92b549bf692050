import '../../lib/core/api/no-eval';
import '../../assets/theme.css';
import '../../assets/controls.css';
import '../../components/popup/popup.css';
import '../../components/panel/panel.css';
import '../../components/sidepanel/sidepanel.css';
import { mountSidePanel } from '../../components/sidepanel/mount';

// Chromium's side panel and Firefox's sidebar: the same page (WXT's `sidepanel` entry).
const root = document.getElementById('app');
if (root) mountSidePanel(root);
