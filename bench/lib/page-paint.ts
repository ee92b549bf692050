/**
 * Paint of an extension page in real Chromium, shared by the popup's and the side panel's
 * suites: an init script (before the page's own scripts) marks first contentful paint and
 * the frames that paint its position cards; the floor is an extension page with nothing to
 * run, opened the same way.
 */
import type { Harness } from '../../test/e2e/fixtures';
import { eventually } from '../../test/e2e/fixtures';
import type { BenchRow } from './result';
import { summarize } from './stats';

export interface Viewport {
  width: number;
  height: number;
}

export interface Marks {
  fcp?: number;
  /** The cards in the DOM first fill the popup (or all of them are in). */
  screen?: number;
  /** The task after the animation frame that paints those: the figure judged. */
  screenFrame?: number;
  inDom?: number;
  frame?: number;
}

/**
 * Runs before the popup's own scripts: notes first contentful paint, when the position cards
 * first fill the popup's height (the last card in the DOM starts below its bottom edge, or
 * all of them are in) and when all of them are in the DOM, each with the frame that paints
 * it; resolves `__benchDone` once all are known. The harness awaits that promise instead of
 * polling: a poll is a script run on the popup's main thread every few milliseconds, which
 * would delay the very frame being measured.
 */
function observePaint(arg: { want: number; card: string }): void {
  const marks: Marks = {};
  let done: (value: Marks) => void = () => {};
  const w = window as unknown as { __benchPaint: Marks; __benchDone: Promise<Marks> };
  w.__benchPaint = marks;
  w.__benchDone = new Promise((resolve) => {
    done = resolve;
  });
  const settle = () => {
    if (marks.fcp !== undefined && marks.screenFrame !== undefined && marks.frame !== undefined)
      done({ ...marks });
  };
  // The frame that paints what is in the DOM starts at the next animation frame, and is
  // painted by the end of that task (style, layout, paint): the mark is the task after it.
  const afterPaint = (mark: (at: number) => void) =>
    requestAnimationFrame(() => {
      const after = new MessageChannel();
      after.port1.onmessage = () => {
        mark(performance.now());
        after.port1.close();
        settle();
      };
      after.port2.postMessage(null);
    });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.name === 'first-contentful-paint') marks.fcp = e.startTime;
    settle();
  }).observe({ type: 'paint', buffered: true });
  const observer = new MutationObserver(() => {
    const cards = document.querySelectorAll(arg.card);
    const all = cards.length >= arg.want;
    const last = cards[cards.length - 1];
    // Reads the layout only until the popup is full: the frame would lay it out anyway.
    if (
      marks.screen === undefined &&
      last &&
      (all || last.getBoundingClientRect().top >= window.innerHeight)
    ) {
      marks.screen = performance.now();
      afterPaint((at) => {
        marks.screenFrame = at;
      });
    }
    if (!all) return;
    marks.inDom = performance.now();
    observer.disconnect();
    afterPaint((at) => {
      marks.frame = at;
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * The platform's floor, opened the same way: a new tab on an extension resource with
 * nothing to run (the manifest, shown as text); its first contentful paint is what any
 * extension page costs before its own work starts.
 */
export async function openFloor(h: Harness, viewport: Viewport): Promise<number> {
  const page = await h.context.newPage();
  try {
    await page.setViewportSize(viewport);
    await page.goto(h.url('manifest.json'));
    return await eventually(
      () =>
        page.evaluate(
          () =>
            performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')
              ?.startTime ?? null,
        ),
      { timeoutMs: 15_000, intervalMs: 20, what: "the floor page's first paint" },
    );
  } finally {
    await page.close();
  }
}

/** `promise`, or a clear error after `ms`. */
async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Opens the extension page at `path` in a new tab of `viewport`'s size and resolves with
 * its marks once `want` cards (`card`) are in the DOM and painted.
 */
export async function openPaintOnce(
  h: Harness,
  path: string,
  viewport: Viewport,
  want: number,
  card: string,
): Promise<Marks> {
  const page = await h.context.newPage();
  try {
    await page.setViewportSize(viewport);
    await page.addInitScript(observePaint, { want, card });
    await page.goto(h.url(path));
    return await withTimeout(
      page.evaluate(() => (window as unknown as { __benchDone: Promise<Marks> }).__benchDone),
      15_000,
      `${want} positions on ${path}`,
    );
  } finally {
    await page.close();
  }
}

/**
 * A page's own share: the frame that paints its positions past the floor, by percentile
 * (the two series are interleaved, not paired).
 */
export function ownPartRow(method: string, frames: number[], floor: number[]): BenchRow {
  const a = summarize(frames);
  const b = summarize(floor);
  return {
    method,
    n: Math.min(a.n, b.n),
    values: { p50: a.p50 - b.p50, p95: a.p95 - b.p95, p99: a.p99 - b.p99, max: a.max - b.max },
    ratio: null,
  };
}
