import { PANEL_SENDER } from '../../../lib/protocol/panel-sender';
import { barPrices } from '../model/bar-prices';
import type { PanelController } from '../model/controller';
import { linkOf, linkWords as wordsOf } from '../model/link';
import { BarPrices } from './BarPrices';
import type { Drag } from './useDrag';

/**
 * The panel's title bar: the handle to drag it (pointer) and to move it to the next corner
 * (keyboard), the connection light, and the collapse toggle; folded, the whole panel, with
 * the best prices after the title.
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
  const link = linkOf(state, controller.connected.value);
  const linkWords = wordsOf(state, link);
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
      {collapsed ? <BarPrices prices={barPrices(state, link)} /> : null}
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
