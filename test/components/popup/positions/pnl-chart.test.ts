import { describe, expect, it } from 'vitest';
import { pnlChartGeometry } from '../../../../components/popup/positions/pnl-chart';
import { PnlChart } from '../../../../lib/core/api/portfolio';

const box = { width: 100, height: 40, pad: 0 };
const chart = (data: [number, string][], current: string) =>
  PnlChart.parse({
    timeframe: '1w',
    data: data.map(([timestamp, value]) => ({ timestamp, value })),
    current,
  });

describe('pnlChartGeometry', () => {
  it('scales time to x and value to y, zero included in the range', () => {
    const g = pnlChartGeometry(
      chart(
        [
          [0, '0'],
          [50, '-1000000'],
          [100, '3000000'],
        ],
        '3000000',
      ),
      box,
    );
    expect(g?.line).toBe('M0 30 L50 40 L100 0');
    expect(g?.zeroY).toBe(30);
    expect(g?.minRaw).toBe(-1_000_000n);
    expect(g?.maxRaw).toBe(3_000_000n);
    expect(g?.tone).toBe('gain');
  });

  it('sorts points by time', () => {
    const g = pnlChartGeometry(
      chart(
        [
          [100, '0'],
          [0, '-2000000'],
        ],
        '-2000000',
      ),
      box,
    );
    expect(g?.line).toBe('M0 40 L100 0');
    expect(g?.tone).toBe('loss');
  });

  it('draws a single point as a flat line, and nothing without points', () => {
    expect(pnlChartGeometry(chart([[5, '0']], '0'), box)?.line).toBe('M0 20 L100 20');
    expect(pnlChartGeometry(chart([], '0'), box)).toBeNull();
  });
});
