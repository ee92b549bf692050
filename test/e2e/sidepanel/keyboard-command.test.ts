/**
 * Chromium: the `open-side-panel` keyboard command, pressed for real, opens the side panel
 * of the window it is pressed in: the key reaches the browser's accelerators
 * (`../harness/press-shortcut.ts`) and runs `commands.onCommand` with the gesture that
 * `sidePanel.open` needs.
 */
import { describe, expect, it } from 'vitest';
import { SIDE_PANEL_COMMAND } from '../../../lib/protocol/keyboard-commands';
import { type ChromeApi, eventually, useHarness } from '../fixtures';
import { pressShortcut } from '../harness/press-shortcut';
import { type TargetInfo, WorkerCdp } from '../harness/worker-cdp';
import { sidePanelOpen } from './driver';

const h = useHarness(import.meta.url);

const BTC = 'sandbox-btc-100k';

describe.sequential('the side panel keyboard command (Chromium)', () => {
  it('is bound to its suggested key in the built extension', async () => {
    await h().onboard('alice');
    // withApp: the binding as the browser holds it for the built extension; no UI shows it.
    const shortcut = await h().withApp(async (_app, name) => {
      const { chrome } = globalThis as unknown as { chrome: ChromeApi };
      return (await chrome.commands.getAll()).find((c) => c.name === name)?.shortcut ?? null;
    }, SIDE_PANEL_COMMAND.name);
    expect(shortcut).toBe(SIDE_PANEL_COMMAND.suggestedKey);
  });

  it('pressed on a market page, opens the side panel showing that market', async () => {
    const market = await h().openMarketPage(BTC);
    await market.bringToFront();
    expect(await sidePanelOpen(h())).toBe(false);
    await pressShortcut(market, SIDE_PANEL_COMMAND.suggestedKey);
    await eventually(() => sidePanelOpen(h()), { what: 'the side panel open after the shortcut' });
    const isSidePanel = (t: TargetInfo) => t.url === h().url('sidepanel.html');
    const side = await WorkerCdp.attachTo(h().context, isSidePanel, 'no side panel target');
    try {
      // DevTools' helper tab came to the front: the market's tab again, as the trader left it.
      await market.bringToFront();
      await eventually(
        async () => {
          const { result } = await side.send<{ result: { value?: string | null } }>(
            'Runtime.evaluate',
            {
              expression: `document.querySelector('.mc-panel.side')?.getAttribute('data-slug') ?? null`,
              returnByValue: true,
            },
          );
          return result.value === BTC;
        },
        { what: 'the side panel showing the market of the tab' },
      );
    } finally {
      await side.close();
    }
  });
});
