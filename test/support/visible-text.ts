import { screen } from '@testing-library/preact';

const normal = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/**
 * The element that shows exactly `text` as a reader sees it, though it may be drawn from
 * several elements (`YES 120.5 @ 55¢ · $66.28` is five spans): the innermost element whose
 * whole text is that. Tests find things by what the user reads, not by class names.
 */
export function byVisibleText(text: string | RegExp, root: ParentNode = document): HTMLElement {
  const found = queryByVisibleText(text, root);
  if (!found) {
    screen.debug(undefined, 5_000);
    throw new Error(`no element shows the text ${String(text)}`);
  }
  return found;
}

export function queryByVisibleText(
  text: string | RegExp,
  root: ParentNode = document,
): HTMLElement | null {
  const matches = (el: Element) => {
    const shown = normal(el.textContent);
    return typeof text === 'string' ? shown === text : text.test(shown);
  };
  const all = [...root.querySelectorAll<HTMLElement>('body *, :scope *')].filter(matches);
  // The innermost: no child of it shows the same text.
  return all.find((el) => ![...el.children].some(matches)) ?? null;
}

/** An element's text as a reader sees it. */
export const visibleText = (el: Element | null | undefined): string => normal(el?.textContent);
