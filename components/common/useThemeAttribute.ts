import { useEffect } from 'preact/hooks';
import type { Settings } from '../../lib/core/settings/schema';

/**
 * The `theme` setting on the root element: `system` leaves the attribute off (the
 * stylesheet follows the system), `light` and `dark` force one.
 */
export function useThemeAttribute(
  theme: Settings['theme'],
  root: HTMLElement = document.documentElement,
): void {
  useEffect(() => {
    if (theme === 'system') root.removeAttribute('data-theme');
    else root.setAttribute('data-theme', theme);
  }, [theme, root]);
}
