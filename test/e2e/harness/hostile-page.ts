/**
 * What a hostile page does to the panel, as functions run in the page's main world
 * (`page.evaluate(fn)`), shared by the Chromium and the Firefox suites.
 */

/** Hides the panel's host with a page style sheet and an inline style; returns what stuck. */
export const restyleHostAway = (): { display: string; opacity: string } => {
  const host = document.querySelector('[data-market-companion="panel"]') as HTMLElement;
  const sheet = document.createElement('style');
  sheet.textContent =
    '[data-market-companion] { display: none !important; opacity: 0 !important; }';
  document.head.append(sheet);
  host.style.setProperty('opacity', '0', 'important');
  const computed = getComputedStyle(host);
  return { display: computed.display, opacity: computed.opacity };
};

export interface PageTrap {
  /** The buy button's centre, and the decoy's, in the page. */
  buy: { x: number; y: number };
  decoy: { x: number; y: number };
  /**
   * Null: the first mousemove over the decoy brings the panel's buy button under it and
   * leaves it there. A number: the page takes it away again 150 ms later, and puts it back
   * on a mousemove at least this many ms after that (the flash-and-return).
   */
  returnAfterMs: number | null;
}

/**
 * A decoy ("Claim your prize") whose mousemove makes the page translate the element that
 * holds the panel's host so the buy button lands under the pointer. `window.trapPhase`
 * says where it is ('set', 'there', 'away', 'back'), `trapReady()` whether a mousemove now
 * would put it back, `untrap()` undoes it all.
 */
export const pageTrap = ({ buy, decoy, returnAfterMs }: PageTrap): void => {
  const w = window as unknown as { trapPhase: string; trapReady(): boolean; untrap(): void };
  const button = document.createElement('button');
  button.id = 'decoy';
  button.textContent = 'Claim your prize';
  button.style.cssText = `position:fixed;left:${decoy.x - 80}px;top:${decoy.y - 20}px;width:160px;height:40px;z-index:10`;
  document.body.append(button);
  const host = document.querySelector('[data-market-companion="panel"]') as HTMLElement;
  // Moving the host itself elsewhere in the page would reload the panel's frame.
  const holder = host.parentElement as HTMLElement;
  const shift = `translate(${decoy.x - buy.x}px,${decoy.y - buy.y}px)`;
  let awayAt = 0;
  w.trapPhase = 'set';
  w.trapReady = () => w.trapPhase === 'away' && performance.now() - awayAt >= (returnAfterMs ?? 0);
  button.addEventListener('mousemove', () => {
    if (w.trapPhase === 'set') {
      holder.style.transform = shift;
      w.trapPhase = 'there';
      if (returnAfterMs === null) return;
      setTimeout(() => {
        holder.style.transform = '';
        awayAt = performance.now();
        w.trapPhase = 'away';
      }, 150);
    } else if (w.trapReady()) {
      holder.style.transform = shift;
      w.trapPhase = 'back';
    }
  });
  w.untrap = () => {
    holder.style.transform = '';
    button.remove();
    w.trapPhase = 'off';
  };
};

/** How a page draws the panel unreadable through `<html>` ('plain': as it was). */
export type Drawing = 'mask' | 'clip' | 'filter' | 'opacity' | 'zoom' | 'plain';

/**
 * Draws the panel as `drawing` says and returns where the buy button (at `buy` in the page
 * before) is drawn now: under `zoom` the panel and its inside shrink toward the page's
 * corner.
 */
export const drawPanel = async ({
  drawing,
  buy,
}: {
  drawing: Drawing;
  buy: { x: number; y: number; width: number; height: number };
}): Promise<{ x: number; y: number }> => {
  const root = document.documentElement;
  const host = document.querySelector('[data-market-companion="panel"]') as HTMLElement;
  const before = host.getBoundingClientRect();
  const centre = { x: buy.x + buy.width / 2, y: buy.y + buy.height / 2 };
  for (const property of ['mask-image', 'clip-path', 'filter', 'opacity', 'zoom']) {
    root.style.removeProperty(property);
  }
  if (drawing === 'mask') {
    root.style.setProperty(
      'mask-image',
      'linear-gradient(rgba(0, 0, 0, 0.02), rgba(0, 0, 0, 0.02))',
    );
  } else if (drawing === 'clip') {
    // Only a few pixels in the button's middle stay drawn (and pressable).
    root.style.setProperty('clip-path', `circle(8px at ${centre.x}px ${centre.y}px)`);
  } else if (drawing === 'filter') {
    root.style.setProperty('filter', 'opacity(0.03)');
  } else if (drawing === 'opacity') {
    root.style.setProperty('opacity', '0.02');
  } else if (drawing === 'zoom') {
    root.style.setProperty('zoom', '0.1');
  }
  // The loader places the frame again for the page's new viewport (a zoom changes it): read
  // the host once its box has held for a few frames.
  const frame = () => new Promise<void>((done) => requestAnimationFrame(() => done()));
  let after = host.getBoundingClientRect();
  for (let still = 0; still < 3; ) {
    await frame();
    const now = host.getBoundingClientRect();
    still = now.x === after.x && now.y === after.y && now.width === after.width ? still + 1 : 0;
    after = now;
  }
  // Kept on the page so `drawnButton` can say where the button is drawn later on.
  const w = window as unknown as { mcDrawnButton?: () => { x: number; y: number } };
  w.mcDrawnButton = () => {
    const now = host.getBoundingClientRect();
    const scale = before.width > 0 ? now.width / before.width : 1;
    return {
      x: now.x + (centre.x - before.x) * scale,
      y: now.y + (centre.y - before.y) * scale,
    };
  };
  return w.mcDrawnButton();
};

/**
 * Where the buy button that the last `drawPanel` drew is drawn now: the loader may place the
 * frame again once the page's layout has settled (a zoom's new viewport, read again on a busy
 * machine), after `drawPanel` has answered.
 */
export const drawnButton = (): { x: number; y: number } | null =>
  (window as unknown as { mcDrawnButton?: () => { x: number; y: number } }).mcDrawnButton?.() ??
  null;
