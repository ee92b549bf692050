import { useEffect, useRef } from 'preact/hooks';

/**
 * A decorative image (a market's thumbnail, a trader's avatar): it gets its source only after
 * the frame that first shows it, then is fetched as it nears the screen and decoded off the
 * main thread. With 50 positions, setting each `src` during the first render cost ~0.5 ms
 * per image even when lazy (~2 ms when `src` came before `loading`, which also fetched every
 * image at once): time the trader waited for figures, for pictures.
 */
export function LazyImage({
  class: className,
  src,
  size,
}: {
  class: string;
  src: string;
  size: number;
}) {
  const image = useRef<HTMLImageElement>(null);
  // An effect runs after the browser has painted the render that created the element.
  useEffect(() => {
    if (image.current && image.current.getAttribute('src') !== src) image.current.src = src;
  }, [src]);
  return (
    <img
      ref={image}
      loading="lazy"
      decoding="async"
      class={className}
      alt=""
      width={size}
      height={size}
    />
  );
}
