/**
 * Chromium: the `open-side-panel` keyboard command, pressed for real, opens the side panel
 * of the window it is pressed in. Headless Chromium has no keyboard of its own; the press
 * is DevTools' `Input.dispatchKeyEvent` to the market tab, sent with a native key code: a
 * key event with one that the page leaves unhandled goes on to the browser window, whose
 * accelerators include the extension's commands (as a person's key press would), and runs
 * `commands.onCommand` with the gesture that `sidePanel.open` needs. Without a native key
 * code (Playwright's `keyboard.press`) DevTools marks the event to stop at the renderer, and
 * no browser shortcut ever fires.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SIDE_PANEL_COMMAND } from '../../../lib/protocol/keyboard-commands';
import { type ChromeApi, eventually, useHarness } from '../fixtures';
import { type TargetInfo, WorkerCdp } from '../harness/worker-cdp';
import { sidePanelOpen } from './driver';

const h = useHarness(import.meta.url);

const BTC = 'sandbox-btc-100k';

/** DevTools key data for the parts of a shortcut such as `Alt+Shift+S`. */
const MODIFIERS: Record<string, { bit: number; key: string; code: string; keyCode: number }> = {
  Alt: { bit: 1, key: 'Alt', code: 'AltLeft', keyCode: 18 },
  Ctrl: { bit: 2, key: 'Control', code: 'ControlLeft', keyCode: 17 },
  Shift: { bit: 8, key: 'Shift', code: 'ShiftLeft', keyCode: 16 },
};

/**
 * Presses `shortcut` (modifiers, then one letter) on `page` as a keyboard would: each key
 * down in turn, then up in reverse, every event with a native key code so that an
 * unhandled one reaches the browser's accelerators.
 */
async function pressShortcut(page: Page, shortcut: string): Promise<void> {
  const parts = shortcut.split('+');
  const letter = parts.pop() ?? '';
  if (!/^[A-Z]$/.test(letter)) throw new Error(`the press helper takes a letter, not ${letter}`);
  const mods = parts.map((name) => {
    const mod = MODIFIERS[name];
    if (!mod) throw new Error(`no key data for the modifier ${name}`);
    return mod;
  });
  const session = await page.context().newCDPSession(page);
  try {
    let modifiers = 0;
    const keys = [
      ...mods,
      { bit: 0, key: letter, code: `Key${letter}`, keyCode: letter.charCodeAt(0) },
    ];
    for (const k of keys) {
      modifiers |= k.bit;
      await session.send('Input.dispatchKeyEvent', {
        type: 'rawKeyDown',
        modifiers,
        key: k.key,
        code: k.code,
        windowsVirtualKeyCode: k.keyCode,
        nativeVirtualKeyCode: k.keyCode,
      });
    }
    for (const k of keys.reverse()) {
      await session.send('Input.dispatchKeyEvent', {
        type: 'keyUp',
        modifiers,
        key: k.key,
        code: k.code,
        windowsVirtualKeyCode: k.keyCode,
        nativeVirtualKeyCode: k.keyCode,
      });
      modifiers &= ~k.bit;
    }
  } finally {
    await session.detach();
  }
}

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
