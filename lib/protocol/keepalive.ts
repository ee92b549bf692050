/**
 * What an open UI posts on its port every `KEEPALIVE_MS`. Firefox unloads an idle event
 * page ~30 s after its last event even while ports are open (the socket drops with it);
 * a message arriving on a port is an event, so a UI someone has open keeps the background
 * and its live connection up. The background drops it unread.
 */
export const KEEPALIVE = { keepalive: true } as const;
export const KEEPALIVE_MS = 20_000;

export const isKeepAlive = (message: unknown): boolean =>
  typeof message === 'object' &&
  message !== null &&
  (message as { keepalive?: unknown }).keepalive === true;
