import type { PanelState } from '../../../lib/protocol/panel-views';
import type { PortStore } from '../../common/port-store';
import { connectPanelState } from './store';

export interface EarlyPanelState {
  /** The store for `slug`: the early one when it is (or may be) that market's, else a new one. */
  connect(slug: string): PortStore<PanelState>;
  /** Not a market page after all: the early port is closed if nothing took it. */
  release(): void;
  /**
   * Calls `run` once with the early port's first state, unless a panel took the port or it
   * was released before that state came.
   */
  whenFirst(run: (state: PanelState) => void): void;
}

/**
 * The page's market state asked for at once, before the content script has read which URL
 * is a market page (the background knows it from the page's URL): the answer is on its way
 * while the settings load and the page parses, and the panel paints it when it mounts.
 */
export function earlyPanelState(connect = connectPanelState): EarlyPanelState {
  let early: PortStore<PanelState> | null = connect(null);
  return {
    connect(slug) {
      const ready = early;
      early = null;
      const shown = ready?.value.value?.marketSlug;
      // The background reads the URL with its own settings; where they disagree, ask by name.
      if (ready && (shown === undefined || shown === slug)) return ready;
      ready?.close();
      return connect(slug);
    },
    release() {
      early?.close();
      early = null;
    },
    whenFirst(run) {
      const store = early;
      if (!store) return;
      let called = false;
      const stop = store.value.subscribe((state) => {
        if (called || state === null || early !== store) return;
        called = true;
        // Not from inside its own first call, which may come before `stop` is assigned.
        queueMicrotask(() => stop());
        run(state);
      });
    },
  };
}
