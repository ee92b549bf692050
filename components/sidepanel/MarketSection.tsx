import { signal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import type { PanelState } from '../../lib/protocol/views';
import { addPageStyles } from '../common/page-styles';
import type { PortStore } from '../common/port-store';
import { type PanelDeps, PanelDepsContext } from '../panel/deps';
import { PanelController } from '../panel/model/controller';
import type { PanelVisibility } from '../panel/model/trust';
import panelCss from '../panel/panel.css?inline';
import { PanelBody } from '../panel/ui/PanelBody';
import type { MarketChoice } from './market-choice';

/**
 * The side panel is drawn by the browser beside the page, not in it: no page can cover,
 * move, restyle or read it, so the page panel's aim rule (settle time, legibility, the
 * loader's reports) has nothing to guard, and a trusted press counts as pressed. The
 * background still applies the caps, the confirmation threshold and its deadline.
 */
const ALWAYS_VISIBLE = signal<PanelVisibility>('visible');

/** One market's trade controls, the page panel's own, over the panel port for that market. */
function MarketTrade({
  slug,
  deps,
  connect,
}: {
  slug: string;
  deps: PanelDeps;
  connect: (slug: string) => PortStore<PanelState>;
}) {
  const session = useMemo(() => {
    const store = connect(slug);
    return { store, controller: new PanelController(deps, slug, store, ALWAYS_VISIBLE) };
  }, [slug]);
  useEffect(
    () => () => {
      session.store.close();
      session.controller.dispose();
    },
    [session],
  );
  // In the render, before these controls are in the document: no frame shows them unstyled.
  addPageStyles(panelCss);
  const { controller } = session;
  const state = controller.state.value;
  const link = controller.connected.value ? (state?.connection ?? 'connecting') : 'offline';
  return (
    <section
      class="mc-panel side"
      aria-label="Market Companion: quick trade"
      data-slug={slug}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && controller.armed.value) {
          event.stopPropagation();
          controller.disarm();
        }
      }}
    >
      <header class="mc-head">
        <span class="mc-title" title={state?.market?.title ?? slug}>
          {state?.market?.title ?? slug}
        </span>
        <span
          class={`mc-dot ${link}`}
          role="img"
          aria-label={link === 'live' ? 'Live prices' : 'Not live: prices may be old'}
        />
      </header>
      <PanelBody controller={controller} />
    </section>
  );
}

/**
 * The market part of the side panel: the followed tab's market (or the one picked from the
 * positions), or "No market on this tab" with the held markets to pick from.
 */
export function MarketSection({
  slug,
  picked,
  choices,
  onPick,
  deps,
  connect,
}: {
  slug: string | null;
  /** Whether `slug` was picked by the user rather than followed from the tab. */
  picked: boolean;
  choices: MarketChoice[];
  onPick: (slug: string | null) => void;
  deps: PanelDeps;
  connect: (slug: string) => PortStore<PanelState>;
}) {
  return (
    <div class="side-market">
      {slug === null ? (
        <div class="side-none" data-side-market="none">
          <p role="status">No market on this tab.</p>
          {choices.length > 0 ? (
            // A native list, not a button per market: a trader holding fifty markets gets one
            // line here, and the positions below stay where the popup shows them.
            <label class="side-choose">
              <span class="muted">Trade one of the markets you hold:</span>
              <select
                data-action="pick-market"
                value=""
                onChange={(event) => {
                  const chosen = event.currentTarget.value;
                  event.currentTarget.value = '';
                  if (event.isTrusted && chosen) onPick(chosen);
                }}
              >
                <option value="">Choose a market…</option>
                {choices.map((choice) => (
                  <option key={choice.slug} value={choice.slug}>
                    {choice.title}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <p class="muted">Open a market page, or hold a position to trade it from here.</p>
          )}
        </div>
      ) : (
        <PanelDepsContext.Provider value={deps}>
          {picked ? (
            <p class="side-picked">
              <button
                type="button"
                class="link"
                data-action="follow-tab"
                onClick={() => onPick(null)}
              >
                Back to this tab's market
              </button>
            </p>
          ) : null}
          <MarketTrade key={slug} slug={slug} deps={deps} connect={connect} />
        </PanelDepsContext.Provider>
      )}
    </div>
  );
}
