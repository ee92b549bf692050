import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AUTO_LOCK_ALARM, AutoLock, idleStateLocks } from '../../../lib/vault/auto-lock';
import { fakeAlarms } from '../background/fake-platform';

const T0 = Date.UTC(2026, 10, 22, 8, 0, 0);

function setup(minutes = 30) {
  const clock = { now: T0 };
  const state = { minutes };
  const lock = new AutoLock(
    fakeAlarms(),
    () => state.minutes,
    () => clock.now,
  );
  return { lock, clock, state };
}

const alarm = () => fakeBrowser.alarms.get(AUTO_LOCK_ALARM);

describe('AutoLock', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('names its alarm vault-auto-lock', () => {
    expect(AUTO_LOCK_ALARM).toBe('vault-auto-lock');
  });

  it('schedules the alarm at now + the idle minutes on touch', async () => {
    const { lock } = setup(30);
    await lock.touch();
    expect((await alarm())?.scheduledTime).toBe(T0 + 30 * 60_000);
  });

  it('skips moving the alarm by less than 30 s', async () => {
    const { lock, clock } = setup(30);
    await lock.touch();
    clock.now += 29_000;
    await lock.touch();
    expect((await alarm())?.scheduledTime).toBe(T0 + 30 * 60_000);
  });

  it('moves the alarm once the move is 30 s or more', async () => {
    const { lock, clock } = setup(30);
    await lock.touch();
    clock.now += 45_000;
    await lock.touch();
    expect((await alarm())?.scheduledTime).toBe(T0 + 45_000 + 30 * 60_000);
  });

  it('follows a changed idle setting', async () => {
    const { lock, state } = setup(30);
    await lock.touch();
    state.minutes = 5;
    await lock.touch();
    expect((await alarm())?.scheduledTime).toBe(T0 + 5 * 60_000);
  });

  it('clears the alarm on stop, and a later touch schedules it again', async () => {
    const { lock } = setup(10);
    await lock.touch();
    await lock.stop();
    expect(await alarm()).toBeUndefined();
    await lock.touch();
    expect((await alarm())?.scheduledTime).toBe(T0 + 10 * 60_000);
  });

  it('a new worker takes the deadline from the surviving alarm: a touch soon after keeps it', async () => {
    const { lock, clock, state } = setup(1);
    await lock.touch();
    // The worker restarts 20 s later and the user clicks at once.
    clock.now += 20_000;
    const restarted = new AutoLock(
      fakeAlarms(),
      () => state.minutes,
      () => clock.now,
    );
    await restarted.restore();
    await restarted.touch();
    expect((await alarm())?.scheduledTime).toBe(T0 + 60_000);
  });

  it('a new worker with no alarm left arms one on the first touch', async () => {
    const { lock, clock } = setup(10);
    await lock.touch();
    await fakeBrowser.alarms.clear(AUTO_LOCK_ALARM);
    await lock.restore();
    clock.now += 1_000;
    await lock.touch();
    expect((await alarm())?.scheduledTime).toBe(T0 + 1_000 + 10 * 60_000);
  });

  it('a changed idle length counts from now; an unrelated settings change moves nothing', async () => {
    const { lock, clock, state } = setup(30);
    await lock.touch();
    clock.now += 10 * 60_000;
    await lock.lengthChanged();
    expect((await alarm())?.scheduledTime).toBe(T0 + 30 * 60_000);
    state.minutes = 1;
    await lock.lengthChanged();
    expect((await alarm())?.scheduledTime).toBe(T0 + 10 * 60_000 + 60_000);
  });

  it('locks on the idle state "locked" only', () => {
    expect(idleStateLocks('locked')).toBe(true);
    expect(idleStateLocks('idle')).toBe(false);
    expect(idleStateLocks('active')).toBe(false);
  });
});
