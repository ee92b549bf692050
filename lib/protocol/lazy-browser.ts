import type { Messenger } from './client';

let loading: Promise<Messenger> | null = null;

/**
 * `send`, loaded on first use: the whole protocol's schemas (feed, onboarding, portfolio…)
 * stay out of the popup's first paint, which needs only the state port. `preload()` warms
 * it once the first frame is on screen.
 */
export const lazySend: Messenger = async (name, request) => {
  loading ??= import('./browser').then((m) => m.send);
  return (await loading)(name, request);
};

export function preloadMessenger(): void {
  loading ??= import('./browser').then((m) => m.send);
}
