// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { watchAim } from '../../../components/panel/aim-watch';
import { MOVED_REFUSAL } from '../../../components/panel/model/aim';

/** A panel with one button at a fixed box in its own viewport (a frame's, when framed). */
function panelWithButton() {
  const container = document.createElement('div');
  const button = document.createElement('button');
  container.append(button);
  document.body.append(container);
  button.getBoundingClientRect = () =>
    ({ x: 10, y: 20, width: 80, height: 24, left: 10, top: 20, right: 90, bottom: 44 }) as DOMRect;
  return { container, button };
}

/** What the browser dispatches for the user's pointer (happy-dom cannot set `isTrusted`). */
function pointer(
  target: Element,
  type: string,
  at: { clientX: number; clientY: number; screenX: number; screenY: number },
  relatedTarget: EventTarget | null = null,
) {
  const event = new MouseEvent(type, { bubbles: true, composed: true, ...at, relatedTarget });
  Object.defineProperty(event, 'isTrusted', { value: true });
  target.dispatchEvent(event);
}

const press = (button: Element, screen: { x: number; y: number }) => ({
  isTrusted: true,
  currentTarget: button,
  clientX: 50,
  clientY: 30,
  screenX: screen.x + 50,
  screenY: screen.y + 30,
  detail: 1,
});

function watch(framed: boolean) {
  const { container, button } = panelWithButton();
  let now = 0;
  const aim = watchAim({
    container,
    host: () => null,
    visibility: { value: 'visible' },
    now: () => now,
    framed,
  });
  return { container, button, aim, at: (ms: number) => (now = ms) };
}

const over = (button: Element, frameAt: { x: number; y: number }) =>
  pointer(button, 'pointermove', {
    clientX: 50,
    clientY: 30,
    screenX: frameAt.x + 50,
    screenY: frameAt.y + 30,
  });

describe('a framed panel measures what the pointer aims at on the screen', () => {
  it('counts a press on a button that sat still under the pointer, frame and all', () => {
    const { button, aim, at } = watch(true);
    at(2_000);
    over(button, { x: 700, y: 400 });
    at(2_400);
    expect(aim.check(press(button, { x: 700, y: 400 }))).toBeNull();
    aim.stop();
  });

  it('refuses a press after the page moved the frame under a still pointer', () => {
    const { button, aim, at } = watch(true);
    at(2_000);
    over(button, { x: 700, y: 400 });
    at(2_400);
    // Same place in the frame, but the frame is 120 px further left on the screen.
    expect(aim.check(press(button, { x: 580, y: 400 }))).toBe(MOVED_REFUSAL);
    aim.stop();
  });

  it('in the page itself the viewport is the screen of reference (nothing moves it)', () => {
    const { button, aim, at } = watch(false);
    at(2_000);
    over(button, { x: 700, y: 400 });
    at(2_400);
    expect(aim.check(press(button, { x: 580, y: 400 }))).toBeNull();
    aim.stop();
  });

  it('starts the settle time again when the pointer comes back from outside the panel', () => {
    const { container, button, aim, at } = watch(true);
    at(2_000);
    over(button, { x: 700, y: 400 });
    at(2_300);
    pointer(
      button,
      'pointerout',
      { clientX: 50, clientY: 30, screenX: 750, screenY: 430 },
      document.body,
    );
    at(2_400);
    expect(aim.check(press(button, { x: 700, y: 400 }))).toBe(MOVED_REFUSAL);
    // Moving between the panel's own elements is not leaving it.
    at(3_000);
    over(button, { x: 700, y: 400 });
    pointer(
      button,
      'pointerout',
      { clientX: 50, clientY: 30, screenX: 750, screenY: 430 },
      container,
    );
    at(3_400);
    expect(aim.check(press(button, { x: 700, y: 400 }))).toBeNull();
    aim.stop();
  });
});
