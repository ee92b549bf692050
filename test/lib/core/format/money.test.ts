import { describe, expect, it } from 'vitest';
import { formatContracts, formatPnl, formatUsd, pnlTone } from '../../../../lib/core/format/money';

describe('formatUsd', () => {
  it.each([
    [0n, '$0.00'],
    [1_234_567_890n, '$1,234.57'],
    [5_000_000n, '$5.00'],
    ['4999', '$0.00'],
    ['5000', '$0.01'],
    [-3_105_000n, '−$3.11'],
    [-4_000n, '$0.00'],
    [123_456_789_012_345_678n, '$123,456,789,012.35'],
  ] as const)('%s → %s', (raw, text) => {
    expect(formatUsd(raw)).toBe(text);
  });

  it('shows more or fewer decimals on request', () => {
    expect(formatUsd(1_234_567n, 4)).toBe('$1.2346');
    expect(formatUsd(1_500_000n, 0)).toBe('$2');
    expect(formatUsd(1_234_567n, 6)).toBe('$1.234567');
  });
});

describe('formatPnl and pnlTone', () => {
  it('signs gains and losses; a gain that rounds to zero is flat', () => {
    expect(formatPnl(12_500_000n)).toBe('+$12.50');
    expect(formatPnl('-3100000')).toBe('−$3.10');
    expect(formatPnl(0n)).toBe('$0.00');
    expect(formatPnl(4_000n)).toBe('$0.00');
  });

  it('tones by sign', () => {
    expect(pnlTone(1n)).toBe('gain');
    expect(pnlTone('-1')).toBe('loss');
    expect(pnlTone(0n)).toBe('flat');
  });
});

describe('formatContracts', () => {
  it('rounds down, never showing more than is held', () => {
    expect(formatContracts(17_549_999n)).toBe('17.54');
    expect(formatContracts(10_000_000n)).toBe('10');
    expect(formatContracts(1_234_500_000n)).toBe('1,234.5');
    expect(formatContracts(9_999n)).toBe('0');
    expect(formatContracts('-2500000')).toBe('−2.5');
    expect(formatContracts(1_999_999n, 0)).toBe('1');
  });
});
