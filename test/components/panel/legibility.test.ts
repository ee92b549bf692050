import { describe, expect, it } from 'vitest';
import { illegibility, LEGIBLE_SCALE } from '../../../components/panel/legibility';

const clean = {
  opacity: '1',
  filter: 'none',
  mixBlendMode: 'normal',
  maskImage: 'none',
  clipPath: 'none',
  clip: 'auto',
  rotate: 'none',
  scale: 'none',
  transform: 'none',
  zoom: '1',
};

/** The panel's element under ancestors, each with the computed style given. */
function chain(styles: Partial<typeof clean>[]): Element {
  const doc = {
    defaultView: { getComputedStyle: (el: { style: object }) => el.style },
  };
  const nodes = styles.map((style) => ({
    parentElement: null as unknown,
    style: { ...clean, ...style },
    ownerDocument: doc,
  }));
  for (let i = 0; i < nodes.length - 1; i++)
    (nodes[i] as { parentElement: unknown }).parentElement = nodes[i + 1];
  return nodes[0] as unknown as Element;
}

const size = { width: 320, height: 400 };

describe('whether the page draws the panel legibly', () => {
  it('a plain page, a translated one, or one enlarged is legible', () => {
    expect(illegibility(chain([{}, {}, {}]), size, size)).toBeNull();
    expect(
      illegibility(chain([{}, { transform: 'matrix(1, 0, 0, 1, 40, -20)' }]), size, size),
    ).toBeNull();
    expect(illegibility(chain([{}, { zoom: '1.5' }]), size, size)).toBeNull();
  });

  it('a mask or a clip on any ancestor hides it', () => {
    for (const style of [
      { maskImage: 'linear-gradient(rgba(0, 0, 0, 0.02), rgba(0, 0, 0, 0.02))' },
      { clipPath: 'circle(8px at 10px 10px)' },
      { clip: 'rect(0px, 1px, 1px, 0px)' },
    ]) {
      expect(illegibility(chain([{}, {}, style]), size, size)).toBe('hidden');
    }
  });

  it('opacity, a filter, a blend mode or a turn fades or distorts it', () => {
    for (const style of [
      { opacity: '0.98' },
      { filter: 'opacity(0.03)' },
      { mixBlendMode: 'multiply' },
      { rotate: '10deg' },
      { transform: 'matrix(0.98, 0.17, -0.17, 0.98, 0, 0)' },
    ]) {
      expect(illegibility(chain([{}, style]), size, size)).toBe('faded');
    }
  });

  it(`below ${LEGIBLE_SCALE} of its size, by zoom, scale or its drawn box, it is too small`, () => {
    expect(illegibility(chain([{}, { zoom: '0.1' }]), size, size)).toBe('small');
    expect(illegibility(chain([{}, { zoom: '0.9' }, { zoom: '0.8' }]), size, size)).toBe('small');
    expect(illegibility(chain([{}, { scale: '0.5' }]), size, size)).toBe('small');
    expect(
      illegibility(chain([{}, { transform: 'matrix(0.5, 0, 0, 0.5, 0, 0)' }]), size, size),
    ).toBe('small');
    expect(illegibility(chain([{}]), { width: 32, height: 40 }, size)).toBe('small');
    expect(illegibility(chain([{}, { zoom: '0.8' }]), size, size)).toBeNull();
  });
});
