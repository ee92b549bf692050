import { Countdown } from '@/components/common/Countdown';
import { shortDateTime } from '@/lib/format/time';
import type { ModeBanner as Banner } from '@/lib/popup-model/header';

/** Shown whenever the exchange is not in normal trading. */
export function ModeBanner({ banner, now = Date.now() }: { banner: Banner; now?: number }) {
  const resumes = banner.resumeAt !== null && Date.parse(banner.resumeAt) > now;
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
              <Countdown until={banner.resumeAt} />)
            </span>
          ) : null}
          .
        </>
      ) : null}
    </div>
  );
}
