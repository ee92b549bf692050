import type { MarketRecord } from '../../core/api/markets';
import type { UserOrder } from '../../core/api/orders';
import type { ClobPosition } from '../../core/api/portfolio';
import { formatUsd } from '../../core/format/money';
import type { BookLadder } from '../../core/orders/book-ladder';
import type { BookTop } from '../../core/orders/book-top';
import { RAW_PER_UNIT } from '../../core/orders/units';
import type { Settings } from '../../core/settings/schema';
import type { IntentView } from '../../protocol/intent';
import { markWords } from '../../protocol/mark-words';
import type {
  ConnectionState,
  ExchangeStatus,
  PanelBlock,
  PanelPositionSide,
  PanelState,
  TradingModeView,
  VaultView,
} from '../../protocol/views';
import type { MarkedEntry } from '../account/marks';
import type { PortfolioTracker } from '../account/portfolio';

export interface PanelInputs {
  marketSlug: string;
  market: MarketRecord | null;
  vault: VaultView['status'];
  mode: TradingModeView | null;
  book: BookTop | null;
  ladder: BookLadder | null;
  portfolio: Pick<PortfolioTracker, 'entry' | 'amm'>;
  /** The market's position marked to its live book (absent: the exchange's figures). */
  mark?: (entry: ClobPosition | null) => MarkedEntry | null;
  /** The taker fee a SELL pays on this market, basis points. */
  sellFeeBps?: number;
  openOrders: UserOrder[];
  intents: IntentView[];
  settings: Settings;
  connection: ConnectionState;
  exchange: ExchangeStatus;
  now: number;
  /** The exchange's clock minus the local one (`ServerClock.offset`). */
  clockOffsetMs: number;
}

/** What a trade button says, and the background answers a press with, while the exchange is down. */
export const EXCHANGE_DOWN_MESSAGE =
  'The exchange is not answering: trading is paused until it is back.';

/** Why new orders cannot be placed here, most fundamental reason first. */
export function panelBlock(
  input: Pick<PanelInputs, 'market' | 'vault' | 'mode' | 'now' | 'exchange'>,
): PanelBlock | null {
  const { market, mode } = input;
  const block = (
    code: PanelBlock['code'],
    message: string,
    cancelAllowed = true,
    resumeAt: string | null = null,
  ): PanelBlock => ({
    code,
    message,
    cancelAllowed,
    resumeAt,
  });
  // First: while nothing answers, what else is true of the market is not known either.
  if (input.exchange.status === 'down') return block('exchange-down', EXCHANGE_DOWN_MESSAGE, false);
  if (!market) return block('unknown-market', 'This market is not known to the exchange.', false);
  if (market.tradeType === 'amm')
    return block('amm', 'This is an AMM market: it takes no order-book orders.', false);
  if (market.status === 'RESOLVED')
    return block('resolved', 'This market is resolved: trading has ended.', false);
  if (market.deadline && Date.parse(market.deadline) <= input.now) {
    // The exchange refuses cancels only on resolved markets: an order left resting past the
    // deadline can still be taken off, whenever something can sign and trading is not disabled.
    const canCancel = input.vault === 'unlocked' && mode?.mode !== 'disabled';
    return block('expired', 'Trading on this market closed at its deadline.', canCancel);
  }
  if (input.vault === 'empty')
    return block('not-set-up', 'Set up your API token in the extension to trade here.', false);
  if (input.vault === 'locked')
    return block('locked', 'Unlock the extension to trade here.', false);
  // A mode this version does not know blocks nothing here: the exchange's answer decides.
  if (mode && mode.mode !== 'normal' && mode.mode !== 'UNRECOGNIZED') {
    const words =
      mode.mode === 'post_only'
        ? 'The exchange accepts post-only orders only; one-click orders are paused.'
        : mode.mode === 'cancel_only'
          ? 'The exchange accepts cancellations only right now.'
          : 'Trading is disabled on the exchange right now.';
    return block('trading-mode', words, mode.mode !== 'disabled', mode.resumeAt);
  }
  return null;
}

/** The sandbox runs on this machine; a real exchange never does. */
function isLocalExchange(apiUrl: string): boolean {
  try {
    const host = new URL(apiUrl).hostname;
    return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
  } catch {
    return false;
  }
}

/**
 * "Try it: click $5 under Buy YES", for a newcomer trying the sandbox: shown while nothing
 * blocks trading and no order has been placed yet, gone with the first one.
 */
export function firstRunHint(input: PanelInputs, block: PanelBlock | null): string | null {
  if (block || input.vault !== 'unlocked' || input.intents.length > 0) return null;
  if (!isLocalExchange(input.settings.exchange.apiUrl)) return null;
  const first = input.settings.quickTrade.presets[0];
  if (!first || input.market?.tradeType !== 'clob') return null;
  const raw = BigInt(first);
  return `Try it: click ${formatUsd(raw, raw % RAW_PER_UNIT === 0n ? 0 : 2)} under Buy YES.`;
}

export function buildPanelState(input: PanelInputs): PanelState {
  const exchange = input.portfolio.entry(input.marketSlug);
  const marked = input.mark ? input.mark(exchange) : null;
  const entry = marked?.entry ?? exchange;
  // An AMM market's holdings are listed apart from the CLOB positions.
  const amm = entry ? null : input.portfolio.amm(input.marketSlug);
  const side = (s: 'yes' | 'no'): PanelPositionSide | null => {
    if (entry)
      return {
        contractsRaw: s === 'yes' ? entry.tokensBalance.yes : entry.tokensBalance.no,
        avgPriceRaw: entry.positions[s].fillPrice,
        unrealizedPnlRaw: entry.positions[s].unrealizedPnl,
        markedBy: markWords(s === 'yes' ? 'YES' : 'NO', marked?.marks[s] ?? null),
      };
    const held = amm?.[s === 'yes' ? 'YES' : 'NO'];
    if (!held) return null;
    return {
      contractsRaw: held.contractsRaw.toString(),
      avgPriceRaw: held.avgPriceRaw.toString(),
      unrealizedPnlRaw: held.unrealizedPnlRaw === null ? null : held.unrealizedPnlRaw.toString(),
    };
  };
  const block = panelBlock(input);
  const yes = side('yes');
  const no = side('no');
  const connection =
    input.connection.status === 'live'
      ? 'live'
      : input.connection.status === 'connecting'
        ? 'connecting'
        : 'offline';
  return {
    marketSlug: input.marketSlug,
    market: input.market
      ? {
          title: input.market.title,
          imageUrl: input.market.imageUrl ?? null,
          tradeType: input.market.tradeType,
          status: input.market.status,
          deadline: input.market.deadline,
          tokens: input.market.tokens
            ? { yes: input.market.tokens.yes, no: input.market.tokens.no }
            : null,
        }
      : null,
    vaultStatus: input.vault,
    mode: input.mode,
    book: input.book,
    ladder: input.ladder,
    position: yes && no ? { yes, no } : null,
    openOrders: input.vault === 'unlocked' ? input.openOrders : [],
    intents: input.intents.filter((i) => i.marketSlug === input.marketSlug).slice(0, 8),
    quickTrade: input.settings.quickTrade,
    caps: input.settings.caps,
    panel: input.settings.panel,
    theme: input.settings.theme,
    block,
    hint: firstRunHint(input, block),
    connection,
    exchange: input.exchange,
    ...(input.sellFeeBps !== undefined ? { sellFeeBps: input.sellFeeBps } : {}),
    clockOffsetMs: input.clockOffsetMs,
  };
}
