import type { Page } from 'playwright-core';
import type { IntentView } from '../../../lib/protocol/intent';
import type { Reply } from '../../../lib/protocol/router';
import type { Harness } from '../fixtures';

/** A one-click FOK buy, sent as the popup or the page panel sends it. */
export function quickBuy(
  h: Harness,
  { marketSlug = 'sandbox-btc-100k', amountRaw = '5000000', pressId = crypto.randomUUID() } = {},
  from?: Page,
): Promise<Reply<IntentView>> {
  return h.send(
    'panel.quickOrder',
    {
      marketSlug,
      outcome: 'YES',
      side: 'BUY',
      orderType: 'FOK',
      amountRaw,
      pressId,
    },
    from,
  );
}

/** The intent's view, or fails the test with the refusal. */
export function intentOf(reply: Reply<IntentView>): IntentView {
  if (!reply.ok) throw new Error(`the order was refused: ${JSON.stringify(reply.error)}`);
  return reply.data;
}
