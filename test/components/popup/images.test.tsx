// @vitest-environment happy-dom
import { act, cleanup, render, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { FeedCard } from '../../../components/popup/feed/FeedCard';
import { exchangeImage, ImageOrigins, imageOriginsOf } from '../../../components/popup/images';
import { Popup } from '../../../components/popup/Popup';
import type { FeedEntry } from '../../../lib/core/api/feed';
import { Positions } from '../../../lib/core/api/portfolio';
import { DEFAULT_SETTINGS } from '../../../lib/core/settings/defaults';
import { fakeBackground, fakeStatePort, renderWith, services } from './fakes';
import { clobEntry, entries, NOW, positionsInput, snapshot } from './fixtures';

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

describe('position thumbnails come only from the exchange', () => {
  it('the popup loads a position’s image from the exchange’s API, never from another origin', async () => {
    const input = positionsInput();
    const own = clobEntry('sandbox-own', 'A market with its image on the exchange');
    const theirs = clobEntry('sandbox-theirs', 'A market with its image elsewhere');
    const clob = [
      { ...own, market: { ...own.market, image_url: 'http://127.0.0.1:4010/images/own.png' } },
      { ...theirs, market: { ...theirs.market, image_url: 'https://tracker.example/p.png?u=1' } },
    ];
    const port = fakeStatePort();
    const s = services(fakeBackground({}).send);
    const { container } = render(<Popup store={port.store} services={s.value} />);
    await act(() =>
      port.push(
        snapshot({
          portfolio: {
            positions: Positions.parse({ ...input, clob, amm: [], group: [] }),
            fetchedAt: NOW,
            error: null,
          },
        }),
      ),
    );
    const card = (title: string) => container.querySelector(`article[aria-label="${title}"]`);
    await waitFor(() =>
      expect(card(own.market.title)?.querySelector('img')?.getAttribute('src')).toBe(
        'http://127.0.0.1:4010/images/own.png',
      ),
    );
    expect(card(theirs.market.title)?.querySelector('img')).toBeNull();
    expect(card(theirs.market.title)?.querySelector('.thumb-empty')).not.toBeNull();
    expect(container.innerHTML).not.toContain('tracker.example');
  });
});
