import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually, type Harness } from '../fixtures';
import { screenshotDirFor } from '../harness/screenshots';
import { type TargetInfo, WorkerCdp } from '../harness/worker-cdp';

/** Whether the extension has a side panel open, as the worker sees its contexts. */
export const sidePanelOpen = (h: Harness): Promise<boolean> =>
  // withApp: `runtime.getContexts` is the only witness of an open side panel; no UI reports it.
  h.withApp(async () => {
    type Contexts = { runtime: { getContexts(filter: object): Promise<unknown[]> } };
    const chrome = (globalThis as unknown as { chrome: Contexts }).chrome;
    return (await chrome.runtime.getContexts({ contextTypes: ['SIDE_PANEL'] })).length > 0;
  });

/**
 * Chromium's real side panel, opened by a trusted click on the popup's "Side panel" button
 * (`sidePanel.open` in the click). Playwright lists it as no page, so it is driven over
 * DevTools: `Input.dispatchMouseEvent` presses are trusted ones (`isTrusted`), as a user's.
 */
export class SidePanel {
  private constructor(private readonly cdp: WorkerCdp) {}

  static async openFromPopup(h: Harness): Promise<SidePanel> {
    const popup = await h.context.newPage();
    await popup.goto(h.url('popup.html'));
    const button = popup.locator('[data-action="open-side-panel"]');
    await button.waitFor();
    await button.click();
    const isSidePanel = (t: TargetInfo) => t.url === h.url('sidepanel.html');
    const cdp = await WorkerCdp.attachTo(h.context, isSidePanel, 'no side panel opened');
    await popup.close();
    return new SidePanel(cdp);
  }

  /** Runs `expression` in the side panel's page and returns its (JSON) value. */
  async evaluate<T>(expression: string): Promise<T> {
    const answer = await this.cdp.send<{
      result: { value?: T };
      exceptionDetails?: { text: string };
    }>('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
    if (answer.exceptionDetails) throw new Error(answer.exceptionDetails.text);
    return answer.result.value as T;
  }

  /** Waits until `expression` is truthy in the side panel. */
  waitFor<T>(expression: string, what: string, timeoutMs = 15_000): Promise<NonNullable<T>> {
    return eventually(() => this.evaluate<T>(expression), { what, timeoutMs });
  }

  /** A trusted click at the centre of the first element `selector` finds, once it is enabled. */
  async click(selector: string): Promise<void> {
    const point = await this.waitFor<{ x: number; y: number }>(
      `(() => {
        const el = document.querySelector(${JSON.stringify(selector)});
        if (!el || el.disabled) return null;
        el.scrollIntoView({ block: 'center' });
        const r = el.getBoundingClientRect();
        return r.width > 0 ? { x: r.x + r.width / 2, y: r.y + r.height / 2 } : null;
      })()`,
      `${selector} to be clickable`,
    );
    for (const type of ['mouseMoved', 'mousePressed', 'mouseReleased']) {
      await this.cdp.send('Input.dispatchMouseEvent', {
        type,
        x: point.x,
        y: point.y,
        button: type === 'mouseMoved' ? 'none' : 'left',
        clickCount: type === 'mouseMoved' ? 0 : 1,
      });
    }
  }

  /** Saves what the side panel shows to the test file's screenshot folder. */
  async shot(testFile: string, name: string): Promise<void> {
    const { data } = await this.cdp.send<{ data: string }>('Page.captureScreenshot', {
      format: 'png',
    });
    const dir = screenshotDirFor(testFile);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}.png`), Buffer.from(data, 'base64'));
  }

  close(): Promise<void> {
    return this.cdp.close();
  }
}
