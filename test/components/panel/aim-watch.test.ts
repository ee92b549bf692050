import { describe, expect, it } from 'vitest';
import { disguisedAt } from '../../../components/panel/aim-watch';

/** A host with ancestors, each with the computed style given, in a document whose top element at the point is `top`. */
function scene(styles: Partial<CSSStyleDeclaration>[], top: 'host' | 'cover' = 'host') {
  const clean = {
    opacity: '1',
    visibility: 'visible',
    filter: 'none',
    transform: 'none',
    mixBlendMode: 'normal',
  };
  const chain: { parentElement: unknown; style: object }[] = styles.map((style) => ({
    parentElement: null,
    style: { ...clean, ...style },
  }));
  for (let i = 0; i < chain.length - 1; i++)
    (chain[i] as { parentElement: unknown }).parentElement = chain[i + 1];
  const host = chain[0] as unknown as Element;
  const doc = {
    elementFromPoint: () => (top === 'host' ? host : {}),
    defaultView: { getComputedStyle: (el: { style: object }) => el.style },
  };
  Object.defineProperty(host, 'ownerDocument', { value: doc });
  return host;
}

describe('where the browser cannot tell visibility (Firefox), a press checks the page itself', () => {
  it('passes when the host is on top at the point and nothing above it disguises it', () => {
    expect(disguisedAt(scene([{}, {}, {}]), 10, 10)).toBe(false);
  });

  it('fails when something of the page is over the point', () => {
    expect(disguisedAt(scene([{}, {}], 'cover'), 10, 10)).toBe(true);
  });

  it('fails when an ancestor is see-through, hidden, filtered, blended or transformed', () => {
    for (const style of [
      { opacity: '0.2' },
      { visibility: 'hidden' },
      { filter: 'blur(2px)' },
      { mixBlendMode: 'multiply' },
      { transform: 'translate(10px, 0px)' },
    ] as Partial<CSSStyleDeclaration>[]) {
      expect(disguisedAt(scene([{}, style, {}]), 10, 10)).toBe(true);
    }
  });
});
