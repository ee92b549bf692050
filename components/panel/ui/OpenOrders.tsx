import { Countdown } from '../../common/Countdown';
import type { PanelController } from '../model/controller';
import { openOrderRows, pendingIntents, pressTitle } from '../model/orders';
import { ResultSlot } from './ResultSlot';
import { SlottedList } from './SlottedList';

/**
 * The user's open orders on this market with one-click cancel each, "cancel all on this
 * market", and the desk's orders still waiting on the exchange (a delayed one counts down).
 * "Cancel all" heads the section at a fixed place.
 */
export function OpenOrders({ controller, now }: { controller: PanelController; now: number }) {
  const state = controller.state.value;
  if (!state) return null;
  // Locked, there are no orders to show; the room stays, so unlocking moves nothing.
  if (state.vaultStatus !== 'unlocked') return <div class="mc-group mc-orders" />;
  const cancelAllowed = !state.block || state.block.cancelAllowed;
  // Whether an order is still held is a question of the exchange's time.
  const rows = openOrderRows(state, now + state.clockOffsetMs);
  const result = controller.results.value.orders;
  const busy = controller.busy.value;
  const listed = new Set(rows.map((r) => r.clientOrderId).filter((id) => id !== null));
  const shownInResults = new Set(
    [controller.results.value.YES, controller.results.value.NO]
      .map((r) => r?.intent?.clientOrderId)
      .filter((id) => id !== undefined),
  );
  const waiting = pendingIntents(state.intents).filter(
    (i) => !listed.has(i.clientOrderId) && !shownInResults.has(i.clientOrderId),
  );
  const intentOf = (clientOrderId: string | null) =>
    clientOrderId ? state.intents.find((i) => i.clientOrderId === clientOrderId) : undefined;
  return (
    <div class="mc-group mc-orders" data-section="orders">
      <p class="mc-section-title">
        <span>Open orders ({rows.length})</span>
        <button
          type="button"
          class="mc-small danger"
          data-action="cancel-all"
          disabled={!cancelAllowed || rows.length === 0 || busy.has('cancel-all')}
          title={cancelAllowed ? 'Cancel all your orders on this market' : state.block?.message}
          onClick={(event) => controller.cancelAll(event)}
        >
          Cancel all
        </button>
      </p>
      {/* A list of its own height, scrolled when longer: rows that come and go move no
          control outside it, and each row keeps its slot while it lives (SlottedList). */}
      <SlottedList
        class="mc-orders-list"
        rows={[
          ...rows.map((row) => {
            const intent = intentOf(row.clientOrderId);
            return {
              // An order the desk placed keeps the slot its waiting intent had.
              key: row.clientOrderId ?? `order:${row.id}`,
              row: (
                <li data-order-id={row.id}>
                  <span class="num">
                    {row.label}
                    {row.delayedUntil ? (
                      <span class="mc-muted">
                        {' '}
                        · delayed <Countdown until={row.delayedUntil} clock="exchange" />
                      </span>
                    ) : null}
                  </span>
                  <button
                    type="button"
                    class="mc-small danger"
                    data-action="cancel-order"
                    data-order-id={row.id}
                    aria-label={`Cancel ${row.label}`}
                    disabled={
                      !cancelAllowed ||
                      busy.has(`cancel:${row.id}`) ||
                      (intent !== undefined && busy.has(`cancel-intent:${intent.clientOrderId}`))
                    }
                    onClick={(event) =>
                      intent
                        ? controller.cancelIntent(intent, event)
                        : controller.cancelOrder(row.id, row.label, event)
                    }
                  >
                    Cancel
                  </button>
                </li>
              ),
            };
          }),
          ...waiting.map((intent) => ({
            key: intent.clientOrderId,
            row: (
              <li data-intent={intent.clientOrderId} title="Waiting on the exchange">
                <span>
                  {pressTitle(intent.side, intent.outcome, '').trim()}: {intent.summary}
                  {intent.state === 'delayed' && intent.eligibleAt ? (
                    <span class="mc-muted">
                      {' '}
                      (in <Countdown until={intent.eligibleAt} clock="exchange" />)
                    </span>
                  ) : null}
                </span>
                {intent.state === 'delayed' || intent.state === 'resting' ? (
                  <button
                    type="button"
                    class="mc-small danger"
                    data-action="cancel-intent"
                    data-client-order-id={intent.clientOrderId}
                    disabled={!cancelAllowed}
                    onClick={(event) => controller.cancelIntent(intent, event)}
                  >
                    Cancel
                  </button>
                ) : null}
              </li>
            ),
          })),
        ]}
      />
      <ResultSlot result={result} controller={controller} group="orders" />
    </div>
  );
}
