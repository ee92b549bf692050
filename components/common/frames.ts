/** Next animation frame; a hidden page gets no frames, so it falls back to a timer there. */
export function nextFrame(run: () => void): void {
  const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
  if (typeof requestAnimationFrame === 'function' && !hidden) requestAnimationFrame(() => run());
  else setTimeout(run, 16);
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
