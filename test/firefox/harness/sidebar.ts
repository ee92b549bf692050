import { evaluateJson, GECKO_ID, type LaunchedFirefox } from '../../../scripts/lib/firefox';
import { eventually } from '../../e2e/fixtures';

/** Firefox's id for an add-on's sidebar: its widget id (ExtensionCommon.makeWidgetId) + suffix. */
const SIDEBAR_ID = `${GECKO_ID.toLowerCase().replace(/[^a-z0-9_-]/g, '_')}-sidebar-action`;

/** The sidebar's content browser, as the browser window's chrome code reaches it. */
const INNER = `SidebarController.browser?.contentDocument?.getElementById('webext-panels-browser')`;

/**
 * Firefox's real sidebar with the add-on's panel in it. WebDriver BiDi lists no browsing
 * context for it (the chrome tree stops at `webext-panels.xhtml`; the extension page inside
 * is a remote browser of its own), so:
 * - it is opened from the browser window's chrome code (`SidebarController.show`), where
 *   `sidebarAction.open`'s user-gesture rule does not apply; the page is the add-on's own
 *   `sidebar_action.default_panel`;
 * - it is read from an add-on page in a second window, through
 *   `browser.extension.getViews({ type: 'sidebar', windowId })` for the first window: the
 *   sidebar's live window, in the same process (a reader in the sidebar's own window would
 *   be the tab it follows; Firefox may show the sidebar in the reader's window too);
 * - it is pressed by the browser window's `synthesizeMouseEvent` (chrome only; Firefox 153
 *   has no `windowUtils.sendMouseEvent`) at the element's place in that window: the
 *   window's event handling routes it into the sidebar's remote browser, whose content
 *   receives a trusted click, as a person's.
 */
export class FirefoxSidebar {
  private constructor(
    private readonly firefox: LaunchedFirefox,
    private readonly reader: string,
  ) {}

  static async open(firefox: LaunchedFirefox, path: string): Promise<FirefoxSidebar> {
    const { result } = await firefox.connection.send('browsingContext.create', {
      type: 'window',
      background: true,
    });
    const reader = (result as { context: string }).context;
    await firefox.connection.send('browsingContext.navigate', {
      context: reader,
      url: firefox.url('options.html'),
      wait: 'complete',
    });
    // `firefox.chrome` runs in the first browser window, the one with the market tabs.
    await firefox.chrome(`(async () => {
      await SidebarController.show(${JSON.stringify(SIDEBAR_ID)});
      return JSON.stringify(true);
    })()`);
    await eventually(
      () =>
        firefox.chrome<boolean>(
          `JSON.stringify(${INNER}?.currentURI?.spec === ${JSON.stringify(firefox.url(path))})`,
        ),
      { what: `the sidebar showing ${path}` },
    );
    return new FirefoxSidebar(firefox, reader);
  }

  /** Whether the browser window shows our sidebar. */
  isOpen(): Promise<boolean> {
    return this.firefox.chrome(
      `JSON.stringify(SidebarController.isOpen && SidebarController.currentID === ${JSON.stringify(SIDEBAR_ID)})`,
    );
  }

  /** `body` (a function body with `document` and `window` of the sidebar's page) evaluated there. */
  evaluate<T>(body: string): Promise<T> {
    return evaluateJson<T>(
      this.firefox.connection,
      this.reader,
      `(async () => {
        // The market tabs' window: the one that is not the reader's.
        const own = (await browser.windows.getCurrent()).id;
        const other = (await browser.windows.getAll()).filter((w) => w.id !== own);
        if (other.length !== 1) throw new Error(other.length + ' other windows');
        const views = browser.extension.getViews({ type: 'sidebar', windowId: other[0].id });
        if (views.length !== 1) throw new Error(views.length + ' sidebars in that window');
        const window = views[0];
        const document = window.document;
        const value = await (async () => { ${body} })();
        return JSON.stringify(value ?? null);
      })()`,
    );
  }

  /** Waits until `body` returns something truthy in the sidebar. */
  waitFor<T>(body: string, what: string, timeoutMs = 15_000): Promise<NonNullable<T>> {
    return eventually(() => this.evaluate<T>(body), { what, timeoutMs });
  }

  /** A trusted click at the centre of the first element `selector` finds, once it is enabled. */
  async click(selector: string): Promise<void> {
    const point = await this.waitFor<{ x: number; y: number }>(
      `const el = document.querySelector(${JSON.stringify(selector)});
      if (!el || el.disabled) return null;
      el.scrollIntoView({ block: 'center' });
      const r = el.getBoundingClientRect();
      return r.width > 0 ? { x: r.x + r.width / 2, y: r.y + r.height / 2 } : null;`,
      `${selector} to be clickable in the sidebar`,
    );
    await this.firefox.chrome(`(() => {
      const outer = SidebarController.browser.getBoundingClientRect();
      const inner = ${INNER}.getBoundingClientRect();
      const x = outer.x + inner.x + ${point.x};
      const y = outer.y + inner.y + ${point.y};
      for (const type of ['mousemove', 'mousedown', 'mouseup']) {
        window.synthesizeMouseEvent(type, x, y, {
          button: 0,
          buttons: type === 'mousedown' ? 1 : 0,
          clickCount: type === 'mousemove' ? 0 : 1,
        }, { isAsyncEnabled: true });
      }
      return JSON.stringify(true);
    })()`);
  }

  async close(): Promise<void> {
    await this.firefox.connection
      .send('browsingContext.close', { context: this.reader })
      .catch(() => undefined);
  }
}
