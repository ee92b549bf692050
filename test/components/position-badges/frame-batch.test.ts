import { describe, expect, it } from 'vitest';
import { frameBatch } from '../../../components/position-badges/frame-batch';

/** Animation frames stepped by hand. */
function frames() {
  let queued = new Map<number, () => void>();
  let next = 1;
  return {
    frame: (run: () => void) => {
      queued.set(next, run);
      return next++;
    },
    cancel: (handle: number) => queued.delete(handle),
    step() {
      const due = queued;
      queued = new Map();
      for (const run of due.values()) run();
    },
    get pending() {
      return queued.size;
    },
  };
}

describe('layout batched per frame', () => {
  it('any number of requests within a frame is one run, in that frame', () => {
    const f = frames();
    let runs = 0;
    const batch = frameBatch(() => runs++, f.frame, f.cancel);
    for (let i = 0; i < 50; i++) batch.schedule();
    expect(runs).toBe(0);
    expect(f.pending).toBe(1);
    f.step();
    expect(runs).toBe(1);
    f.step();
    expect(runs).toBe(1);
  });

  it('a request after the run is the next frame; a cancelled one never runs', () => {
    const f = frames();
    let runs = 0;
    const batch = frameBatch(() => runs++, f.frame, f.cancel);
    batch.schedule();
    f.step();
    batch.schedule();
    f.step();
    expect(runs).toBe(2);
    batch.schedule();
    batch.cancel();
    f.step();
    expect(runs).toBe(2);
    batch.schedule();
    f.step();
    expect(runs).toBe(3);
  });
});
