import { useContext } from 'preact/hooks';
import { shortDateTime } from '../../lib/core/format/time';
import { Countdown } from '../common/Countdown';
import { ExchangeClockContext } from '../common/exchange-clock';
import type { ModeBanner as Banner } from './header-lines';

/** Shown whenever the exchange is not in normal trading. */
export function ModeBanner({
  banner,
  now,
}: {
  banner: Banner /** Exchange time. */;
  now?: number;
}) {
  const offset = useContext(ExchangeClockContext);
  const exchangeNow = now ?? Date.now() + offset;
  const resumes = banner.resumeAt !== null && Date.parse(banner.resumeAt) > exchangeNow;
  return (
    <div class={`banner banner-warn mode-${banner.mode}`} role="status">
      <strong>{banner.title}.</strong> {banner.text}
      {banner.resumeAt ? (
        <>
          {' '}
          Trading resumes at{' '}
          <time dateTime={banner.resumeAt}>{shortDateTime(banner.resumeAt)}</time>
          {resumes ? (
            <span aria-hidden="true">
              {' (in '}
              <Countdown until={banner.resumeAt} clock="exchange" />)
            </span>
          ) : null}
          .
        </>
      ) : null}
    </div>
  );
}
