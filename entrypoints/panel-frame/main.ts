import '@/assets/theme.css';
import '@/components/panel/panel.css';
import '@/components/panel/framed/panel-frame.css';
import { startPanelFrame } from '@/components/panel/framed/panel-frame';

const container = document.getElementById('panel');
if (container) startPanelFrame(container);
