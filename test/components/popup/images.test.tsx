// @vitest-environment happy-dom
import { cleanup, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { FeedCard } from '@/components/popup/feed/FeedCard';
import { exchangeImage, ImageOrigins, imageOriginsOf } from '@/components/popup/feed/images';
import type { FeedEntry } from '@/lib/core/api/feed';
import { DEFAULT_SETTINGS } from '@/lib/core/settings/defaults';
import { fakeBackground, renderWith, services } from '../fakes';
import { entries, NOW } from '../fixtures';

const PATTERN = DEFAULT_SETTINGS.exchange.siteMarketPattern;
const ORIGINS = imageOriginsOf([DEFAULT_SETTINGS.exchange.apiUrl, PATTERN]);

afterEach(cleanup);

describe('feed images come only from the exchange', () => {
  it('keeps http(s) URLs of the API or the site, drops every other origin and scheme', () => {
    expect(ORIGINS).toEqual(['http://127.0.0.1:4010', 'http://127.0.0.1:4011']);
    expect(exchangeImage('http://127.0.0.1:4010/images/m.png', ORIGINS)).toBe(
      'http://127.0.0.1:4010/images/m.png',
    );
    for (const url of [
      'https://tracker.example/pixel.png?user=1',
      'http://127.0.0.1:9999/x.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'not a url',
      null,
    ]) {
      expect(exchangeImage(url, ORIGINS)).toBeNull();
    }
  });

  it('a card shows the placeholder instead of an image from elsewhere', async () => {
    const entry = entries.bought() as FeedEntry & {
      profile: { pfpUrl: string | null };
      subject: { imageUrl: string | null };
    };
    const foreign = {
      ...entry,
      profile: { ...entry.profile, pfpUrl: 'https://tracker.example/me.png' },
      subject: { ...entry.subject, imageUrl: 'http://127.0.0.1:4010/images/m.png' },
    } as FeedEntry;
    const s = services(fakeBackground({}).send);
    const { container } = renderWith(
      <ImageOrigins.Provider value={ORIGINS}>
        <FeedCard entry={foreign} sitePattern={PATTERN} now={NOW} />
      </ImageOrigins.Provider>,
      s.value,
    );
    // Images get their sources once the card is painted (components/common/lazy-image.tsx).
    await waitFor(() =>
      expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
        'http://127.0.0.1:4010/images/m.png',
      ]),
    );
    expect(container.querySelector('.avatar-empty')).not.toBeNull();
  });
});
