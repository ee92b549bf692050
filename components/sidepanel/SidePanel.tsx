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
  /** The URL of the tab the side panel follows (`followActiveTab`). */
  tabUrl: ReadonlySignal<string | null>;
  marketDeps: PanelDeps;
  connectMarket: (slug: string) => PortStore<PanelState>;
}) {
  const snapshot = store.value.value;
  const url = tabUrl.value;
  const [picked, setPicked] = useState<string | null>(null);
  // A pick holds until the tab changes: then the side panel follows again.
  useEffect(() => setPicked(null), [url]);
  const positions = snapshot?.portfolio.positions ?? null;
  const choices = useMemo(() => positionMarkets(positions), [positions]);
  const followed = snapshot ? followedMarket(snapshot.settings, url) : null;
  const slug = picked ?? followed;
  return (
    <div class="side-panel">
      {snapshot?.vault.status === 'unlocked' ? (
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
