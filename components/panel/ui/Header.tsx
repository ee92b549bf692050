import { PANEL_SENDER } from '../../../lib/protocol/panel-sender';
import type { PanelController } from '../model/controller';
import type { Drag } from './useDrag';

/**
 * The panel's title bar: the handle to drag it (pointer) and to move it to the next corner
 * (keyboard), the connection light, and the collapse toggle.
 */
export function Header({
  controller,
  collapsed,
  drag,
  onToggle,
  onNextCorner,
}: {
  controller: PanelController;
  collapsed: boolean;
  drag: Drag;
  onToggle: () => void;
  onNextCorner: () => void;
}) {
  const state = controller.state.value;
  const title = state?.market?.title ?? controller.slug;
  const down = state?.exchange.status === 'down';
  const link = down
    ? 'offline'
    : controller.connected.value
      ? (state?.connection ?? 'connecting')
      : 'offline';
  const linkWords = down
    ? 'The exchange is not answering'
    : link === 'live'
      ? 'Live prices'
      : link === 'connecting'
        ? 'Connecting to the exchange'
        : 'Offline: prices may be old';
  return (
    <header class="mc-head" {...drag.handlers}>
      <button
        type="button"
        class="mc-icon mc-grip"
        data-action="move"
        aria-label="Move the panel to the next corner (or drag it)"
        title="Drag to move; click to move to the next corner"
        onClick={(event) => {
          if (drag.consumeDragClick() || !event.isTrusted) return;
          onNextCorner();
        }}
      >
        ⠿
      </button>
      <span class="mc-title" title={title}>
        {title}
      </span>
      <span class={`mc-dot ${link}`} role="img" aria-label={linkWords} title={linkWords} />
      {/* Chromium only: its frame's click reaches the background's listener with the
          gesture `sidePanel.open` needs; Firefox's `sidebarAction.open` takes no gesture
          through a content script's message, so there the popup and the shortcut open it. */}
      {PANEL_SENDER === 'panel-frame' ? (
        <button
          type="button"
          class="mc-icon"
          data-action="open-side-panel"
          data-no-drag
          aria-label="Open the side panel"
          title="Open the side panel: trade from beside the page"
          onClick={(event) => controller.openSidePanel(event)}
        >
          ◧
        </button>
      ) : null}
      <button
        type="button"
        class="mc-icon"
        data-action="collapse"
        data-no-drag
        aria-expanded={collapsed ? 'false' : 'true'}
        aria-label={collapsed ? 'Expand the panel' : 'Collapse the panel'}
        onClick={(event) => {
          if (event.isTrusted) onToggle();
        }}
      >
        {collapsed ? '▸' : '▾'}
      </button>
    </header>
  );
}
