import type { CDPSession, Frame, Page } from 'playwright-core';
import { PANEL_FRAME_PATH } from '../../../lib/protocol/names';
import { eventually, pastAimWindow } from '../../wait';

/** What a test reads of one element inside the panel. */
export interface ElementInfo {
  text: string;
  disabled: boolean;
  rect: { x: number; y: number; width: number; height: number };
  attributes: Record<string, string>;
}

interface DomNode {
  nodeName: string;
  backendNodeId: number;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: (DomNode & { shadowRootType?: string })[];
  contentDocument?: DomNode;
}

interface CallAnswer {
  result: { value?: unknown };
  exceptionDetails?: { text: string; exception?: { description?: string } };
}

const GROUP = 'panel-driver';

/** Our overlays' hosts by their `data-market-companion`: the panel, the position badges. */
export type HostName = 'panel' | 'badges';

function findHost(node: DomNode, name: HostName): DomNode | null {
  const attrs = node.attributes ?? [];
  for (let i = 0; i < attrs.length; i += 2) {
    if (attrs[i] === 'data-market-companion' && attrs[i + 1] === name) return node;
  }
  for (const child of node.children ?? []) {
    const found = findHost(child, name);
    if (found) return found;
  }
  return null;
}

const same = (a: ElementInfo['rect'], b: ElementInfo['rect']) =>
  a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

/** How a driver reaches the panel: its shadow root, and a real (trusted) pointer. */
export interface PanelAccess {
  /** Runs `fn(root, arg)` in the page's main world with the panel's shadow root (null: no panel). */
  onRoot<R, A>(fn: (root: ShadowRoot, arg: A) => R, arg: A): Promise<R | null>;
  /** Where the root's coordinates start in the page's viewport (a frame's box). */
  origin(): Promise<{ x: number; y: number }>;
  pointer: {
    move(x: number, y: number): Promise<void>;
    down(): Promise<void>;
    up(): Promise<void>;
  };
  detach(): Promise<void>;
}

/** Chromium: the panel's frame in `page` (null: no panel). */
export function panelFrameOf(page: Page): Frame | null {
  return (
    page.frames().find((f) => {
      try {
        const url = new URL(f.url());
        return url.protocol === 'chrome-extension:' && url.pathname === PANEL_FRAME_PATH;
      } catch {
        return false;
      }
    }) ?? null
  );
}

/**
 * Chromium: the panel is an extension page framed in a closed shadow root. The automation
 * protocol reaches into the frame (a test's locators and the page's scripts cannot), where
 * the document stands in for the shadow root the page panel has in Firefox.
 */
class FramePanelAccess implements PanelAccess {
  constructor(private readonly page: Page) {}

  get pointer() {
    return this.page.mouse;
  }

  async detach(): Promise<void> {}

  private frame(): Frame | null {
    return panelFrameOf(this.page);
  }

  async origin(): Promise<{ x: number; y: number }> {
    const box = await (await this.frame()?.frameElement())?.boundingBox();
    return box ? { x: box.x, y: box.y } : { x: 0, y: 0 };
  }

  async onRoot<R, A>(fn: (root: ShadowRoot, arg: A) => R, arg: A): Promise<R | null> {
    const frame = this.frame();
    if (!frame) return null;
    // An expression, not a function built in the frame: the extension's CSP allows no eval
    // there, and the protocol's own evaluation is not subject to it.
    const expression = `(async () => {
      const root = {
        host: document.documentElement,
        querySelector: (s) => document.querySelector(s),
        querySelectorAll: (s) => document.querySelectorAll(s),
      };
      return await (${fn.toString()})(root, ${JSON.stringify(arg ?? null)});
    })()`;
    try {
      return (await frame.evaluate(expression)) as R;
    } catch (error) {
      if (frame.isDetached()) return null;
      throw error;
    }
  }
}

/**
 * Chromium, an overlay drawn in the page itself (the badges): DevTools finds the closed root
 * and resolves it to a main-world object.
 */
class CdpRootAccess implements PanelAccess {
  constructor(
    private readonly page: Page,
    private readonly cdp: CDPSession,
    private readonly host: HostName,
  ) {}

  get pointer() {
    return this.page.mouse;
  }

  async detach(): Promise<void> {
    await this.cdp.detach().catch(() => undefined);
  }

  async origin(): Promise<{ x: number; y: number }> {
    return { x: 0, y: 0 };
  }

