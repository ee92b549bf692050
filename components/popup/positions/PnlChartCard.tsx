import { useEffect, useState } from 'preact/hooks';
import type { PnlChart, PnlTimeframe } from '../../../lib/core/api/portfolio';
import { type ClientErrorInfo, toErrorInfo } from '../../../lib/core/client/errors';
import { formatPnl } from '../../../lib/core/format/money';
import { ErrorLine } from '../../common/ErrorLine';
import { Pnl } from '../../common/Money';
import { whenIdle } from '../../common/next-frame';
import { useServices } from '../services';
import { pnlChartGeometry } from './pnl-chart';

const BOX = { width: 340, height: 64, pad: 3 };
const TIMEFRAMES: { id: PnlTimeframe; label: string; words: string }[] = [
  { id: '1d', label: '1D', words: 'the last day' },
  { id: '1w', label: '1W', words: 'the last week' },
  { id: '1m', label: '1M', words: 'the last month' },
  { id: 'all', label: 'All', words: 'all time' },
];

type Load =
  | { status: 'loading' }
  | { status: 'ready'; chart: PnlChart }
  | { status: 'error'; error: ClientErrorInfo };

/** A small SVG line of cumulative P&L from `portfolio.pnlChart`. */
export function PnlChartCard({ refreshKey = 0 }: { refreshKey?: number }) {
  const { send } = useServices();
  const [timeframe, setTimeframe] = useState<PnlTimeframe>('1w');
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    setLoad((l) => (l.status === 'ready' ? l : { status: 'loading' }));
    // Asked once the page is idle: opening a message costs ~1.5 ms, which right after the
    // popup's first paint would come before the trader's first click.
    whenIdle(() => {
      if (!current) return;
      send('portfolio.pnlChart', { timeframe }).then(
        (chart) => current && setLoad({ status: 'ready', chart }),
        (error: unknown) => current && setLoad({ status: 'error', error: toErrorInfo(error) }),
      );
    });
    return () => {
      current = false;
    };
  }, [timeframe, attempt, refreshKey]);

  const words = TIMEFRAMES.find((t) => t.id === timeframe)?.words ?? '';
  const geometry = load.status === 'ready' ? pnlChartGeometry(load.chart, BOX) : null;
  return (
    <section class="card chart-card" aria-label="Profit and loss chart">
      <div class="chart-head">
        <span class="caption">P&amp;L</span>
        {load.status === 'ready' ? <Pnl raw={load.chart.current} /> : null}
        <fieldset class="segmented">
          <legend class="sr-only">Period</legend>
          {TIMEFRAMES.map((t) => (
            <button
              key={t.id}
              type="button"
              class="small"
              aria-pressed={t.id === timeframe}
              onClick={() => setTimeframe(t.id)}
            >
              {t.label}
            </button>
          ))}
        </fieldset>
      </div>
      {load.status === 'error' ? (
        <ErrorLine error={load.error} onRetry={() => setAttempt((n) => n + 1)} />
      ) : load.status === 'loading' ? (
        <p class="muted chart-empty">Loading the chart…</p>
      ) : geometry === null ? (
        <p class="muted chart-empty">No P&amp;L history for {words} yet.</p>
      ) : (
        <svg
          class="pnl-chart"
          viewBox={`0 0 ${BOX.width} ${BOX.height}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={`P&L over ${words}: ${formatPnl(geometry.currentRaw)} now, lowest ${formatPnl(geometry.minRaw)}, highest ${formatPnl(geometry.maxRaw)}`}
        >
          <line class="zero" x1={0} x2={BOX.width} y1={geometry.zeroY} y2={geometry.zeroY} />
          <path class={`line line-${geometry.tone}`} d={geometry.line} />
        </svg>
      )}
    </section>
  );
}
