import type { ReadonlySignal } from '@preact/signals';
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { AppSnapshot, PanelState } from '../../lib/protocol/views';
import type { PortStore } from '../common/port-store';
import type { PanelDeps } from '../panel/deps';
import { Popup } from '../popup/Popup';
import type { PopupServices } from '../popup/services';
import { MarketSection } from './MarketSection';
import { followedMarket, positionMarkets } from './market-choice';

/**
 * The side panel: the active tab's market to trade (the page panel's controls) above the
 * popup's screens (positions, orders, feed, alerts), in the browser's own pane.
 */
export function SidePanel({
  store,
  services,
  tabUrl,
  marketDeps,
  connectMarket,
}: {
  store: PortStore<AppSnapshot>;
  services: PopupServices;
  /**
   * The URL of the tab the side panel follows (`followActiveTab`): null where that tab shows
   * no page the extension may read, undefined until the browser has said.
   */
  tabUrl: ReadonlySignal<string | null | undefined>;
  marketDeps: PanelDeps;
  connectMarket: (slug: string) => PortStore<PanelState>;
}) {
  const snapshot = store.value.value;
  const url = tabUrl.value;
  const [picked, setPicked] = useState<string | null>(null);
  // A pick holds until the tab changes: then the side panel follows again.
  useEffect(() => setPicked(null), [url]);
  const settings = snapshot?.settings;
  // A busy book sends a new state every frame, each with new objects: the tab's market is
  // read again (its URL parsed against the site's patterns) only when the URL or the
  // settings `followedMarket` may read change; `sites` is those, as its type picks them.
  const sites = settings
    ? JSON.stringify([settings.exchange, settings.extraSiteOrigins, settings.panel])
    : null;
  const onTab = useMemo(
    () => (settings && url !== undefined ? followedMarket(settings, url) : undefined),
    [sites, url],
  );
  // Nothing said of the tab before the browser has told which it is: "No market on this tab"
  // would be a guess, and a section the positions wait behind in the first paint. Undefined:
  // no market section; null: the section says this tab shows no market.
  const followed = snapshot?.vault.status === 'unlocked' ? onTab : undefined;
  const marketShown = followed !== undefined;
  const slug = picked ?? followed ?? null;
  const positions = snapshot?.portfolio.positions ?? null;
  // The held markets to pick from are listed only while no market is shown.
  const listed = marketShown && slug === null;
  const choices = useMemo(() => (listed ? positionMarkets(positions) : []), [positions, listed]);
  return (
    <div class="side-panel">
      {marketShown ? (
        <MarketSection
          slug={slug}
          picked={picked !== null && picked !== followed}
          choices={choices}
          onPick={setPicked}
          deps={marketDeps}
          connect={connectMarket}
        />
      ) : null}
      <Popup store={store} services={services} />
    </div>
  );
}