  private async rootObject(): Promise<string | null> {
    const { root } = (await this.cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as {
      root: DomNode;
    };
    const host = findHost(root, this.host);
    const shadow = host?.shadowRoots?.[0];
    if (!shadow) return null;
    const { object } = (await this.cdp.send('DOM.resolveNode', {
      backendNodeId: shadow.backendNodeId,
      objectGroup: GROUP,
    })) as { object: { objectId?: string } };
    return object.objectId ?? null;
  }

  async onRoot<R, A>(fn: (root: ShadowRoot, arg: A) => R, arg: A): Promise<R | null> {
    try {
      const objectId = await this.rootObject();
      if (!objectId) return null;
      const answer = (await this.cdp.send('Runtime.callFunctionOn', {
        objectId,
        functionDeclaration: `function (arg) { return (${fn.toString()})(this, arg); }`,
        arguments: [{ value: arg }],
        returnByValue: true,
        awaitPromise: true,
      })) as CallAnswer;
      if (answer.exceptionDetails) {
        throw new Error(
          answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text,
        );
      }
      return answer.result.value as R;
    } finally {
      await this.cdp
        .send('Runtime.releaseObjectGroup', { objectGroup: GROUP })
        .catch(() => undefined);
    }
  }
}

/**
 * Drives the page panel, which lives in a *closed* shadow root (Firefox) or a frame in one
 * (Chromium) that neither page scripts nor a test's locators can enter. The browser's
 * automation protocol can (DevTools in Chromium, WebDriver BiDi in Firefox): it finds the
 * root, reads elements through it, and
 * clicks at their on-screen position with real (trusted) mouse input — exactly what a
 * user's click is. `scriptClick` does what a hostile page script would do if it held a
 * reference to a button: `click()` and a dispatched event, both untrusted.
 */
export class PanelDriver<P = Page> {
  constructor(
    readonly page: P,
    private readonly access: PanelAccess,
  ) {}

  /** `host`: the panel (in its frame) or the badges' overlay (a closed root in the page). */
  static async attach(page: Page, host: HostName = 'panel'): Promise<PanelDriver> {
    if (host === 'panel') return new PanelDriver(page, new FramePanelAccess(page));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('Runtime.enable');
    return new PanelDriver(page, new CdpRootAccess(page, cdp, host));
  }

  detach(): Promise<void> {
    return this.access.detach();
  }

  /** Runs `fn(root, arg)` in the page's main world with the panel's shadow root. */
  onRoot<R, A>(fn: (root: ShadowRoot, arg: A) => R, arg: A): Promise<R | null> {
    return this.access.onRoot(fn, arg);
  }

  /** Whether the panel's host is in the page. */
  async present(): Promise<boolean> {
    return (await this.onRoot((root) => root.host.isConnected, null)) === true;
  }

  /** The elements matching `selector` inside the panel. */
  async all(selector: string): Promise<ElementInfo[]> {
    const found =
      (await this.onRoot(
        (root, sel) =>
          [...root.querySelectorAll(sel)].map((el) => {
            // The panel draws its text from `data-t` attributes (unsearchable-text.ts).
            const read = (node: Node): string =>
              [...node.childNodes]
                .map((n) =>
                  n.nodeType === 3
                    ? ((n as Text).data ?? '')
                    : n.nodeType === 1
                      ? ((n as Element).getAttribute('data-t') ?? read(n))
                      : '',
                )
                .join('');
            const r = el.getBoundingClientRect();
            const attributes: Record<string, string> = {};
            for (const a of [...el.attributes]) attributes[a.name] = a.value;
            return {
              // An element whose one child is its text draws it itself.
              text: (el.getAttribute('data-t') ?? read(el)).replace(/\s+/g, ' ').trim(),
              disabled: (el as HTMLButtonElement).disabled === true,
              rect: { x: r.x, y: r.y, width: r.width, height: r.height },
              attributes,
            };
          }),
        selector,
      )) ?? [];
    if (found.length === 0) return found;
    const origin = await this.access.origin();
    for (const el of found) {
      el.rect.x += origin.x;
      el.rect.y += origin.y;
    }
    return found;
  }

  async one(selector: string): Promise<ElementInfo | null> {
    return (await this.all(selector))[0] ?? null;
  }

