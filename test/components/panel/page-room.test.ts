// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { Box } from '../../../components/panel/model/placement';
import { boxOf } from '../../../components/panel/model/placement';
import { autoPlacement, BAR_SIZE, OPEN_SIZE } from '../../../components/panel/model/room';
import { pageObstacles } from '../../../components/panel/page-room';
import { overlaps } from '../../support/boxes';

/** Firefox's layout viewport at 1440 × 900 (a 12 px scrollbar), as read there. */
const VIEWPORT = { width: 1428, height: 900 };

/** `el` laid out at `box` (happy-dom lays nothing out). */
function at<T extends Element>(el: T, box: Box): T {
  const rect = {
    ...box,
    left: box.x,
    top: box.y,
    right: box.x + box.width,
    bottom: box.y + box.height,
  } as DOMRect;
  el.getBoundingClientRect = () => rect;
  return el;
}

function element(tag: string, style: string, box: Box, parent: Element = document.body): Element {
  const el = at(document.createElement(tag), box);
  el.setAttribute('style', style);
  parent.append(el);
  return el;
}

/**
 * The sandbox's order book at 1440 × 900 in Firefox, as measured there: a white card with a
 * border from y 424 to 851, its last row's text ending at y 830, the 16 px padding and the
 * border below it. The bar (220 × 40 at a 16 px margin) at the bottom-right corner would sit
 * at y 844–884: clear of the text, over the card.
 */
function sandboxBook(): { card: Box } {
  const card = { x: 488, y: 424, width: 792, height: 427 };
  const book = element('section', 'background-color: white; border: 1px solid #ddd', card);
  element('button', '', { x: 1188, y: 813, width: 67, height: 17 }, book);
  // The rest of the page, left of the book: the buy form.
  element('form', '', { x: 148, y: 192, width: 320, height: 432 });
  return { card };
}

/** A clock that stands still: the measuring's time budget is not what these tests are about. */
const still = () => 0;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the room on a page: the cards around what the trader needs count', () => {
  it('a painted card around a control is an obstacle, box and all', () => {
    const { card } = sandboxBook();
    const needs = pageObstacles(document, VIEWPORT, still);
    expect(needs.complete).toBe(true);
    expect(needs.boxes).toContainEqual(card);
  });

  it('the panel, open or folded, is not put over the card’s padding', () => {
    const { card } = sandboxBook();
    // The trader has not placed the panel: it looks for room.
    const needs = pageObstacles(document, VIEWPORT, still);
    expect(needs.complete).toBe(true);
    const room = autoPlacement(needs.boxes, VIEWPORT, {
      corner: 'bottom-right',
      offset: { x: 16, y: 16 },
    });
    const size = room.collapsed ? BAR_SIZE : OPEN_SIZE;
    expect(overlaps(boxOf(room.placement, size, VIEWPORT), card)).toBe(false);
  });

  it('a painted box as large as the page’s backdrop is not a card', () => {
    const backdrop = { x: 0, y: 0, ...VIEWPORT };
    const main = element('main', 'background-color: white', backdrop);
    element('button', '', { x: 100, y: 100, width: 60, height: 20 }, main);
    const needs = pageObstacles(document, VIEWPORT, still);
    expect(needs.boxes).not.toContainEqual(backdrop);
  });

  it('an unpainted wrapper is not a card', () => {
    const wrap = { x: 400, y: 400, width: 300, height: 300 };
    const div = element('div', '', wrap);
    element('button', '', { x: 420, y: 420, width: 60, height: 20 }, div);
    expect(pageObstacles(document, VIEWPORT, still).boxes).not.toContainEqual(wrap);
  });
});
