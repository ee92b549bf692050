import { afterNextPaint, whenIdle } from './frames';

/**
 * A decorative image (a market's thumbnail, a trader's avatar): it gets its source only after
 * the frame that first shows it, once the page is idle (the figures' paint and the first
 * input come first), then is fetched as it nears the screen and decoded off the main
 * thread. With 50 positions, setting each `src` during the first render cost ~0.5 ms
 * per image even when lazy (~2 ms when `src` came before `loading`, which also fetched every
 * image at once): time the trader waited for figures, for pictures. A plain function with a
 * ref rather than a component with hooks: one less component instance per card, and all the
 * images of a render get their sources in one task.
 */
export function lazyImage({
  class: className,
  src,
  size,
}: {
  class: string;
  src: string;
  size: number;
}) {
  return (
    <img
      ref={(image: HTMLImageElement | null) => {
        if (image) sourceAfterPaint(image, src);
      }}
      loading="lazy"
      decoding="async"
      class={className}
      alt=""
      width={size}
      height={size}
    />
  );
}

const waiting = new Map<HTMLImageElement, string>();

/** Sets `src` once the frame that first shows the image is painted and the page is idle. */
function sourceAfterPaint(image: HTMLImageElement, src: string): void {
  if (image.getAttribute('src') === src) {
    waiting.delete(image);
    return;
  }
  const first = waiting.size === 0;
  waiting.set(image, src);
  if (!first) return;
  const flush = () => {
    for (const [img, url] of waiting) if (img.isConnected) img.src = url;
    waiting.clear();
  };
  afterNextPaint(() => whenIdle(flush));
}
