import { describe, expect, it } from 'vitest';
import { ServerClock } from '../../../../lib/core/client/clock';

const SERVER_EPOCH = Date.parse('2026-11-22T08:15:30.000Z');

/**
 * A server whose clock is `trueOffset` ms ahead of ours, answering instantly at local
 * time `local` with a `Date` header truncated to the second, as HTTP dates are.
 */
function dateHeaderAt(local: number, trueOffset: number): string {
  const server = local + trueOffset;
  return new Date(Math.floor(server / 1000) * 1000).toUTCString();
}

describe('ServerClock', () => {
  it('starts at the local time with no offset learned', () => {
    const clock = new ServerClock(() => 1_000);
    expect(clock.now()).toBe(1_000);
    expect(clock.offset).toBe(0);
    expect(clock.isLearned).toBe(false);
  });

  it('learns a 2-minute offset from one Date header, to within the header resolution', () => {
    const local = SERVER_EPOCH - 120_000 + 250;
    const clock = new ServerClock(() => local);
    clock.observe(dateHeaderAt(local, 120_000), local - 40, local);
    expect(clock.isLearned).toBe(true);
    expect(Math.abs(clock.now() - (local + 120_000))).toBeLessThanOrEqual(1_000);
    expect(clock.nowIso().slice(0, 19)).toBe('2026-11-22T08:15:30');
  });

  it('ignores a missing or unreadable Date header', () => {
    const clock = new ServerClock(() => 5_000);
    clock.observe(null, 0, 10);
    clock.observe('yesterday-ish', 0, 10);
    expect(clock.isLearned).toBe(false);
    expect(clock.offset).toBe(0);
  });

  it('does not jitter on 1 s header resolution: answers at every phase of the second agree', () => {
    const trueOffset = 120_000 + 321;
    let local = SERVER_EPOCH;
    const clock = new ServerClock(() => local);
    const seen: number[] = [];
    // Instant answers landing at different phases of the server's second.
    for (const phase of [900, 0, 950, 50, 500, 999, 1, 700, 300, 880, 20, 640]) {
      local = Math.floor((local + 5_000) / 1000) * 1000 - trueOffset + phase + 1000;
      clock.observe(dateHeaderAt(local, trueOffset), local, local);
      seen.push(clock.offset);
      expect(Math.abs(clock.offset - trueOffset)).toBeLessThan(1_000);
    }
    // Each observation may only narrow what is known: the estimate converges and, once
    // narrowed, stays put instead of hopping between the ends of the second.
    const last = seen.slice(-4);
    expect(new Set(last).size).toBe(1);
    expect(Math.abs((last[0] ?? 0) - trueOffset)).toBeLessThanOrEqual(100);
  });

  it('a header at the same instant after learning leaves the offset alone', () => {
    let local = SERVER_EPOCH + 400;
    const clock = new ServerClock(() => local);
    clock.observe(dateHeaderAt(local, 0), local - 100, local + 100);
    const learned = clock.offset;
    for (let i = 0; i < 20; i++) {
      local += 37;
      clock.observe(dateHeaderAt(local, 0), local - 100, local + 100);
    }
    expect(Math.abs(clock.offset - learned)).toBeLessThanOrEqual(500);
    expect(Math.abs(clock.offset)).toBeLessThan(1_000);
  });

  it('follows a real jump of the server clock', () => {
    let local = SERVER_EPOCH;
    const clock = new ServerClock(() => local);
    clock.observe(dateHeaderAt(local, 0), local, local);
    local += 10_000;
    clock.observe(dateHeaderAt(local, 60_000), local, local);
    expect(Math.abs(clock.offset - 60_000)).toBeLessThan(1_000);
  });

  it('setOffset pins the offset (restored state) and counts as learned', () => {
    const clock = new ServerClock(() => 1_000);
    clock.setOffset(-2_500);
    expect(clock.now()).toBe(-1_500);
    expect(clock.isLearned).toBe(true);
  });
});
