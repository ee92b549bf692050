import { initialsOf } from '../../common/initials';
import { lazyImage } from '../../common/lazy-image';
import { useExchangeImage } from '../images';
import { marketUrl } from '../links';
import { useServices } from '../services';
import type { SubjectRef } from './feed-cards';

/** The market (or group) a card is about; clicking it opens its page on the exchange site. */
export function SubjectLink({
  subject,
  sitePattern,
}: {
  subject: SubjectRef;
  sitePattern: string;
}) {
  const { openTab } = useServices();
  const url = marketUrl(sitePattern, subject.slug);
  const image = useExchangeImage(subject.imageUrl);
  const body = (
    <>
      {image ? (
        lazyImage({ class: 'thumb', src: image, size: 24, fallback: initialsOf(subject.title) })
      ) : (
        <span class="thumb thumb-empty" aria-hidden="true">
          {initialsOf(subject.title)}
        </span>
      )}
      <span class="subject-text">
        {subject.groupTitle ? <span class="subject-group">{subject.groupTitle} · </span> : null}
        <span class="subject-title">{subject.title}</span>
        {subject.kind === 'GROUP' ? <span class="tag">group</span> : null}
        {subject.resolved ? <span class="tag">resolved</span> : null}
      </span>
    </>
  );
  return url ? (
    <a
      class="subject"
      href={url}
      onClick={(event) => {
        event.preventDefault();
        openTab(url);
      }}
    >
      {body}
    </a>
  ) : (
    <span class="subject">{body}</span>
  );
}