  /** Waits for an element matching `selector` (and `check`, if given). */
  async waitFor(
    selector: string,
    check: (el: ElementInfo) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<ElementInfo> {
    return eventually(async () => (await this.all(selector)).find(check) ?? null, {
      timeoutMs,
      what: `panel element ${selector}`,
    });
  }

  /**
   * Opens the panel as a trader would where the page left it no room and it arrived folded to
   * its bar: one click on the bar's toggle (the trader's own placement from then on).
   */
  async openIfFolded(timeoutMs = 20_000): Promise<void> {
    const section = await this.waitFor('section.mc-panel', () => true, timeoutMs);
    if (section.attributes.class?.includes('collapsed')) {
      await this.click('[data-action="collapse"]');
    }
  }

  async waitForText(selector: string, pattern: RegExp, timeoutMs = 10_000): Promise<ElementInfo> {
    try {
      return await this.waitFor(selector, (el) => pattern.test(el.text), timeoutMs);
    } catch (error) {
      const seen = (await this.all(selector)).map((el) => el.text);
      throw new Error(
        `${error instanceof Error ? error.message : String(error)}; ${selector} reads ${JSON.stringify(seen)}`,
      );
    }
  }

  /** The whole panel's text. */
  async text(): Promise<string> {
    return (
      (await this.onRoot((root) => {
        const read = (node: Node): string =>
          [...node.childNodes]
            .map((n) =>
              n.nodeType === 3
                ? ((n as Text).data ?? '')
                : n.nodeType === 1
                  ? ((n as Element).getAttribute('data-t') ?? read(n))
                  : '',
            )
            .join('');
        const panel = root.querySelector('.mc-panel');
        return (panel ? read(panel) : '').replace(/\s+/g, ' ');
      }, null)) ?? ''
    );
  }

  /**
   * The element once it is on the screen and has stopped moving (the same box 50 ms apart).
   * Chromium's frame is drawn off the screen until the loader shows it, and the loader may
   * place it again once the page's layout settles: a box read before then is not where a
   * pointer meets the element.
   */
  async still(
    selector: string,
    check: (el: ElementInfo) => boolean = () => true,
  ): Promise<ElementInfo> {
    const ready = (e: ElementInfo) => e.rect.x >= 0 && e.rect.y >= 0 && check(e);
    let el = await this.waitFor(selector, ready);
    for (let i = 0; i < 50; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const again = await this.one(selector);
      if (again && ready(again) && same(again.rect, el.rect)) break;
      el = again && ready(again) ? again : await this.waitFor(selector, ready);
    }
    return el;
  }

  /**
   * A real click at the element's centre, once it is enabled and has stopped moving: a
   * state pushed by the background (a reconnecting port, a result line) can re-lay the
   * panel out between reading the element's box and the mouse press.
   */
  async click(
    selector: string,
    check?: (el: ElementInfo) => boolean,
    /** How long the button is held down (0: down and up together, as a script would). */
    holdMs = 0,
  ): Promise<void> {
    const release = await this.pressDown(selector, check);
    if (holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
    await release();
  }

  /**
   * The first half of a real click: the pointer comes to rest on the element and goes down.
   * Returns the release (the pointer going up where it is now: a click when it is still
   * over the element).
   */
  async pressDown(
    selector: string,
    check?: (el: ElementInfo) => boolean,
  ): Promise<() => Promise<void>> {
    const ready = (e: ElementInfo) => !e.disabled && (check ? check(e) : true);
    let el = await this.still(selector, ready);
    // As a person does: the pointer comes to rest on the button, then presses. The panel
    // refuses a press on a button that was not under a still pointer for the settle time.
    for (let attempt = 0; ; attempt++) {
      const x = el.rect.x + el.rect.width / 2;
      const y = el.rect.y + el.rect.height / 2;
      await this.access.pointer.move(x, y);
      await pastAimWindow();
      const now = await this.one(selector);
      if (now && ready(now) && same(now.rect, el.rect)) break;
      if (attempt >= 20) throw new Error(`${selector} kept moving under the pointer`);
      el = now && ready(now) ? now : await this.waitFor(selector, ready);
    }
    await this.access.pointer.down();
    return () => this.access.pointer.up();
  }

  /** A real pointer moved to (`x`, `y`) on the page's viewport, nothing pressed. */
  point(x: number, y: number): Promise<void> {
    return this.access.pointer.move(x, y);
  }

  /** What a page script holding the element could do: `click()` and dispatched events. */
  async scriptClick(selector: string): Promise<boolean> {
    return (
      (await this.onRoot((root, sel) => {
        const el = root.querySelector(sel) as HTMLElement | null;
        if (!el) return false;
        el.click();
        el.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
        el.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
        el.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
        return true;
      }, selector)) === true
    );
  }
}
