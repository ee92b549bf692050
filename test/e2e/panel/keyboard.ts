import type { PanelDriver } from './driver';

/** What both browsers' automation gives a test to type with (Playwright, Puppeteer). */
export interface Keys {
  press(key: string): Promise<void>;
}

/**
 * The `data-key` of the panel's focused control, if any: in Chromium's frame the frame's
 * own document has the focus, in Firefox the panel's shadow root.
 */
export async function focusedKey<P>(panel: PanelDriver<P>): Promise<string | null> {
  return (
    (await panel.onRoot((root) => {
      const active =
        (root as unknown as { activeElement?: Element | null }).activeElement ??
        document.activeElement;
      return active?.getAttribute('data-key') ?? null;
    }, null)) ?? null
  );
}

/** Presses Tab, as a keyboard user does, until the control with `key` has the focus. */
export async function tabTo<P>(panel: PanelDriver<P>, keys: Keys, key: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await focusedKey(panel)) === key) return;
    await keys.press('Tab');
  }
  throw new Error(`Tab never reached ${key}`);
}
