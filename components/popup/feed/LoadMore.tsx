import { useEffect, useRef } from 'preact/hooks';

/**
 * The end of the list: loads the next page when it scrolls into view
 * (IntersectionObserver), and is a plain button where that is missing or for keyboards.
 */
export function LoadMore({
  onMore,
  loading,
  loaded,
}: {
  onMore: () => void;
  loading: boolean;
  /** How many entries are shown: the observer re-arms after each page. */
  loaded: number;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  more.current = onMore;
  useEffect(() => {
    const target = sentinel.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (seen) => {
        if (seen.some((e) => e.isIntersecting)) more.current();
      },
      { rootMargin: '0px 0px 160px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [loaded]);
  return (
    <div class="load-more" ref={sentinel}>
      <button type="button" class="small" onClick={onMore} disabled={loading}>
        {loading ? 'Loading…' : 'Load more'}
      </button>
    </div>
  );
}
