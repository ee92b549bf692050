import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ExchangeHealth,
  HEARTBEAT_EVERY_MS,
  HEARTBEAT_TIMEOUT_MS,
  OUTAGE_DETECTION_MS,
} from '../../../../lib/background/trading/exchange-health';
import { ExchangeError } from '../../../../lib/core/client/errors';
import type { ExchangeStatus } from '../../../../lib/protocol/views';

/** What the exchange does with a beat: answer, refuse at once, or say nothing until aborted. */
type Server = 'answers' | 'refuses' | 'hangs' | 'says-no';

function setup() {
  const world = { server: 'answers' as Server, beats: 0 };
  const changes: ExchangeStatus[] = [];
  const probe = (signal: AbortSignal) => {
    world.beats++;
    switch (world.server) {
      case 'answers':
        return Promise.resolve({ mode: 'normal' });
      case 'says-no':
        return Promise.reject(new ExchangeError({ kind: 'server', status: 503, message: 'busy' }));
      case 'refuses':
        return Promise.reject(
          new ExchangeError({ kind: 'network', timedOut: false, message: 'fetch failed' }),
        );
      case 'hangs':
        return new Promise((_, reject) =>
          signal.addEventListener('abort', () => reject(new ExchangeError({ kind: 'aborted' }))),
        );
    }
  };
  const health = new ExchangeHealth({
    probe,
    now: () => Date.now(),
    onChange: (s) => changes.push(s),
  });
  return { world, changes, health };
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse('2026-11-27T10:00:00.000Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ExchangeHealth', () => {
  it('the budget the brief asks: a silent exchange is "down" within 2 s', () => {
    expect(OUTAGE_DETECTION_MS).toBeLessThanOrEqual(2_000);
  });

  it('a server that hangs just after answering is down within OUTAGE_DETECTION_MS', async () => {
    const { world, changes, health } = setup();
    health.setNeeded(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(world.beats).toBe(1);
    const answeredAt = Date.now();
    world.server = 'hangs';
    await vi.advanceTimersByTimeAsync(OUTAGE_DETECTION_MS - 1);
    expect(changes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(changes).toEqual([
      {
        status: 'down',
        since: answeredAt + HEARTBEAT_EVERY_MS,
        detectedAt: answeredAt + OUTAGE_DETECTION_MS,
        lastAnsweredAt: answeredAt,
        reason: `no answer within ${HEARTBEAT_TIMEOUT_MS / 1000} s`,
      },
    ]);
    expect(health.status.status).toBe('down');
  });

  it('a dropped socket sends a beat at once; a refused one is "down" from the drop', async () => {
    const { world, changes, health } = setup();
    health.setNeeded(true);
    await vi.advanceTimersByTimeAsync(100);
    world.server = 'refuses';
    const droppedAt = Date.now();
    health.suspect();
    await vi.advanceTimersByTimeAsync(0);
    expect(changes).toMatchObject([{ status: 'down', since: droppedAt, detectedAt: droppedAt }]);
  });

  it('an answer that says no is still an answer', async () => {
    const { world, changes, health } = setup();
    world.server = 'says-no';
    health.setNeeded(true);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_EVERY_MS * 5);
    expect(world.beats).toBeGreaterThan(1);
    expect(changes).toEqual([]);
  });

  it('comes back by itself with the first answer, and tells once', async () => {
    const { world, changes, health } = setup();
    world.server = 'refuses';
    health.setNeeded(true);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_EVERY_MS * 4);
    expect(changes.map((c) => c.status)).toEqual(['down']);
    world.server = 'answers';
    await vi.advanceTimersByTimeAsync(HEARTBEAT_EVERY_MS);
    expect(changes.map((c) => c.status)).toEqual(['down', 'up']);
    expect(health.status).toEqual({ status: 'up' });
  });

  it('beats only while needed: with no UI and nothing in flight the worker may sleep', async () => {
    const { world, health } = setup();
    health.setNeeded(true);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_EVERY_MS * 3);
    const beats = world.beats;
    expect(beats).toBeGreaterThanOrEqual(3);
    health.setNeeded(false);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_EVERY_MS * 10);
    expect(world.beats).toBe(beats);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sends one beat at a time, however often it is asked', async () => {
    const { world, health } = setup();
    world.server = 'hangs';
    health.setNeeded(true);
    health.suspect();
    health.beatNow();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_TIMEOUT_MS - 1);
    expect(world.beats).toBe(1);
  });
});
