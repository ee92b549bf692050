/**
 * A browser shortcut pressed for real in headless Chromium, which has no keyboard of its
 * own: DevTools' `Input.dispatchKeyEvent` to the page, each event with a native key code, so
 * that one the page leaves unhandled goes on to the browser window, whose accelerators
 * include the extension's commands (as a person's key press would). Without a native key
 * code (Playwright's `keyboard.press`) DevTools marks the event to stop at the renderer, and
 * no browser shortcut ever fires.
 */
import type { Page } from 'playwright-core';

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
export async function pressShortcut(page: Page, shortcut: string): Promise<void> {
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
