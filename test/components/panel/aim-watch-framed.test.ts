// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { watchAim } from '../../../components/panel/aim-watch';
import {
  LAYOUT_REFUSAL,
  MOVE_SETTLE_MS,
  MOVED_REFUSAL,
  UNPLACED_REFUSAL,
} from '../../../components/panel/model/aim';

type Box = { x: number; y: number; width: number; height: number };

/** A panel with one button whose box in its own viewport (a frame's, when framed) is `box`. */
function panelWithButton() {
  const container = document.createElement('div');
  const button = document.createElement('button');
  container.append(button);
  document.body.append(container);
  const box: Box = { x: 10, y: 20, width: 80, height: 24 };
  button.getBoundingClientRect = () =>
    ({
      ...box,
      left: box.x,
      top: box.y,
      right: box.x + box.width,
      bottom: box.y + box.height,
    }) as DOMRect;
  return { container, button, box };
}

/** What the browser dispatches for the user's pointer (happy-dom cannot set `isTrusted`). */
function pointer(
  target: Element,
  type: string,
  at: { clientX: number; clientY: number; screenX: number; screenY: number },
) {
  const event = new MouseEvent(type, { bubbles: true, composed: true, ...at });
  Object.defineProperty(event, 'isTrusted', { value: true });
  target.dispatchEvent(event);
}

const press = (button: Element, frameAt: { x: number; y: number }, detail = 1) => ({
  isTrusted: true,
  currentTarget: button,
  clientX: 50,
  clientY: 30,
  screenX: frameAt.x + 50,
  screenY: frameAt.y + 30,
  detail,
});

const over = (button: Element, frameAt: { x: number; y: number }) =>
  pointer(button, 'pointermove', {
    clientX: 50,
    clientY: 30,
    screenX: frameAt.x + 50,
    screenY: frameAt.y + 30,
  });

const frames = (n = 2) =>
  new Promise<void>((resolve) => {
    const step = (left: number) =>
      left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1));
    step(n);
  });

async function watch(framed: boolean) {
  const parts = panelWithButton();
  let now = 0;
  const aim = watchAim({
    container: parts.container,
    host: () => null,
    visibility: { value: 'visible' },
    now: () => now,
    framed,
  });
  // The controls are measured ahead of any press, once laid out.
  await frames();
  return { ...parts, aim, at: (ms: number) => (now = ms) };
}

describe('a framed panel judges the target, not the pointer', () => {
  it('refuses every press until the loader has reported where the frame is', async () => {
    const { button, aim, at } = await watch(true);
    at(5_000);
    expect(aim.check(press(button, { x: 700, y: 400 }))).toBe(UNPLACED_REFUSAL);
    aim.hostSeen(false, 'legible');
    at(5_000 + MOVE_SETTLE_MS);
    expect(aim.check(press(button, { x: 700, y: 400 }))).toBeNull();
    aim.stop();
  });

  it('counts a press the moment the pointer arrives at a still panel', async () => {
    const { button, aim, at } = await watch(true);
    aim.hostSeen(false, 'legible');
    at(9_000);
    over(button, { x: 700, y: 400 });
    expect(aim.check(press(button, { x: 700, y: 400 }))).toBeNull();
    aim.stop();
  });

  it('refuses a press after the loader saw the frame move, until it has been still', async () => {
    const { button, aim, at } = await watch(true);
    aim.hostSeen(false, 'legible');
    at(9_000);
    aim.hostSeen(true, 'legible');
    at(9_040);
    expect(aim.check(press(button, { x: 700, y: 400 }))).toBe(MOVED_REFUSAL);
    at(9_000 + MOVE_SETTLE_MS);
    expect(aim.check(press(button, { x: 700, y: 400 }))).toBeNull();
    aim.stop();
  });

  it('in the page itself the viewport is the screen of reference (nothing moves it)', async () => {
    const { button, aim, at } = await watch(false);
    at(9_000);
    over(button, { x: 700, y: 400 });
    expect(aim.check(press(button, { x: 580, y: 400 }))).toBeNull();
    aim.stop();
  });

  it('refuses a press on a control the panel re-laid out within the settle time', async () => {
    const { container, button, box, aim, at } = await watch(true);
    aim.hostSeen(false, 'legible');
    at(9_000);
    // An editor opens above the button: the panel's content changes, the button moves down.
    box.y += 120;
    container.prepend(document.createElement('section'));
    await frames();
    at(9_040);
    expect(aim.check(press(button, { x: 700, y: 400 }))).toBe(LAYOUT_REFUSAL);
    at(9_000 + MOVE_SETTLE_MS);
    expect(aim.check(press(button, { x: 700, y: 400 }))).toBeNull();
    aim.stop();
  });

  it('a keyboard press is not judged by where the control sits', async () => {
    const { button, aim, at } = await watch(true);
    aim.hostSeen(false, 'legible');
    at(9_000);
    aim.hostSeen(true, 'legible');
    expect(aim.check(press(button, { x: 0, y: 0 }, 0))).toBeNull();
    aim.stop();
  });
});
