// @vitest-environment happy-dom
import { cleanup, render, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { initialsOf } from '../../../components/common/initials';
import { lazyImage } from '../../../components/common/lazy-image';

interface Moment {
  loading: string | null;
  decoding: string | null;
  connected: boolean;
}

/** What each image knew about itself at the moments its `src` was set. */
function watchSrcAssignments(): { seen: Moment[]; restore: () => void } {
  const proto = HTMLImageElement.prototype;
  const descriptor = Object.getOwnPropertyDescriptor(proto, 'src');
  if (!descriptor?.set) throw new Error('this DOM has no src setter to watch');
  const seen: Moment[] = [];
  const note = (img: HTMLImageElement) =>
    seen.push({
      loading: img.getAttribute('loading'),
      decoding: img.getAttribute('decoding'),
      connected: img.isConnected,
    });
  const setAttribute = proto.setAttribute;
  Object.defineProperty(proto, 'src', {
    ...descriptor,
    set(this: HTMLImageElement, value: string) {
      note(this);
      descriptor.set?.call(this, value);
    },
  });
  proto.setAttribute = function (this: HTMLImageElement, name: string, value: string) {
    if (name === 'src') note(this);
    setAttribute.call(this, name, value);
  };
  return {
    seen,
    restore: () => {
      Object.defineProperty(proto, 'src', descriptor);
      proto.setAttribute = setAttribute;
    },
  };
}

afterEach(cleanup);

describe('lazyImage', () => {
  it('gets its source only after the frame that first shows it, lazy and decoded asynchronously', async () => {
    const watch = watchSrcAssignments();
    try {
      const { container } = render(
        <div>
          {lazyImage({
            class: 'thumb',
            src: 'https://exchange.test/img/btc.png',
            size: 28,
            fallback: 'BC',
          })}
        </div>,
      );
      const img = container.querySelector('img');
      // Rendered, on the page, and not yet fetching anything.
      expect(img?.isConnected).toBe(true);
      expect(img?.getAttribute('src')).toBeNull();
      await waitFor(() =>
        expect(img?.getAttribute('src')).toBe('https://exchange.test/img/btc.png'),
      );
    } finally {
      watch.restore();
    }
    expect(watch.seen.length).toBeGreaterThan(0);
    for (const moment of watch.seen)
      expect(moment).toEqual({ loading: 'lazy', decoding: 'async', connected: true });
  });

  it('gives all the images of a render their sources, and follows a new source', async () => {
    const view = (second: string) => (
      <div>
        {lazyImage({
          class: 'thumb',
          src: 'https://exchange.test/a.png',
          size: 28,
          fallback: 'BC',
        })}
        {lazyImage({ class: 'thumb', src: second, size: 28, fallback: 'BC' })}
      </div>
    );
    const { container, rerender } = render(view('https://exchange.test/b.png'));
    const sources = () => [...container.querySelectorAll('img')].map((i) => i.getAttribute('src'));
    await waitFor(() =>
      expect(sources()).toEqual(['https://exchange.test/a.png', 'https://exchange.test/b.png']),
    );
    rerender(view('https://exchange.test/c.png'));
    await waitFor(() =>
      expect(sources()).toEqual(['https://exchange.test/a.png', 'https://exchange.test/c.png']),
    );
  });

  it('is a decorative image of the given size', () => {
    const { container } = render(
      <div>
        {lazyImage({
          class: 'avatar',
          src: 'https://exchange.test/a.png',
          size: 20,
          fallback: 'A',
        })}
      </div>,
    );
    const img = container.querySelector('img');
    expect(img?.getAttribute('alt')).toBe('');
    expect(img?.getAttribute('width')).toBe('20');
    expect(img?.getAttribute('height')).toBe('20');
    expect(img?.parentElement?.className).toBe('avatar img-frame');
  });

  it('shows the initials when the image fails to load (offline), never a broken image', () => {
    const { container } = render(
      <div>
        {lazyImage({
          class: 'thumb',
          src: 'https://exchange.test/a.png',
          size: 28,
          fallback: 'BC',
        })}
      </div>,
    );
    const img = container.querySelector('img');
    expect(container.querySelector('.img-initials')?.textContent).toBe('BC');
    expect(img?.hidden).toBe(false);
    img?.dispatchEvent(new Event('error'));
    expect(img?.hidden).toBe(true);
    expect(container.querySelector('.img-initials')?.textContent).toBe('BC');
  });
});

describe('initialsOf', () => {
  it("takes the first letters of a title's first two words that say something", () => {
    expect(initialsOf('Will BTC close above $100k?')).toBe('BC');
    expect(initialsOf('Will the Fed cut rates in March?')).toBe('FC');
    expect(initialsOf('$100k')).toBe('1');
    expect(initialsOf('   ')).toBe('?');
  });
});
