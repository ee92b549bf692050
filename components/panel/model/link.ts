import type { PanelState } from '../../../lib/protocol/views';

export type Link = 'live' | 'connecting' | 'offline';

/**
 * Whether the panel's prices are live, as the header's light says it: the exchange
 * answering, the panel's port to the background open, and the background's live feed.
 */
export function linkOf(state: PanelState | null, connected: boolean): Link {
  if (state?.exchange.status === 'down' || !connected) return 'offline';
  return state?.connection ?? 'connecting';
}

/** The light's words. */
export function linkWords(state: PanelState | null, link: Link): string {
  if (state?.exchange.status === 'down') return 'The exchange is not answering';
  if (link === 'live') return 'Live prices';
  if (link === 'connecting') return 'Connecting to the exchange';
  return 'Offline: prices may be old';
}
