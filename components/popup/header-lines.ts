import type { RestrictedTradingMode } from '../../lib/core/api/maintenance';
import type { PartnerAccount } from '../../lib/core/api/profiles';
import { shortAddress } from '../../lib/core/format/identity';
import type {
  ConnectionState,
  ExchangeStatus,
  TradingModeView,
  VaultView,
} from '../../lib/protocol/views';

export type ConnectionTone = 'live' | 'pending' | 'offline' | 'locked';

export interface ConnectionLine {
  tone: ConnectionTone;
  label: string;
  /** ISO time of the next reconnect attempt, for a countdown. */
  nextAttemptAt: string | null;
  /** Longer words for a tooltip / screen readers. */
  detail: string;
}

/**
 * What the header says about the connection. `portConnected` is the popup's own link to
 * the background (false while a stopped worker restarts).
 */
export function connectionLine(
  vault: VaultView['status'],
  connection: ConnectionState,
  portConnected: boolean,
  exchange: ExchangeStatus = { status: 'up' },
): ConnectionLine {
  if (!portConnected) {
    return {
      tone: 'pending',
      label: 'Reconnecting',
      nextAttemptAt: null,
      detail: "Waiting for the extension's background to answer again.",
    };
  }
  // Before the socket's own state: a hung exchange can leave the socket looking live.
  if (exchange.status === 'down') {
    return {
      tone: 'offline',
      label: 'Exchange not answering',
      nextAttemptAt: null,
      detail: `No answer from the exchange (${exchange.reason}); trading is paused until it is back.`,
    };
  }
  if (vault === 'locked') {
    return { tone: 'locked', label: 'Locked', nextAttemptAt: null, detail: 'Unlock to trade.' };
  }
  switch (connection.status) {
    case 'live':
      return {
        tone: 'live',
        label: 'Live',
        nextAttemptAt: null,
        detail: connection.authenticated
          ? 'Connected: prices, positions and order events arrive live.'
          : 'Connected to public prices only.',
      };
    case 'connecting':
      return {
        tone: 'pending',
        label: 'Connecting',
        nextAttemptAt: null,
        detail: 'Connecting to the exchange.',
      };
    case 'reconnecting':
      return {
        tone: 'pending',
        label: 'Reconnecting',
        nextAttemptAt: new Date(connection.nextAttemptAt).toISOString(),
        detail: `Connection lost (${connection.reason}); attempt ${connection.attempt + 1} soon.`,
      };
    case 'error':
      return {
        tone: 'offline',
        label: 'Refused',
        nextAttemptAt:
          connection.nextAttemptAt === undefined
            ? null
            : new Date(connection.nextAttemptAt).toISOString(),
        detail: connection.reason,
      };
    case 'idle':
      return { tone: 'offline', label: 'Offline', nextAttemptAt: null, detail: 'Not connected.' };
  }
}

const MODE_TITLES: Record<RestrictedTradingMode, string> = {
  post_only: 'Post-only',
  cancel_only: 'Cancel-only',
  disabled: 'Trading halted',
  UNRECOGNIZED: 'Unusual trading mode',
};

const MODE_TEXT: Record<RestrictedTradingMode, string> = {
  post_only: 'The exchange accepts only orders that rest on the book; one-click orders wait.',
  cancel_only: 'The exchange accepts cancellations only.',
  disabled: 'Trading is disabled; orders cannot be placed or cancelled.',
  UNRECOGNIZED:
    'The exchange reports a trading mode this version does not know; it may refuse some orders.',
};

export interface ModeBanner {
  mode: RestrictedTradingMode;
  title: string;
  text: string;
  resumeAt: string | null;
}

/** The trading-mode banner, or null while trading is normal (or not known yet). */
export function modeBanner(mode: TradingModeView | null): ModeBanner | null {
  if (!mode || mode.mode === 'normal') return null;
  return {
    mode: mode.mode,
    title: MODE_TITLES[mode.mode],
    text: MODE_TEXT[mode.mode],
    resumeAt: mode.resumeAt,
  };
}

/** How a sub-account is named in the picker. */
export function subAccountLabel(sub: PartnerAccount): string {
  return sub.displayName?.trim() || shortAddress(sub.account);
}
