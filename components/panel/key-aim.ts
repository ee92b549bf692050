import type { PressEvent } from './model/trust';

/*
 * Keys must aim too (issue 29, item 3). A button keeps the focus after the user's own click,
 * and the page can see that the panel has it (its host is the page's active element): a
 * page that talks the user into "press Enter to continue" then pressed the button once per
 * key. So a click with the pointer leaves no button focused, and a key press (a click whose
 * `detail` is 0) counts only on the control the user brought the focus to with Tab inside
 * the panel, since the last pointer press, the focus never having left the panel since.
 * Keyboard users keep trading: Tab to a buy, Enter. The panel's own shortcuts (commands
 * forwarded by the background) do not go through here.
 */

export const KEY_REFUSAL =
  'That key press was ignored because the focus did not reach this button with Tab inside the panel; nothing was sent: press Tab to reach it, or click it.';

/** The key that moves the focus through the panel (with or without Shift). */
const TAB = 'Tab';

export interface KeyAim {
  /** Why a trusted press must be refused (null: it counts); pointer presses always pass. */
  check(event: PressEvent): string | null;
  stop(): void;
}

/**
 * Watches the focus inside `container` (the panel's root inside its shadow root or frame).
 * `keys` is where a Tab counts as the panel's: the frame's whole document (it is the
 * panel's own), or the container alone in the page (a Tab from the page into the panel
 * lands on a control unaimed). `view` is the window whose focus the panel's document has:
 * when it loses it (the user went to the page, or the page took it), a control focused
 * before no longer counts.
 */
export function watchKeyAim(
  container: HTMLElement,
  keys: EventTarget,
  view: Window | null,
): KeyAim {
  // The control the user tabbed to, while it still holds the focus they gave it.
  let aimed: Element | null = null;
  // A Tab went down inside the panel: the next focus change inside it is the keyboard's.
  let tabbing = false;

  const onKeyDown = (event: Event) => {
    if (!(event instanceof KeyboardEvent)) return;
    tabbing = event.isTrusted && event.key === TAB;
  };
  const onFocusIn = (event: FocusEvent) => {
    const target = event.composedPath()[0] ?? event.target;
    aimed = tabbing && target instanceof Element ? target : null;
    tabbing = false;
  };
  const onFocusOut = (event: FocusEvent) => {
    const to = event.relatedTarget;
    if (!(to instanceof Node) || !container.contains(to)) aimed = null;
  };
  const onPointerDown = () => {
    aimed = null;
    tabbing = false;
  };
  // After a click with the pointer the button lets the focus go: a key the page then asks
  // for reaches nothing of the panel's. (Bubbling: the button's own handler ran first.)
  const onClick = (event: MouseEvent) => {
    if (!event.isTrusted || event.detail === 0) return;
    const target = event.composedPath()[0] ?? event.target;
    const button = target instanceof Element ? target.closest('button') : null;
    if (button instanceof HTMLElement && container.contains(button)) button.blur();
  };
  const onWindowBlur = () => {
    aimed = null;
    tabbing = false;
  };

  keys.addEventListener('keydown', onKeyDown, true);
  container.addEventListener('focusin', onFocusIn, true);
  container.addEventListener('focusout', onFocusOut, true);
  container.addEventListener('pointerdown', onPointerDown, true);
  container.addEventListener('click', onClick);
  view?.addEventListener('blur', onWindowBlur);

  return {
    check(event) {
      if ((event.detail ?? 1) > 0) return null;
      const target = event.currentTarget;
      return target instanceof Element && target === aimed ? null : KEY_REFUSAL;
    },
    stop() {
      keys.removeEventListener('keydown', onKeyDown, true);
      container.removeEventListener('focusin', onFocusIn, true);
      container.removeEventListener('focusout', onFocusOut, true);
      container.removeEventListener('pointerdown', onPointerDown, true);
      container.removeEventListener('click', onClick);
      view?.removeEventListener('blur', onWindowBlur);
    },
  };
}
