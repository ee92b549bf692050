import { useEffect, useMemo, useState } from 'preact/hooks';
import type { FeedAudience } from '../../../lib/core/api/feed';
import { timeAgo } from '../../../lib/core/format/time';
import { ErrorLine } from '../../common/ErrorLine';
import { TabPanel, Tabs } from '../../common/Tabs';
import { ImageOrigins, imageOriginsOf } from '../images';
import { useServices } from '../services';
import { FeedCard } from './FeedCard';
import { FallbackNote, FeedEmpty, UnavailableBanner } from './FeedNotices';
import { FeedPager, type FeedState } from './feed-pager';
import { LoadMore } from './LoadMore';

const AUDIENCES = [
  { id: 'all', label: 'All' },
  { id: 'featured', label: 'Featured' },
  { id: 'following', label: 'Following' },
] as const satisfies readonly { id: FeedAudience; label: string }[];

/** The exchange's trading feed, by audience, paged as it scrolls. */
export function FeedScreen({
  sitePattern,
  limit,
  imageOrigins = imageOriginsOf([sitePattern]),
}: {
  sitePattern: string;
  limit?: number;
  /** Where feed images may come from: the exchange's API and site (default: its site). */
  imageOrigins?: readonly string[];
}) {
  const { send } = useServices();
  const pager = useMemo(
    () =>
      new FeedPager({
        fetchPage: (request) => send('feed.page', request),
        ...(limit ? { limit } : {}),
      }),
    [],
  );
  const [state, setState] = useState(pager.state);
  useEffect(() => {
    const off = pager.subscribe(setState);
    pager.start();
    return () => {
      off();
      pager.dispose();
    };
  }, [pager]);

  return (
    <ImageOrigins.Provider value={imageOrigins}>
      <div class="feed-screen">
        <div class="feed-bar">
          <Tabs
            items={AUDIENCES}
            selected={state.audience}
            onSelect={(audience) => pager.select(audience)}
            label="Whose trades"
            idPrefix="feed"
          />
          <button
            type="button"
            class="ghost small"
            onClick={() => pager.reload()}
            disabled={state.phase === 'loading'}
            title={state.loadedAt ? `Updated ${timeAgo(state.loadedAt)}` : undefined}
          >
            Refresh
          </button>
        </div>
        {AUDIENCES.map(({ id }) => (
          <TabPanel key={id} idPrefix="feed" id={id} hidden={id !== state.audience}>
            {id === state.audience ? (
              <FeedBody state={state} pager={pager} sitePattern={sitePattern} />
            ) : null}
          </TabPanel>
        ))}
      </div>
    </ImageOrigins.Provider>
  );
}

/** What one audience shows: notes, banners, the cards and the end of the list. */
function FeedBody({
  state,
  pager,
  sitePattern,
}: {
  state: FeedState;
  pager: FeedPager;
  sitePattern: string;
}) {
  const ready = state.phase === 'ready' || state.phase === 'loading-more';
  return (
    <>
      {state.notice ? <p class="note">{state.notice}</p> : null}
      {ready && state.effectiveAudience ? (
        <FallbackNote requested={state.audience} served={state.effectiveAudience} />
      ) : null}
      {state.phase === 'unavailable' && state.error ? (
        <UnavailableBanner
          error={state.error}
          retryAt={state.retryAt}
          onRetry={() => pager.retryNow()}
        />
      ) : null}
      {state.phase === 'error' && state.error ? (
        <ErrorLine error={state.error} onRetry={() => pager.retryNow()} />
      ) : null}
      {state.phase === 'loading' ? (
        <p class="muted" role="status">
          Loading the feed…
        </p>
      ) : null}
      {ready && state.entries.length === 0 ? (
        <FeedEmpty audience={state.audience} reason={state.emptyReason} />
      ) : null}
      {state.entries.length > 0 ? (
        <ul class="feed-list">
          {state.entries.map((entry) => (
            <li key={entry.id}>
              <FeedCard entry={entry} sitePattern={sitePattern} />
            </li>
          ))}
        </ul>
      ) : null}
      {state.moreError ? <ErrorLine error={state.moreError} /> : null}
      {ready && state.hasMore ? (
        <LoadMore
          onMore={() => (pager.state.moreError ? pager.retryNow() : pager.loadMore())}
          loading={state.phase === 'loading-more'}
          loaded={state.entries.length}
        />
      ) : null}
    </>
  );
}
