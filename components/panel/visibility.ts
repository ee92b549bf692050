import type { Signal } from '@preact/signals';
import type { PanelVisibility } from './model/trust';

/** IntersectionObserver v2 (Chromium): `trackVisibility` and `isVisible`. */
interface VisibilityInit extends IntersectionObserverInit {
  trackVisibility: boolean;
  delay: number;
}
type VisibilityEntry = IntersectionObserverEntry & { isVisible?: boolean };

/**
 * Keeps `into` told whether the browser sees `element` as really visible to the user
 * (not covered, see-through, filtered or transformed by the page). Where the browser
 * cannot tell, it stays 'unknown'. Returns the stop function.
 */
export function watchVisibility(element: Element, into: Signal<PanelVisibility>): () => void {
  if (typeof IntersectionObserver !== 'function') return () => undefined;
  let observer: IntersectionObserver;
  try {
    const init: VisibilityInit = { threshold: [1], trackVisibility: true, delay: 100 };
    observer = new IntersectionObserver((entries) => {
      const last = entries[entries.length - 1] as VisibilityEntry | undefined;
      if (!last || typeof last.isVisible !== 'boolean') return;
      into.value = last.isVisible ? 'visible' : 'obscured';
    }, init);
  } catch {
    return () => undefined;
  }
  observer.observe(element);
  return () => observer.disconnect();
}
