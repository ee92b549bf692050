import type { ContentScriptContext } from 'wxt/utils/content-script-context';

/**
 * Ends the content script's run (everything tied to `ctx.onInvalidated`: the panel, its
 * ports, the badges, every observer) when its page goes away for good: closed, or left for
 * another document. Left alone, the background can still deliver a port's message or
 * disconnect while Firefox tears the window down, and what the panel does with it then
 * (ask for a frame, a timer, a box) throws from a window with no document. A page put in
 * the back-forward cache (`persisted`) may come back, and keeps its run.
 */
export function endWhenPageLeaves(
  ctx: Pick<ContentScriptContext, 'signal' | 'notifyInvalidated'>,
  win: Window = window,
): void {
  win.addEventListener(
    'pagehide',
    (event) => {
      if (!event.persisted) ctx.notifyInvalidated();
    },
    { signal: ctx.signal },
  );
}
