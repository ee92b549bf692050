import type { Page } from 'puppeteer-core';
import {
  callFunction,
  contextOf,
  type LaunchedFirefox,
  shadowRootOf,
} from '../../../scripts/lib/firefox';
import { PanelDriver } from '../../e2e/panel/driver';

const HOSTS = {
  panel: '[data-market-companion="panel"]',
  badges: '[data-market-companion="badges"]',
} as const;

/**
 * The page panel in Firefox: BiDi serializes the host's closed shadow root (a reference
 * only the automation protocol gets), functions run against it in the page's main world,
 * and clicks are puppeteer's trusted mouse input. `badges`: the position badges' overlay,
 * read the same way.
 */
export function firefoxPanel(
  firefox: LaunchedFirefox,
  page: Page,
  which: keyof typeof HOSTS = 'panel',
): PanelDriver<Page> {
  const { connection } = firefox;
  return new PanelDriver(page, {
    async onRoot<R, A>(fn: (root: ShadowRoot, arg: A) => R, arg: A): Promise<R | null> {
      const context = contextOf(page);
      const root = await shadowRootOf(connection, context, HOSTS[which]);
      if (!root) return null;
      const value = await callFunction(
        connection,
        context,
        `async (root, arg) => JSON.stringify((await (${fn.toString()})(root, JSON.parse(arg))) ?? null)`,
        [{ sharedId: root }, { type: 'string', value: JSON.stringify(arg ?? null) }],
      );
      return JSON.parse(value.value as string) as R;
    },
    // The panel is in the page itself: its boxes are the page's.
    origin: async () => ({ x: 0, y: 0 }),
    pointer: {
      move: (x, y) => page.mouse.move(x, y),
      down: () => page.mouse.down(),
      up: () => page.mouse.up(),
    },
    detach: async () => undefined,
  });
}
