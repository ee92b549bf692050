import { timerUnlessGone } from './page-timer';

/**
 * Next animation frame; a hidden page gets no frames, so it falls back to a timer there (a
 * page being closed is hidden too, and may have no timers left: page-timer.ts). False when
 * nothing could be scheduled: `run` will not run.
 */
export function nextFrame(run: () => void): boolean {
  const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
  if (typeof requestAnimationFrame === 'function' && !hidden) {
    requestAnimationFrame(() => run());
    return true;
  }
  return timerUnlessGone(run, 16) !== null;
}

/** The next animation frame as a promise; at once when nothing could be scheduled. */
export function frameTurn(): Promise<void> {
  return new Promise((resolve) => {
    if (!nextFrame(resolve)) resolve();
  });
}

const dueThisFrame: Array<() => void> = [];

/**
 * At the next frame, together with every other `sameFrame` run asked for before it: one
 * animation frame callback for them all. A page fed by two ports (the side panel: the
 * account's state and its market's) would otherwise update in two callbacks of one frame,
 * each followed by its own render, since the render queue drains between callbacks.
 */
export function sameFrame(run: () => void): void {
  dueThisFrame.push(run);
  if (dueThisFrame.length > 1) return;
  const scheduled = nextFrame(() => {
    for (const due of dueThisFrame.splice(0)) {
      try {
        due();
      } catch (error) {
        // One failing run must not cost the others their update: reported, not thrown here.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  });
  // A page being torn down refused the timer: its updates have nowhere to go. Left queued,
  // they would hold every later run back from scheduling a frame of its own.
  if (!scheduled) dueThisFrame.length = 0;
}

/**
 * The task after the next animation frame. An animation frame's callback runs before the
 * browser lays that frame out and paints it; by the task after it, the frame is painted.
 */
export function afterNextPaint(run: () => void): void {
  nextFrame(() => {
    const after = new MessageChannel();
    after.port1.onmessage = () => {
      after.port1.close();
      run();
    };
    after.port2.postMessage(null);
  });
}

/** The longest `whenIdle` waits for an idle moment. */
export const IDLE_TIMEOUT_MS = 200;

/**
 * When the page has nothing more urgent to do (input, the next frame, the port's next
 * state), or after `timeoutMs` at most. For work a first paint should not be followed by:
 * right after it, the page should be free for the trader's first click.
 */
export function whenIdle(run: () => void, timeoutMs = IDLE_TIMEOUT_MS): void {
  if (typeof requestIdleCallback === 'function')
    requestIdleCallback(() => run(), { timeout: timeoutMs });
  else setTimeout(run, 0);
}
