import { afterNextPaint, whenIdle } from './next-frame';

/**
 * A decorative image (a market's thumbnail, a trader's avatar) over its initials: it gets its source only after
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
  fallback,
}: {
  class: string;
  src: string;
  size: number;
  /** Shown under the image, and alone when it fails to load (offline): the initials. */
  fallback: string;
}) {
  return (
    <span class={`${className} img-frame`} aria-hidden="true">
      <span class="img-initials">{fallback}</span>
      <img
        ref={(image: HTMLImageElement | null) => {
          if (image) sourceAfterPaint(image, src);
        }}
        loading="lazy"
        decoding="async"
        // A broken image would hide the initials behind the browser's broken-image mark.
        onError={(event) => {
          event.currentTarget.hidden = true;
        }}
        alt=""
        width={size}
        height={size}
      />
    </span>
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
