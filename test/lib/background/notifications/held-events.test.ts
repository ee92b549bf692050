import { describe, expect, it } from 'vitest';
import { HeldEvents } from '../../../../lib/background/notifications/held-events';

describe('HeldEvents', () => {
  it('holds what arrives before anyone listens, and hands it to the first listener in order', () => {
    const events = new HeldEvents<string>();
    events.emit('vault-auto-lock');
    events.emit('other');
    const heard: string[] = [];
    events.listen((name) => heard.push(name));
    expect(heard).toEqual(['vault-auto-lock', 'other']);
    events.emit('later');
    expect(heard).toEqual(['vault-auto-lock', 'other', 'later']);
  });

  it('delivers at once to every listener once someone listens, and holds nothing more', () => {
    const events = new HeldEvents<number>();
    const a: number[] = [];
    const b: number[] = [];
    events.listen((n) => a.push(n));
    events.listen((n) => b.push(n));
    events.emit(1);
    expect(a).toEqual([1]);
    expect(b).toEqual([1]);
  });

  it('holds a bounded number of events', () => {
    const events = new HeldEvents<number>();
    for (let i = 0; i < 1_000; i++) events.emit(i);
    const heard: number[] = [];
    events.listen((n) => heard.push(n));
    expect(heard.length).toBeLessThan(100);
    expect(heard[0]).toBe(0);
  });
});
