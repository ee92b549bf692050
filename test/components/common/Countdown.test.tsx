// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown } from '../../../components/common/Countdown';
import { ExchangeClockContext } from '../../../components/common/exchange-clock';

/** This machine's clock; the exchange's reads two minutes later. */
const LOCAL_NOW = Date.parse('2026-11-22T08:00:00.000Z');
const EXCHANGE_AHEAD_MS = 120_000;
const exchangeIn = (ms: number) => new Date(LOCAL_NOW + EXCHANGE_AHEAD_MS + ms).toISOString();

function show(ui: preact.ComponentChildren, offsetMs = EXCHANGE_AHEAD_MS) {
  return render(
    <ExchangeClockContext.Provider value={offsetMs}>{ui}</ExchangeClockContext.Provider>,
  );
}
const shown = (container: Element) => container.querySelector('time')?.textContent;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(LOCAL_NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Countdown on the exchange’s clock', () => {
  it('shows the time the exchange has left, not what a slow local clock would say', () => {
    // Due 30 s from now by the exchange; a local count would say 2:30.
    const { container } = show(<Countdown until={exchangeIn(30_000)} clock="exchange" />);
    expect(shown(container)).toBe('0:30');
  });

  it('keeps counting on the exchange’s time as seconds pass', () => {
    const { container } = show(<Countdown until={exchangeIn(30_000)} clock="exchange" />);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(shown(container)).toBe('0:20');
  });

  it('with a local clock running ahead, still counts the exchange’s remaining time', () => {
    const until = new Date(LOCAL_NOW - 60_000 + 45_000).toISOString();
    const { container } = show(<Countdown until={until} clock="exchange" />, -60_000);
    expect(shown(container)).toBe('0:45');
  });

  it('is done when the exchange’s time has passed, though the local clock has not got there', () => {
    const onDone = vi.fn();
    // By the local clock this is 1:50 away; by the exchange's, it passed 10 s ago.
    const until = exchangeIn(-10_000);
    const { container } = show(<Countdown until={until} clock="exchange" onDone={onDone} />);
    expect(shown(container)).toBe('0:00');
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('counts a local deadline (a retry the extension scheduled) on the local clock', () => {
    const until = new Date(LOCAL_NOW + 15_000).toISOString();
    const { container } = show(<Countdown until={until} clock="local" />);
    expect(shown(container)).toBe('0:15');
  });
});
