import type { Frame, Page } from 'playwright-core';

export interface UiCounters {
  renders: number;
  frames: number;
}

/**
 * Renders (DOM mutation batches under `root`) and frames in a page or frame, counted from
 * now on: the popup's body, or the whole document of Chromium's panel frame.
 */
export async function countUi(
  target: Page | Frame,
  root: 'body' | 'documentElement',
): Promise<void> {
  await target.evaluate((rootName) => {
    const c = { renders: 0, frames: 0 };
    (window as unknown as { __ui: typeof c }).__ui = c;
    new MutationObserver(() => {
      c.renders++;
    }).observe(rootName === 'body' ? document.body : document.documentElement, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    const tick = () => {
      c.frames++;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    return true;
  }, root);
}

export const readUi = (target: Page | Frame) =>
  target.evaluate(() => ({ ...(window as unknown as { __ui: UiCounters }).__ui }));
