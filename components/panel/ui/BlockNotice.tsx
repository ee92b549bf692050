import { shortDateTime } from '../../../lib/core/format/time';
import type { PanelBlock } from '../../../lib/protocol/views';
import { Countdown } from '../../common/Countdown';
import { OutageNotice } from '../../common/OutageNotice';
import type { PanelController } from '../model/controller';

/** Why the panel cannot place orders here, with the way out when there is one. */
export function BlockNotice({
  block,
  controller,
}: {
  block: PanelBlock;
  controller: PanelController;
}) {
  const state = controller.state.value;
  if (block.code === 'exchange-down' && state) {
    return (
      <OutageNotice
        exchange={state.exchange}
        pricesAt={state.market?.tradeType === 'clob' ? (state.book?.updatedAt ?? null) : null}
        class="mc-notice"
      />
    );
  }
  const setup = block.code === 'locked' || block.code === 'not-set-up';
  const resumeAt =
    block.resumeAt && !Number.isNaN(Date.parse(block.resumeAt)) ? block.resumeAt : null;
  return (
    <p class="mc-notice" role="status" data-block={block.code}>
      <span>{block.message}</span>
      {resumeAt ? (
        <span data-resume-at={resumeAt}>
          {' '}
          Trading resumes {shortDateTime(resumeAt)} (in{' '}
          <Countdown until={resumeAt} clock="exchange" />
          ).
        </span>
      ) : null}
      {block.code === 'trading-mode' ? (
        <span>
          {' '}
          {block.cancelAllowed ? 'You can still cancel orders.' : 'Cancelling is not possible now.'}
        </span>
      ) : null}
      {block.code === 'expired' && block.cancelAllowed ? (
        <span> You can still cancel your orders here.</span>
      ) : null}
      {setup ? (
        <button
          type="button"
          class="link"
          data-action="open-options"
          onClick={(event) => controller.openOptions(event)}
        >
          {block.code === 'locked' ? 'Unlock' : 'Set up'}
        </button>
      ) : null}
    </p>
  );
}
