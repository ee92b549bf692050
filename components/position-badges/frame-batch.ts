/** Runs a callback in the next animation frame, however many times it was asked for before. */
export interface FrameBatch {
  schedule(): void;
  cancel(): void;
}

type Frame = (run: () => void) => number;
type CancelFrame = (handle: number) => void;

/**
 * Mutations, scrolls and resizes arrive by the dozen per frame on a busy page (a live
 * price list); the badges are laid out once for all of them, just before the paint.
 */
export function frameBatch(
  run: () => void,
  frame: Frame = (cb) => requestAnimationFrame(cb),
  cancelFrame: CancelFrame = (handle) => cancelAnimationFrame(handle),
): FrameBatch {
  let pending: number | null = null;
  return {
    schedule() {
      if (pending !== null) return;
      pending = frame(() => {
        pending = null;
        run();
      });
    },
    cancel() {
      if (pending !== null) cancelFrame(pending);
      pending = null;
    },
  };
}
