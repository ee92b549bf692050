// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  afterNextPaint,
  IDLE_TIMEOUT_MS,
  nextFrame,
  sameFrame,
  whenIdle,
} from '../../../components/common/next-frame';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('frames', () => {
  it('runs at the next animation frame on a visible page', () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation((cb) => {
      frames.push(cb);
      return frames.length;
    });
    const ran = vi.fn();
    nextFrame(ran);
    expect(ran).not.toHaveBeenCalled();
    frames.shift()?.(0);
    expect(ran).toHaveBeenCalledOnce();
  });

  it('runs every update asked for before a frame in that one frame callback, in order', () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation((cb) => {
      frames.push(cb);
      return frames.length;
    });
    const order: string[] = [];
    sameFrame(() => order.push('state'));
    sameFrame(() => order.push('market'));
    expect(frames).toHaveLength(1);
    frames.shift()?.(0);
    expect(order).toEqual(['state', 'market']);
    sameFrame(() => order.push('next'));
    expect(frames).toHaveLength(1);
    frames.shift()?.(0);
    expect(order).toEqual(['state', 'market', 'next']);
  });

  it('drops the updates of a frame no timer could be set for, and schedules the next ones', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const timers: Array<() => void> = [];
    const setTimer = vi.spyOn(globalThis, 'setTimeout').mockImplementationOnce(() => {
      // Firefox on a window that has lost its document (page-timer.ts).
      throw new Error('NS_ERROR_NOT_INITIALIZED');
    });
    const order: string[] = [];
    sameFrame(() => order.push('gone'));
    setTimer.mockImplementation(((run: () => void) => {
      timers.push(run);
      return 1;
    }) as unknown as typeof setTimeout);
    sameFrame(() => order.push('later'));
    expect(timers).toHaveLength(1);
    timers.shift()?.();
    expect(order).toEqual(['later']);
  });

  it('keeps the other updates of a frame when one of them throws, and reports the throw', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation((cb) => {
      frames.push(cb);
      return frames.length;
    });
    const reported = new Promise<unknown>((resolve) => {
      vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((run) => {
        try {
          run();
        } catch (error) {
          resolve(error);
        }
      });
    });
    const ran = vi.fn();
    sameFrame(() => {
      throw new Error('a broken view');
    });
    sameFrame(ran);
    frames.shift()?.(0);
    expect(ran).toHaveBeenCalledOnce();
    expect(await reported).toEqual(new Error('a broken view'));
    sameFrame(ran);
    expect(frames).toHaveLength(1);
    frames.shift()?.(0);
  });

  it('throws nothing on a page being closed: hidden, and no timers left (Firefox)', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(() => {
      throw new Error('NS_ERROR_NOT_INITIALIZED');
    });
    const ran = vi.fn();
    expect(() => nextFrame(ran)).not.toThrow();
    expect(ran).not.toHaveBeenCalled();
  });

  it('falls back to a timer on a hidden page, which gets no frames', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const raf = vi.spyOn(globalThis, 'requestAnimationFrame');
    await new Promise<void>((resolve) => nextFrame(resolve));
    expect(raf).not.toHaveBeenCalled();
  });

  it('runs after the paint: in a task after the animation frame, not inside it', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation((cb) => {
      frames.push(cb);
      return frames.length;
    });
    const order: string[] = [];
    const done = new Promise<void>((resolve) =>
      afterNextPaint(() => {
        order.push('after paint');
        resolve();
      }),
    );
    expect(frames).toHaveLength(1);
    frames.shift()?.(0);
    order.push('frame callback returned');
    await done;
    expect(order).toEqual(['frame callback returned', 'after paint']);
  });

  it('runs idle work when the page is idle, waiting no longer than its timeout', () => {
    const idle: { run: IdleRequestCallback; timeout: number | undefined }[] = [];
    vi.stubGlobal(
      'requestIdleCallback',
      (run: IdleRequestCallback, options?: IdleRequestOptions) => {
        idle.push({ run, timeout: options?.timeout });
        return idle.length;
      },
    );
    try {
      const ran = vi.fn();
      whenIdle(ran);
      expect(ran).not.toHaveBeenCalled();
      expect(idle.map((i) => i.timeout)).toEqual([IDLE_TIMEOUT_MS]);
      idle[0]?.run({ didTimeout: false, timeRemaining: () => 10 });
      expect(ran).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('runs idle work in a later task where the browser has no idle callbacks', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    try {
      const ran = vi.fn();
      whenIdle(ran);
      expect(ran).not.toHaveBeenCalled();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(ran).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
