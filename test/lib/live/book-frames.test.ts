import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FrameOrder, readBookFrame } from '../../../lib/live/book-frames';

const frame = (json: string) => `42/markets,["orderbookUpdate",${json}]`;

describe('readBookFrame', () => {
  it("hands on the event's first argument as Socket.IO would, and ignores further ones", () => {
    expect(readBookFrame(frame('{"marketSlug":"m"}'))).toEqual({
      ok: true,
      payload: { marketSlug: 'm' },
    });
    expect(readBookFrame(frame('"garbage",1'))).toEqual({ ok: true, payload: 'garbage' });
  });

  it('refuses a frame whose JSON is cut or broken, without throwing', () => {
    expect(readBookFrame('42/markets,["orderbookUpdate",{"marketSlug":"m"')).toEqual({
      ok: false,
      reason: 'not JSON',
    });
    expect(readBookFrame(frame('{marketSlug:m}'))).toEqual({ ok: false, reason: 'not JSON' });
  });
});

describe('FrameOrder', () => {
  let delivered: string[];
  let order: FrameOrder;
  beforeEach(() => {
    vi.useFakeTimers();
    delivered = [];
    order = new FrameOrder((f) => delivered.push(f));
  });
  afterEach(() => vi.useRealTimers());

  it('delivers a book frame at once when no earlier frame is inside Socket.IO', () => {
    order.book('b1');
    order.book('b2');
    expect(delivered).toEqual(['b1', 'b2']);
  });

  it('holds a book frame behind an earlier frame until that packet is out, and only that one', () => {
    order.decoding(); // e1
    order.book('b1');
    order.decoding(); // e2
    order.book('b2');
    expect(delivered).toEqual([]);
    order.decoded(); // e1 handed on
    expect(delivered).toEqual(['b1']);
    order.decoded(); // e2 handed on
    expect(delivered).toEqual(['b1', 'b2']);
    // Nothing waits any more: the next one goes straight out.
    order.book('b3');
    expect(delivered).toEqual(['b1', 'b2', 'b3']);
  });

  it('packets decoded with nothing behind them (the polling transport) change nothing', () => {
    order.decoded();
    order.decoding();
    order.decoded();
    order.decoded();
    order.book('b1');
    expect(delivered).toEqual(['b1']);
  });

  it('a packet that never comes out holds the books behind it up for one timer turn only', () => {
    order.decoding();
    order.book('b1');
    order.book('b2');
    expect(delivered).toEqual([]);
    vi.runAllTimers();
    expect(delivered).toEqual(['b1', 'b2']);
    order.book('b3');
    expect(delivered).toEqual(['b1', 'b2', 'b3']);
  });

  it('drop forgets what waits (a closed socket delivers nothing more)', () => {
    order.decoding();
    order.book('b1');
    order.drop();
    vi.runAllTimers();
    order.decoded();
    expect(delivered).toEqual([]);
  });
});
