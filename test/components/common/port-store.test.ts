import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPortStore } from '../../../components/common/port-store';
import { KEEPALIVE, KEEPALIVE_MS } from '../../../lib/protocol/keepalive';
import { FakePort } from './fake-port';

interface Message {
  n: number;
}
const isMessage = (raw: unknown): raw is Message =>
  typeof raw === 'object' && raw !== null && typeof (raw as { n?: unknown }).n === 'number';

function store(options: { failConnects?: number; adopt?: FakePort } = {}) {
  const ports: FakePort[] = [];
  const flushes: (() => void)[] = [];
  let failures = options.failConnects ?? 0;
  const s = createPortStore<number[], Message>({
    connect: () => {
      if (failures-- > 0) throw new Error('no background');
      const port = new FakePort();
      ports.push(port);
      return port;
    },
    accept: isMessage,
    reduce: (current, message) => [...(current ?? []), message.n],
    hello: { marketSlug: 'm' },
    adopt: options.adopt,
    schedule: (flush) => flushes.push(flush),
    reconnectMs: 100,
  });
  const flush = () => {
    for (const f of flushes.splice(0)) f();
  };
  return { s, ports, flush };
}

describe('createPortStore', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('connects, says hello, and folds valid messages into its value', () => {
    const { s, ports, flush } = store();
    expect(ports).toHaveLength(1);
    expect(ports[0]?.posted).toEqual([{ marketSlug: 'm' }]);
    expect(s.connected.value).toBe(true);
    ports[0]?.deliver({ n: 1 });
    flush();
    expect(s.value.value).toEqual([1]);
  });

  it('shows the first state at once, then merges a burst into one update per frame', () => {
    const { s, ports, flush } = store();
    const seen: (number[] | null)[] = [];
    s.value.subscribe((v) => seen.push(v));
    ports[0]?.deliver({ n: 1 });
    expect(s.value.value).toEqual([1]);
    for (const n of [2, 3, 4]) ports[0]?.deliver({ n });
    expect(s.value.value).toEqual([1]);
    flush();
    expect(s.value.value).toEqual([1, 2, 3, 4]);
    expect(seen).toEqual([null, [1], [1, 2, 3, 4]]);
  });

  it("applies two stores' updates of one frame in one frame callback (one render, not two)", () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    try {
      const ports: FakePort[] = [];
      const open = () =>
        createPortStore<number[], Message>({
          connect: () => {
            const port = new FakePort();
            ports.push(port);
            return port;
          },
          accept: isMessage,
          reduce: (current, message) => [...(current ?? []), message.n],
          keepAliveMs: 0,
        });
      const [state, market] = [open(), open()];
      for (const port of ports) port.deliver({ n: 1 });
      for (const port of ports) port.deliver({ n: 2 });
      expect(frames).toHaveLength(1);
      const seen: string[] = [];
      state.value.subscribe((v) => seen.push(`state ${v}`));
      market.value.subscribe((v) => seen.push(`market ${v}`));
      frames.shift()?.(0);
      expect(seen).toEqual(['state 1', 'market 1', 'state 1,2', 'market 1,2']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('counts and ignores messages of another shape', () => {
    const { s, ports, flush } = store();
    ports[0]?.deliver({ n: 'one' });
    ports[0]?.deliver(null);
    ports[0]?.deliver({ n: 2 });
    flush();
    expect(s.rejected.value).toBe(2);
    expect(s.value.value).toEqual([2]);
  });

  it('reconnects after the worker stops, says hello again, and keeps its value', () => {
    const { s, ports, flush } = store();
    ports[0]?.deliver({ n: 1 });
    flush();
    ports[0]?.drop();
    expect(s.connected.value).toBe(false);
    vi.advanceTimersByTime(100);
    expect(ports).toHaveLength(2);
    expect(ports[1]?.posted).toEqual([{ marketSlug: 'm' }]);
    expect(s.connected.value).toBe(true);
    ports[1]?.deliver({ n: 2 });
    flush();
    expect(s.value.value).toEqual([1, 2]);
  });

  it('takes a port the page opened and greeted already as its first connection, and connects anew after it', () => {
    const early = new FakePort();
    const { s, ports, flush } = store({ adopt: early });
    expect(ports).toHaveLength(0);
    expect(early.posted).toEqual([]);
    early.deliver({ n: 1 });
    flush();
    expect(s.value.value).toEqual([1]);
    early.drop();
    vi.advanceTimersByTime(100);
    expect(ports).toHaveLength(1);
    expect(ports[0]?.posted).toEqual([{ marketSlug: 'm' }]);
  });

  it('keeps trying when the background cannot be reached yet', () => {
    const { s, ports } = store({ failConnects: 2 });
    expect(ports).toHaveLength(0);
    expect(s.connected.value).toBe(false);
    vi.advanceTimersByTime(200);
    expect(ports).toHaveLength(1);
    expect(s.connected.value).toBe(true);
  });

  it('stops for good on close', () => {
    const { s, ports } = store();
    s.close();
    expect(ports[0]?.disconnected).toBe(true);
    ports[0]?.drop();
    vi.advanceTimersByTime(1_000);
    expect(ports).toHaveLength(1);
  });

  it('throws nothing when its port drops while Firefox tears the page down (no timers left)', () => {
    const { s, ports } = store();
    // Firefox's setTimeout on a window that lost its document.
    const gone = vi.spyOn(globalThis, 'setTimeout').mockImplementation(() => {
      throw new Error('NS_ERROR_NOT_INITIALIZED');
    });
    try {
      expect(() => ports[0]?.drop()).not.toThrow();
    } finally {
      gone.mockRestore();
    }
    expect(s.connected.value).toBe(false);
  });

  it('posts a keepalive every 20 s while connected, on the port of the moment, and none after close', () => {
    const { s, ports } = store();
    vi.advanceTimersByTime(KEEPALIVE_MS - 1);
    expect(ports[0]?.posted).toEqual([{ marketSlug: 'm' }]);
    vi.advanceTimersByTime(1);
    expect(ports[0]?.posted).toEqual([{ marketSlug: 'm' }, KEEPALIVE]);
    ports[0]?.drop();
    vi.advanceTimersByTime(100);
    vi.advanceTimersByTime(KEEPALIVE_MS);
    expect(ports[1]?.posted).toEqual([{ marketSlug: 'm' }, KEEPALIVE]);
    s.close();
    vi.advanceTimersByTime(KEEPALIVE_MS * 3);
    expect(ports[1]?.posted).toHaveLength(2);
  });
});
