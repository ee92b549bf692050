// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { linkSeen } from '../../../components/position-badges/visible';

const BOX = { left: 10, top: 100, width: 200, height: 20 };

/** A link at `BOX` (happy-dom lays nothing out), and what the page shows on top of its centre. */
function placed(text = 'Will it rain tomorrow?') {
  const a = document.createElement('a');
  a.href = '/markets/rain';
  a.textContent = text;
  const rect = { ...BOX, x: BOX.left, y: BOX.top, right: 210, bottom: 120 } as DOMRect;
  a.getBoundingClientRect = () => rect;
  a.getClientRects = () => [rect] as unknown as DOMRectList;
  document.body.append(a);
  return a;
}

let topmost: Element | null = null;
document.elementFromPoint = () => topmost;

afterEach(() => {
  document.body.innerHTML = '';
  topmost = null;
});

describe('a link the user can see', () => {
  it('is the topmost element at its centre, opaque, with something to show', () => {
    const a = placed();
    topmost = a;
    expect(linkSeen(a)).toBe(true);
    const inner = document.createElement('span');
    a.replaceChildren(inner, 'text');
    topmost = inner;
    expect(linkSeen(a)).toBe(true);
  });

  it('covered by another element, or outside the viewport, is not', () => {
    const a = placed();
    topmost = document.body;
    expect(linkSeen(a)).toBe(false);
    topmost = a;
    a.getClientRects = () =>
      [{ left: 10, top: 5000, width: 200, height: 20 } as DOMRect] as unknown as DOMRectList;
    expect(linkSeen(a)).toBe(false);
  });

  it('made see-through, hidden or filtered, itself or by an ancestor, is not', () => {
    const wrapper = document.createElement('div');
    const a = placed();
    wrapper.append(a);
    document.body.append(wrapper);
    topmost = a;
    a.style.opacity = '0';
    expect(linkSeen(a)).toBe(false);
    a.style.opacity = '0.7';
    expect(linkSeen(a)).toBe(true);
    wrapper.style.opacity = '0.5';
    expect(linkSeen(a)).toBe(false);
    wrapper.style.opacity = '';
    a.style.visibility = 'hidden';
    expect(linkSeen(a)).toBe(false);
    a.style.visibility = '';
    wrapper.style.filter = 'opacity(0)';
    expect(linkSeen(a)).toBe(false);
  });

  it('with no text to read and no image, is not', () => {
    const empty = placed('');
    topmost = empty;
    expect(linkSeen(empty)).toBe(false);
    const clear = placed();
    clear.style.color = 'transparent';
    topmost = clear;
    expect(linkSeen(clear)).toBe(false);
  });
});
