/**
 * The page fit.test.ts lays out in Chromium: the popup's position lines and totals and the
 * panel's table, the real components with their real styles, at the longest amounts the
 * brief names ($999,999.99 and −$99,999.99) and the largest contract counts they imply.
 */
import { render } from 'preact';
import { MarketTable } from '../../../components/panel/ui/MarketTable';
import type { SideRow } from '../../../components/popup/positions/positions';
import { sideLine } from '../../../components/popup/positions/SideLine';
import { Totals } from '../../../components/popup/positions/Totals';
import { panelState } from '../../components/panel/model/fixtures';

const MAX = 999_999_990_000n;
const MIN = -99_999_990_000n;

const side = (outcome: 'YES' | 'NO', pnl: bigint, realised: bigint): SideRow => ({
  outcome,
  contractsRaw: 1_999_999_990_000n,
  avgPriceRaw: 555_555n,
  costRaw: MAX,
  marketValueRaw: MAX,
  unrealizedRaw: pnl,
  realisedRaw: realised,
  markedBy: 'marked',
});

const popup = document.getElementById('popup');
if (popup)
  render(
    <div id="app">
      <main class="screen">
        <div class="positions-screen">
          <Totals
            totals={{
              valueRaw: MAX,
              unrealizedRaw: MIN,
              realisedRaw: MIN,
              todaysRewardsRaw: MAX,
              points: 9_999_999,
              unpriced: 0,
            }}
          />
          {Array.from({ length: 6 }, (_, i) => (
            <article class="card market-card" key={i}>
              {sideLine(side('YES', MAX, MIN))}
              {sideLine(side('NO', MIN, MAX))}
            </article>
          ))}
        </div>
      </main>
    </div>,
    popup,
  );

const panel = document.getElementById('panel');
if (panel) {
  const position = (pnl: bigint) => ({
    contractsRaw: '1999999990000',
    avgPriceRaw: '555555',
    unrealizedPnlRaw: pnl.toString(),
    markedBy: 'marked',
  });
  const state = panelState({
    book: {
      marketSlug: 'sandbox-btc-100k',
      bestBid: 0.999,
      bestAsk: 0.999,
      bidSize: '1',
      askSize: '1',
      midpoint: 0.999,
      updatedAt: 1,
    },
    position: { yes: position(MAX), no: position(MIN) },
  });
  render(
    <div class="mc-panel" style="position: static">
      <div class="mc-body">
        <MarketTable state={state} />
      </div>
    </div>,
    panel,
  );
}
