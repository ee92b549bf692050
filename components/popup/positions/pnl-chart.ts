import type { PnlChart } from '../../../lib/core/api/portfolio';
import { pnlTone, type Tone } from '../../../lib/core/format/money';

export interface ChartBox {
  width: number;
  height: number;
  /** Inner margin so the stroke is not clipped at the edges. */
  pad: number;
}

export interface ChartGeometry {
  /** SVG path of the line (`M x y L x y …`). */
  line: string;
  /** y of the zero line (the range drawn always includes zero). */
  zeroY: number;
  minRaw: bigint;
  maxRaw: bigint;
  currentRaw: bigint;
  /** Colour of the line: the sign of the current P&L. */
  tone: Tone;
  from: number;
  to: number;
}

const round = (n: number): number => Math.round(n * 10) / 10;

/**
 * Geometry of the small P&L chart: points in time order, scaled into the box. Amounts
 * stay bigint until the last step; only the on-screen coordinates are floats. Null
 * when there is nothing to draw.
 */
export function pnlChartGeometry(chart: PnlChart, box: ChartBox): ChartGeometry | null {
  const points = [...chart.data]
    .map((p) => ({ t: p.timestamp, v: BigInt(p.value) }))
    .sort((a, b) => a.t - b.t);
  if (points.length === 0) return null;
  const first = points[0];
  if (first && points.length === 1) points.push({ t: first.t + 1, v: first.v });
  let min = 0n;
  let max = 0n;
  for (const p of points) {
    if (p.v < min) min = p.v;
    if (p.v > max) max = p.v;
  }
  const from = points[0]?.t ?? 0;
  const to = points[points.length - 1]?.t ?? from;
  const spanT = Math.max(1, to - from);
  const spanV = max - min;
  const innerW = box.width - 2 * box.pad;
  const innerH = box.height - 2 * box.pad;
  const y = (v: bigint): number =>
    spanV === 0n
      ? box.pad + innerH / 2
      : box.pad + innerH - (Number(((v - min) * 1_000_000n) / spanV) / 1_000_000) * innerH;
  const x = (t: number): number => box.pad + ((t - from) / spanT) * innerW;
  const line = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${round(x(p.t))} ${round(y(p.v))}`)
    .join(' ');
  const current = BigInt(chart.current);
  return {
    line,
    zeroY: round(y(0n)),
    minRaw: min,
    maxRaw: max,
    currentRaw: current,
    tone: pnlTone(current),
    from,
    to,
  };
}
