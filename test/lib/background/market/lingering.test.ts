import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LingeringMarkets } from '../../../../lib/background/market/lingering';

const LINGER = 30_000;

describe('a market stays live a while after its last panel closed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const expired = vi.fn();
    const lingering = new LingeringMarkets(LINGER, () => Date.now(), expired);
    return { lingering, expired };
  };

  it('keeps what is watched, and what was watched until its time runs out', () => {
    const { lingering, expired } = setup();
    expect(lingering.keep(new Set(['btc']))).toEqual(new Set(['btc']));
    // The page reloads: for a moment no panel shows BTC.
    expect(lingering.keep(new Set())).toEqual(new Set(['btc']));
    vi.advanceTimersByTime(LINGER - 1);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(lingering.keep(new Set())).toEqual(new Set());
  });

  it('a market watched again stops lingering: its time restarts only when it is left again', () => {
    const { lingering, expired } = setup();
    lingering.keep(new Set(['btc']));
    lingering.keep(new Set());
    vi.advanceTimersByTime(LINGER / 2);
    expect(lingering.keep(new Set(['btc']))).toEqual(new Set(['btc']));
    vi.advanceTimersByTime(LINGER);
    expect(expired).not.toHaveBeenCalled();
    expect(lingering.keep(new Set(['btc']))).toEqual(new Set(['btc']));
  });

  it('going from one market to another keeps both for a while, then only the new one', () => {
    const { lingering, expired } = setup();
    lingering.keep(new Set(['btc']));
    expect(lingering.keep(new Set(['eth']))).toEqual(new Set(['btc', 'eth']));
    vi.advanceTimersByTime(LINGER);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(lingering.keep(new Set(['eth']))).toEqual(new Set(['eth']));
  });

  it('stop() cancels the pending expiry', () => {
    const { lingering, expired } = setup();
    lingering.keep(new Set(['btc']));
    lingering.keep(new Set());
    lingering.stop();
    vi.advanceTimersByTime(LINGER * 2);
    expect(expired).not.toHaveBeenCalled();
  });
});
