// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { LazyImage } from '@/components/common/LazyImage';

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

describe('LazyImage', () => {
  it('gets its source only once it is on the page, lazy and decoded asynchronously', () => {
    const watch = watchSrcAssignments();
    let img: HTMLImageElement | null = null;
    try {
      const { container } = render(
        <LazyImage class="thumb" src="https://exchange.test/img/btc.png" size={28} />,
      );
      img = container.querySelector('img');
    } finally {
      watch.restore();
    }
    expect(img?.getAttribute('src')).toBe('https://exchange.test/img/btc.png');
    expect(watch.seen.length).toBeGreaterThan(0);
    for (const moment of watch.seen)
      expect(moment).toEqual({ loading: 'lazy', decoding: 'async', connected: true });
  });

  it('follows a new source', () => {
    const { container, rerender } = render(
      <LazyImage class="thumb" src="https://exchange.test/a.png" size={28} />,
    );
    rerender(<LazyImage class="thumb" src="https://exchange.test/b.png" size={28} />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://exchange.test/b.png');
  });

  it('is a decorative image of the given size', () => {
    const { container } = render(
      <LazyImage class="avatar" src="https://exchange.test/a.png" size={20} />,
    );
    const img = container.querySelector('img');
    expect(img?.getAttribute('alt')).toBe('');
    expect(img?.getAttribute('width')).toBe('20');
    expect(img?.getAttribute('height')).toBe('20');
    expect(img?.className).toBe('avatar');
  });
});
