import type { ElementHandle, Page } from 'puppeteer-core';
import { eventually } from '../../e2e/fixtures';

/**
 * What a user does on an extension page, in Firefox: find a control by the words on it or
 * on its label, and type or click with trusted input. Puppeteer's ARIA selectors need
 * DevTools, so controls are found by their visible text.
 */

/** Waits until the page's visible text matches `pattern`; returns that text. */
export async function waitForText(page: Page, pattern: RegExp, timeoutMs = 15_000) {
  return eventually(
    async () => {
      // What is on screen (hidden steps of a form would match textContent too).
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
      const text = await page.evaluate(() => document.body?.innerText ?? '');
      return pattern.test(text) ? text : null;
    },
    { timeoutMs, what: `page text ${pattern}` },
  );
}

/** The enabled button whose text matches `name` (first one), once there is one. */
export async function button(
  page: Page,
  name: RegExp,
  timeoutMs = 15_000,
): Promise<ElementHandle<HTMLButtonElement>> {
  return eventually(
    async () => {
      for (const handle of await page.$$('button, [role="tab"]')) {
        const ok = await handle.evaluate(
          (el, source) =>
            !(el as HTMLButtonElement).disabled &&
            new RegExp(source).test((el.textContent ?? '').trim()),
          name.source,
        );
        if (ok) return handle as ElementHandle<HTMLButtonElement>;
      }
      return null;
    },
    { timeoutMs, what: `a button ${name}` },
  );
}

/** A trusted click on the button named `name`. */
export async function clickButton(page: Page, name: RegExp, timeoutMs?: number): Promise<void> {
  await (await button(page, name, timeoutMs)).click();
}

/** Replaces the value of the input labelled `label` by typing `value` (trusted keys). */
export async function fill(page: Page, label: string, value: string): Promise<void> {
  const id = await eventually(
    () =>
      page.evaluate((wanted) => {
        const found = [...document.querySelectorAll('label')].find(
          (l) => (l.textContent ?? '').trim() === wanted,
        );
        return found?.htmlFor || null;
      }, label),
    { what: `a field labelled "${label}"` },
  );
  const input = await page.$(`[id="${id}"]`);
  if (!input) throw new Error(`no input #${id}`);
  await input.click({ count: 3 });
  await input.evaluate((el) => (el as HTMLInputElement).select());
  await page.keyboard.press('Backspace');
  await input.type(value);
}

/** Sets the checkbox whose label reads `label` with a trusted click, when it is not so already. */
export async function setChecked(page: Page, label: RegExp, checked: boolean): Promise<void> {
  for (const box of await page.$$('label input[type="checkbox"]')) {
    const state = await box.evaluate(
      (el, source) =>
        new RegExp(source).test(el.closest('label')?.textContent ?? '')
          ? (el as HTMLInputElement).checked
          : null,
      label.source,
    );
    if (state === null) continue;
    if (state !== checked) await box.click();
    return;
  }
  throw new Error(`no checkbox labelled ${label}`);
}
