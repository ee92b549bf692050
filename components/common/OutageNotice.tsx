import type { ExchangeStatus } from '../../lib/protocol/views';
import { outageSentence } from './outage';
import { useNow } from './useNow';

/**
 * The exchange is not answering: since when, that trading is paused, and how old the
 * prices on screen are, ticking here. Shared by the panel, the popup and the side panel.
 */
export function OutageNotice({
  exchange,
  pricesAt,
  class: className,
}: {
  exchange: ExchangeStatus;
  /** When the prices this surface shows were received; null when it shows none. */
  pricesAt: number | null;
  class: string;
}) {
  const now = useNow(exchange.status === 'down');
  if (exchange.status !== 'down') return null;
  const words = outageSentence(exchange, pricesAt, now);
  return (
    <p
      class={className}
      role="alert"
      data-outage={exchange.since}
      data-detected-at={exchange.detectedAt}
      data-last-answered-at={exchange.lastAnsweredAt ?? undefined}
    >
      {words.lead}
      {/* A ticking age inside a live region would be read out every second. */}
      {words.age ? <span aria-hidden="true">{words.age}</span> : null}
      {words.tail}
    </p>
  );
}
