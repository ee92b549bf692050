import { effect, type Signal, signal } from '@preact/signals';
import { render } from 'preact';
import { type PanelCommand, TOGGLE_PANEL } from '../../lib/protocol/keyboard-commands';
import type { PanelState } from '../../lib/protocol/views';
import { afterNextPaint } from '../common/next-frame';
import type { PortStore } from '../common/port-store';
import { type AimWatch, watchAim } from './aim-watch';
import { type PanelDeps, PanelDepsContext } from './deps';
import { createFrame, type FramedLayout } from './frame-geometry';
import { watchKeyAim } from './key-aim';
import type { HostLook } from './model/aim';
import { PanelController } from './model/controller';
import { type PanelPlacement, samePlacement } from './model/placement';
import type { PanelVisibility, PressEvent } from './model/trust';
import { Panel } from './ui/Panel';
import { toggleFold } from './user-place';

/** Performance mark set once the first state of a market is painted. */
export const PANEL_READY_MARK = 'market-companion:panel-ready';

export interface PanelMountOptions {
  container: HTMLElement;
  slug: string;
  placement: PanelPlacement;
  collapsed: boolean;
  deps: PanelDeps;
  /** The background's live state of one market (`connectPanelState`). */
  connect: (slug: string) => PortStore<PanelState>;
  /** Whether the user can really see the panel (watched by the panel itself unless given). */
  visibility?: Signal<PanelVisibility>;
  /** The panel's host in the page (the shadow root's host), for the press checks. */
  host?: () => Element | null;
  /** The press checks against a moving panel (aim-watch.ts) unless given. */
  aim?: AimWatch;
  /** Set when the panel runs in its own frame, placed by the content script. */
  framed?: FramedLayout;
}

export interface MountedPanel {
  readonly slug: string;
  /** The page moved to another market: same panel, new market. */
  setSlug(slug: string): void;
  /** A keyboard command forwarded by the background. */
  command(command: PanelCommand): void;
  /**
   * The panel is placed (framed: by its loader; in the page: where room was found) and
   * folded or not (`save`: where the user dropped it, kept for next time).
   */
  place(placement: PanelPlacement, collapsed: boolean, save: boolean): void;
  /** The loader saw a framed panel's host move, or be drawn otherwise (host-watch.ts). */
  hostSeen(moved: boolean, look: HostLook): void;
  unmount(): void;
}

/**
 * Renders the panel into `container` (inside the shadow root) for one market, and swaps
 * markets without moving or re-creating the panel.
 */
export function mountPanel(options: PanelMountOptions): MountedPanel {
  const visibility = options.visibility ?? signal<PanelVisibility>('unknown');
  const frame = createFrame(options.placement, options.collapsed, options.framed);
  const aim =
    options.aim ??
    watchAim({
      container: options.container,
      host: options.host ?? (() => null),
      visibility,
      now: options.deps.now,
      framed: options.framed !== undefined,
    });
  // In its frame the whole document is the panel's; in the page only the container is.
  const keys = watchKeyAim(
    options.container,
    options.framed ? options.container.ownerDocument : options.container,
    options.container.ownerDocument.defaultView,
  );
  const check = (event: PressEvent) => keys.check(event) ?? aim.check(event);
  // Every change of the browser's verdict restarts the settle time.
  const stopVisibility = effect(() => {
    visibility.value;
    aim.visibilityChanged();
  });
  let store = options.connect(options.slug);
  const controllerFor = (slug: string) =>
    new PanelController(options.deps, slug, store, visibility, check);
  const session = signal(controllerFor(options.slug));

  render(
    <PanelDepsContext.Provider value={options.deps}>
      <Panel session={session} frame={frame} visibility={visibility} />
    </PanelDepsContext.Provider>,
    options.container,
  );

  // When the first market state is on screen (the page can see the host anyway); read by
  // the end-to-end tests and the benchmark, never asserted as a duration; set once the frame
  // holding the panel is painted.
  let marked = false;
  const stopMark = effect(() => {
    if (marked || !session.value.state.value) return;
    marked = true;
    afterNextPaint(() => performance.mark(PANEL_READY_MARK));
  });

  return {
    get slug() {
      return session.value.slug;
    },
    setSlug(slug) {
      if (slug === session.value.slug) return;
      store.close();
      session.value.dispose();
      store = options.connect(slug);
      aim.marketShown();
      session.value = controllerFor(slug);
    },
    command(command) {
      // Folding is the collapse button's own path: saved, and a move for the aim rule.
      if (command === TOGGLE_PANEL) toggleFold(frame, session.value);
      else session.value.command(command);
    },
    place(placement, collapsed, save) {
      const changed =
        collapsed !== frame.collapsed.value || !samePlacement(placement, frame.placement.value);
      // A panel that moves or folds by itself is a moved panel for the aim rule: its controls
      // take presses again only once the new place has settled.
      if (changed) aim.moved();
      frame.placement.value = placement;
      frame.collapsed.value = collapsed;
      if (save) session.value.savePlacement(placement, collapsed);
    },
    hostSeen: (moved, look) => aim.hostSeen(moved, look),
    unmount() {
      stopMark();
      stopVisibility();
      aim.stop();
      keys.stop();
      render(null, options.container);
      store.close();
      session.value.dispose();
    },
  };
}
