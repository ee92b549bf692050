import type { ComponentChildren } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import { openOrderCount } from '../../lib/core/api/clob-entries';
import type { AppSnapshot } from '../../lib/protocol/views';
import { ExchangeClockContext } from '../common/exchange-clock';
import type { PortStore } from '../common/port-store';
import { TabPanel, Tabs } from '../common/Tabs';
import { useThemeAttribute } from '../common/useThemeAttribute';
import { FirstRunScreen } from './FirstRunScreen';
import { FeedScreen } from './feed/FeedScreen';
import { Header } from './Header';
import { ImageOrigins, imageOriginsOf } from './images';
import { LockedScreen } from './LockedScreen';
import { OrdersScreen } from './orders/OrdersScreen';
import { PositionsScreen } from './positions/PositionsScreen';
import { PriceAlertsScreen } from './price-alerts/PriceAlertsScreen';
import { type PopupServices, PopupServicesContext } from './services';

type Screen = 'positions' | 'orders' | 'feed' | 'alerts';

function Unlocked({
  snapshot,
  portConnected,
  feedLimit,
}: {
  snapshot: AppSnapshot;
  portConnected: boolean;
  feedLimit?: number;
}) {
  const [screen, setScreen] = useState<Screen>('positions');
  // The feed is fetched the first time it is opened, then kept (with its scroll and pages).
  const [feedOpened, setFeedOpened] = useState(false);
  const select = (next: Screen) => {
    if (next === 'feed') setFeedOpened(true);
    setScreen(next);
  };
  const positions = snapshot.portfolio.positions;
  const openOrders = positions ? openOrderCount(positions) : 0;
  const sitePattern = snapshot.settings.exchange.siteMarketPattern;
  const apiUrl = snapshot.settings.exchange.apiUrl;
  const imageOrigins = useMemo(() => imageOriginsOf([apiUrl, sitePattern]), [apiUrl, sitePattern]);
  const armed = snapshot.priceAlerts.filter((a) => a.firedAt === null).length;
  return (
    <ImageOrigins.Provider value={imageOrigins}>
      <Header snapshot={snapshot} portConnected={portConnected} />
      <nav class="screens">
        <Tabs
          items={[
            { id: 'positions', label: 'Positions' },
            { id: 'orders', label: openOrders > 0 ? `Orders (${openOrders})` : 'Orders' },
            { id: 'feed', label: 'Feed' },
            { id: 'alerts', label: armed > 0 ? `Alerts (${armed})` : 'Alerts' },
          ]}
          selected={screen}
          onSelect={select}
          label="Screens"
          idPrefix="screen"
        />
      </nav>
      <main class="screen">
        <TabPanel idPrefix="screen" id="positions" hidden={screen !== 'positions'}>
          {screen === 'positions' ? (
            <PositionsScreen portfolio={snapshot.portfolio} sitePattern={sitePattern} />
          ) : null}
        </TabPanel>
        <TabPanel idPrefix="screen" id="orders" hidden={screen !== 'orders'}>
          {screen === 'orders' ? (
            <OrdersScreen
              portfolio={snapshot.portfolio}
              intents={snapshot.intents}
              sitePattern={sitePattern}
            />
          ) : null}
        </TabPanel>
        <TabPanel idPrefix="screen" id="alerts" hidden={screen !== 'alerts'}>
          {screen === 'alerts' ? (
            <PriceAlertsScreen alerts={snapshot.priceAlerts} sitePattern={sitePattern} />
          ) : null}
        </TabPanel>
        <TabPanel idPrefix="screen" id="feed" hidden={screen !== 'feed'}>
          {feedOpened ? (
            <FeedScreen sitePattern={sitePattern} limit={feedLimit} imageOrigins={imageOrigins} />
          ) : null}
        </TabPanel>
      </main>
    </ImageOrigins.Provider>
  );
}

/**
 * The toolbar popup. It paints the background's snapshot as soon as the port delivers
 * it (the background keeps the last positions), then follows its pushes, at most one
 * render per animation frame (the store coalesces).
 */
export function Popup({
  store,
  services,
  feedLimit,
}: {
  store: PortStore<AppSnapshot>;
  services: PopupServices;
  feedLimit?: number;
}) {
  const snapshot = store.value.value;
  const portConnected = store.connected.value;
  useThemeAttribute(snapshot?.settings.theme ?? 'system');
  let body: ComponentChildren;
  if (snapshot === null) {
    body = (
      <p class="starting muted" role="status">
        Opening…
      </p>
    );
  } else if (snapshot.vault.status === 'empty') {
    body = <FirstRunScreen />;
  } else if (snapshot.vault.status === 'locked') {
    body = (
      <>
        <Header snapshot={snapshot} portConnected={portConnected} />
        <LockedScreen vault={snapshot.vault} />
      </>
    );
  } else {
    body = <Unlocked snapshot={snapshot} portConnected={portConnected} feedLimit={feedLimit} />;
  }
  return (
    <PopupServicesContext.Provider value={services}>
      <ExchangeClockContext.Provider value={snapshot?.clockOffsetMs ?? 0}>
        {body}
      </ExchangeClockContext.Provider>
    </PopupServicesContext.Provider>
  );
}
