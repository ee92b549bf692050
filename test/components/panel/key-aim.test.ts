// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEY_REFUSAL, type KeyAim, watchKeyAim } from '../../../components/panel/key-aim';
import { LADDER_SLOTS } from '../../../components/panel/model/ladder-slots';
import { LADDER_DEPTH } from '../../../lib/core/orders/book-ladder';

/** The browser sets `isTrusted`; happy-dom cannot, so a user's event is marked here. */
const trusted = <E extends Event>(event: E): E => {
  Object.defineProperty(event, 'isTrusted', { value: true });
  return event;
};

let container: HTMLElement;
let buy: HTMLButtonElement;
let outside: HTMLButtonElement;
let keys: KeyAim;

/** What the controller hands the check: the click, with the button it sits on. */
const press = (detail: number, target: Element = buy) => ({
  isTrusted: true,
  currentTarget: target,
  detail,
});
const tabTo = (button: HTMLElement, isTrusted = true) => {
  const key = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, composed: true });
  button.dispatchEvent(isTrusted ? trusted(key) : key);
  button.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: true }));
};
const focusBy = (button: HTMLElement, what: 'pointer' | 'script') => {
  if (what === 'pointer')
    button.dispatchEvent(trusted(new PointerEvent('pointerdown', { bubbles: true })));
  button.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: true }));
};

beforeEach(() => {
  container = document.createElement('div');
  buy = document.createElement('button');
  buy.className = 'mc-trade';
  container.append(buy);
  outside = document.createElement('button');
  document.body.append(container, outside);
  keys = watchKeyAim(container, container, window);
});

afterEach(() => {
  keys.stop();
  document.body.replaceChildren();
});

describe('a key press on a panel control', () => {
  it('counts when the user brought the focus there with Tab inside the panel', () => {
    tabTo(buy);
    expect(keys.check(press(0))).toBeNull();
    // And again: a keyboard user may trade twice.
    expect(keys.check(press(0))).toBeNull();
  });

  it('is refused on a control focused by the pointer (the click the page then asks to repeat)', () => {
    focusBy(buy, 'pointer');
    expect(keys.check(press(0))).toBe(KEY_REFUSAL);
  });

  it('is refused on a control focused without a Tab (a script, the focus coming back)', () => {
    focusBy(buy, 'script');
    expect(keys.check(press(0))).toBe(KEY_REFUSAL);
    // A Tab the page dispatched is no Tab.
    tabTo(buy, false);
    expect(keys.check(press(0))).toBe(KEY_REFUSAL);
  });

  it('is refused once a pointer press came after the Tab', () => {
    tabTo(buy);
    buy.dispatchEvent(trusted(new PointerEvent('pointerdown', { bubbles: true })));
    expect(keys.check(press(0))).toBe(KEY_REFUSAL);
  });

  it('is refused once the focus left the panel, or its window lost the focus, since the Tab', () => {
    tabTo(buy);
    buy.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: outside }));
    expect(keys.check(press(0))).toBe(KEY_REFUSAL);
    tabTo(buy);
    window.dispatchEvent(new Event('blur'));
    expect(keys.check(press(0))).toBe(KEY_REFUSAL);
  });

  it('is refused on another control than the one tabbed to', () => {
    const other = document.createElement('button');
    container.append(other);
    tabTo(buy);
    expect(keys.check(press(0, other))).toBe(KEY_REFUSAL);
  });

  it('a Tab outside the watched root does not aim (from the page into the panel)', () => {
    outside.dispatchEvent(
      trusted(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, composed: true })),
    );
    buy.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: true }));
    expect(keys.check(press(0))).toBe(KEY_REFUSAL);
  });
});

describe('a pointer press', () => {
  it('is never the key check’s business', () => {
    expect(keys.check(press(1))).toBeNull();
  });

  it('leaves no panel button focused after its click', () => {
    buy.focus();
    expect(document.activeElement).toBe(buy);
    buy.dispatchEvent(trusted(new MouseEvent('click', { bubbles: true, detail: 1 })));
    expect(document.activeElement).not.toBe(buy);
  });

  it('a key’s click (detail 0) keeps the focus where the keyboard put it', () => {
    buy.focus();
    buy.dispatchEvent(trusted(new MouseEvent('click', { bubbles: true, detail: 0 })));
    expect(document.activeElement).toBe(buy);
  });
});

it('the ladder keeps as many places per side as the background sends levels', () => {
  expect(LADDER_SLOTS).toBe(LADDER_DEPTH);
});
